package registry

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"mcpeek/internal/shellword"
)

// Launch is how to start a package: a program and its arguments, handed
// to the operating system as they are, never to a shell, so that a
// registry's "; rm -rf ~" or "$(...)" stays one argument, read as data by
// the server. Env is the server's environment beside what its runtime
// needs: in a sandbox it is all the server gets; without one it is added
// to the environment mcpeek was started with.
type Launch struct {
	Program string
	Args    []string
	Env     map[string]string
	// Secret names the Env entries that must never be printed.
	Secret map[string]bool
	// SecretArgs holds the indexes of Args that must never be printed.
	SecretArgs map[int]bool
	// Missing lists the required inputs with no value, e.g.
	// "argument <allowed_directory>", "environment API_KEY".
	Missing []string
	// Needs are the same inputs, with what asking for them takes.
	Needs []Need
	// Inherited names the declared environment variables whose values
	// come from mcpeek's own environment (in Env, as secrets): those the
	// entry marks secret, and those the user confirmed.
	Inherited []string
	// Withheld names the declared environment variables that mcpeek's
	// environment sets and the entry does not mark secret: they are not
	// passed unless the user confirms them, by giving the value mcpeek's
	// environment holds (--registry-input NAME, or the prompt's yes). A
	// required one is also in Needs, with Inherit set.
	Withheld []string
	// DataPaths names the optional environment variables of format
	// "filepath" left unset: a sandboxed run points them into the
	// server's data directory, where it may write.
	DataPaths []string
	// Kind is the package's registry type: npm, pypi, oci, nuget, mcpb.
	Kind string
	// Inputs are the values the user gave, kept for an mcpb bundle's
	// user_config, read once it is unpacked.
	Inputs map[string]string
	// Identifier and Version are the package's; FileSHA256 an mcpb
	// bundle's checksum, in lower-case hex.
	Identifier, Version, FileSHA256 string
	// head is how many of Args start the package (npx's "-y ID@VERSION"):
	// the package arguments follow.
	head int
}

// Replace returns l with program and head in place of the runtime and
// its options: the same package arguments, run another way (the
// package's own command, installed beforehand; docker with the
// sandbox's options).
func (l Launch) Replace(program string, head ...string) Launch {
	head = slices.Clone(head)
	out := l
	out.Program, out.head = program, len(head)
	out.Args = append(slices.Clone(head), l.Args[l.head:]...)
	out.SecretArgs = map[int]bool{}
	for i := range l.SecretArgs {
		out.SecretArgs[i-l.head+len(head)] = true
	}
	return out
}

// ErrNotRunnable is why a package cannot be started by this version.
var ErrNotRunnable = errors.New("cannot be started by mcpeek")

// npmName is a package name npm accepts, scoped or not, that cannot be
// read as an option ("-..."), a path ("../", "./") or a URL.
var npmName = regexp.MustCompile(`^(@[a-z0-9~][a-z0-9._~-]*/)?[a-z0-9~][a-z0-9._~-]*$`)

// pypiName is a PyPI project name (PEP 508's): letters, digits, ".", "_"
// and "-", starting and ending with a letter or digit.
var pypiName = regexp.MustCompile(`^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?$`)

// nugetName is a NuGet package id: dotted or dashed words.
var nugetName = regexp.MustCompile(`^[A-Za-z0-9_]+([.-][A-Za-z0-9_]+)*$`)

// ociName is an image reference: an optional registry host (with a
// port), slash-separated lower-case path components, an optional tag and
// an optional digest. It cannot start with "-".
var ociName = regexp.MustCompile(`^[a-z0-9]+([._-][a-z0-9]+)*(:[0-9]+)?(/[a-z0-9]+([._-]+[a-z0-9]+)*)*(:[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?(@sha256:[a-f0-9]{64})?$`)

// sha256Hex is a SHA-256 written in hex.
var sha256Hex = regexp.MustCompile(`^[a-fA-F0-9]{64}$`)

// exactVersion is one version, not a range, a tag or an option.
var exactVersion = regexp.MustCompile(`^[0-9A-Za-z][0-9A-Za-z.+_-]*$`)

// Runtimes are the programs that start each package type, as Launch
// writes them (without a sandbox), and what to install to have them.
var Runtimes = map[string]struct{ Program, Install string }{
	"npm":   {"npx", "Node.js with npm (https://nodejs.org, apt-get install nodejs npm)"},
	"pypi":  {"uvx", "uv (https://docs.astral.sh/uv/, pipx install uv)"},
	"oci":   {"docker", "Docker (https://docs.docker.com/engine/install/) or Podman (apt-get install podman)"},
	"nuget": {"dnx", "the .NET 10 SDK, which has dnx (https://dotnet.microsoft.com/download)"},
	"mcpb":  {"", "the bundle's own runtime (node, python3 or uv, as its manifest says)"},
}

// Launch resolves p to a command, for each package type:
//
//   - npm: npx -y IDENTIFIER@VERSION ARGUMENTS...
//   - pypi: uvx IDENTIFIER@VERSION ARGUMENTS... (uvx's form for one exact
//     version; the package's command named as the package runs)
//   - nuget: dnx IDENTIFIER@VERSION --yes -- ARGUMENTS...
//   - oci: docker run -i --rm -e NAME... IMAGE[:VERSION] ARGUMENTS...; an
//     environment variable is passed by name, its value through the
//     environment of docker itself, never on the command line
//   - mcpb: no program yet (Program is ""): the bundle at the URL
//     Identifier, checked against FileSHA256, says how it starts once
//     unpacked (see BundleCommand); Args holds the package arguments alone.
//
// Every identifier and version is checked to be one name and one exact
// version that cannot be read as an option, a path or a URL (an mcpb's
// identifier is an https URL, its fileSha256 required). Runtime
// arguments are options of the runtime itself (npx's --call runs shell
// text; docker's -v, --privileged or --network undo its isolation): they
// are refused, except an oci package's -e/--env NAME=VALUE, taken as an
// environment variable. values holds what the user gave, keyed by an
// argument's valueHint or name, an environment variable's name or a
// {variable}'s name; lookupEnv reports what mcpeek's own environment
// already sets (the server inherits it). Required inputs without a value
// are listed in Missing, not an error, so a caller can ask for them all.
func (p Package) Launch(values map[string]string, lookupEnv func(string) (string, bool)) (Launch, error) {
	if t := p.Transport.Type; t != "stdio" && t != "" {
		return Launch{}, fmt.Errorf("a package speaking %q %w: only stdio ones are", t, ErrNotRunnable)
	}
	head, err := p.head()
	if err != nil {
		return Launch{}, err
	}
	env := p.EnvironmentVariables
	if len(p.RuntimeArguments) > 0 {
		if env, err = p.runtimeEnv(); err != nil {
			return Launch{}, err
		}
	}
	if lookupEnv == nil {
		lookupEnv = func(string) (string, bool) { return "", false }
	}
	l := Launch{Program: Runtimes[p.RegistryType].Program, Args: head, head: len(head), Kind: p.RegistryType,
		Identifier: p.Identifier, Version: p.Version, FileSHA256: strings.ToLower(p.FileSHA256),
		Env: map[string]string{}, Secret: map[string]bool{}, SecretArgs: map[int]bool{}}
	for _, a := range p.PackageArguments {
		key, label := a.ValueHint, "argument <"+a.ValueHint+">"
		if a.Type == "named" {
			key, label = a.Name, "argument "+a.Name
		}
		v, ok, missing := resolve(a.Input, key, values)
		l.Needs = append(l.Needs, missing...)
		switch {
		case !ok && a.IsRequired:
			l.Needs = append(l.Needs, need(key, label, a.Input))
		case !ok:
		case a.Type == "named":
			l.Args = append(l.Args, a.Name, v)
		default:
			l.Args = append(l.Args, v)
		}
		if ok && secret(a.Input) {
			l.SecretArgs[len(l.Args)-1] = true
		}
	}
	for _, e := range env {
		if !envName.MatchString(e.Name) {
			return Launch{}, fmt.Errorf("%q is not an environment variable's name: %w", e.Name, ErrNotRunnable)
		}
		if LoaderVariable(e.Name) {
			return Launch{}, fmt.Errorf("%s declares the environment variable %s, which changes how programs load or run: mcpeek does not pass it: %w", p.Identifier, e.Name, ErrNotRunnable)
		}
		v, ok, missing := resolve(e.Input, e.Name, values)
		l.Needs = append(l.Needs, missing...)
		mine, set := lookupEnv(e.Name)
		switch {
		case ok && set && v == mine && values[e.Name] == v:
			// The user's own value, confirmed: named, never printed.
			l.Inherited = append(l.Inherited, e.Name)
			l.Env[e.Name], l.Secret[e.Name] = v, true
			continue
		case ok:
		case set && secret(e.Input):
			l.Inherited = append(l.Inherited, e.Name)
			l.Env[e.Name], l.Secret[e.Name] = mine, true
			continue
		case set:
			l.Withheld = append(l.Withheld, e.Name)
			if e.IsRequired {
				n := need(e.Name, "environment "+e.Name, e.Input)
				n.Inherit = true
				l.Needs = append(l.Needs, n)
			}
			continue
		case e.IsRequired:
			l.Needs = append(l.Needs, need(e.Name, "environment "+e.Name, e.Input))
			continue
		default:
			if e.Format == "filepath" {
				l.DataPaths = append(l.DataPaths, e.Name)
			}
			continue
		}
		l.Env[e.Name] = v
		l.Secret[e.Name] = secret(e.Input)
	}
	l.Missing = labels(l.Needs)
	if l.Kind == "mcpb" {
		l.Inputs = maps.Clone(values)
	}
	if l.Kind == "oci" {
		// docker passes each variable by name, its value from docker's own
		// environment: the image name follows the options.
		var opts []string
		for _, n := range sortedKeys(l.Env) {
			opts = append(opts, "-e", n)
		}
		l = l.Replace("docker", append(append([]string{"run", "-i", "--rm"}, opts...), l.Args[l.head-1])...)
	}
	return l, nil
}

// envName is a name an environment variable may have.
var envName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// head checks p's identifier and version and returns what starts the
// package, before its arguments.
func (p Package) head() ([]string, error) {
	id, v := p.Identifier, p.Version
	exact := func() error {
		if !exactVersion.MatchString(v) || v == "latest" {
			return fmt.Errorf("%s: %q is not one exact version: %w", id, v, ErrNotRunnable)
		}
		return nil
	}
	switch p.RegistryType {
	case "npm":
		if !npmName.MatchString(id) || strings.Contains(id, "..") {
			return nil, fmt.Errorf("%q is not an npm package name: %w", id, ErrNotRunnable)
		}
		return []string{"-y", id + "@" + v}, exact()
	case "pypi":
		if !pypiName.MatchString(id) || strings.Contains(id, "..") {
			return nil, fmt.Errorf("%q is not a PyPI package name: %w", id, ErrNotRunnable)
		}
		return []string{id + "@" + v}, exact()
	case "nuget":
		if !nugetName.MatchString(id) {
			return nil, fmt.Errorf("%q is not a NuGet package id: %w", id, ErrNotRunnable)
		}
		return []string{id + "@" + v, "--yes", "--"}, exact()
	case "oci":
		image := id
		if !ociName.MatchString(id) || strings.Contains(id, "..") {
			return nil, fmt.Errorf("%q is not an image reference: %w", id, ErrNotRunnable)
		}
		if last := id[strings.LastIndexByte(id, '/')+1:]; v != "" && !strings.ContainsAny(last, ":@") {
			if err := exact(); err != nil {
				return nil, err
			}
			image += ":" + v
		} else if !strings.ContainsAny(last, ":@") {
			return nil, fmt.Errorf("%s: an image without a tag, a digest or a version: %w", id, ErrNotRunnable)
		}
		return []string{image}, nil
	case "mcpb":
		u, err := url.Parse(id)
		if err != nil || u.Scheme != "https" || u.Host == "" || u.User != nil {
			return nil, fmt.Errorf("%q is not an https URL of a bundle: %w", id, ErrNotRunnable)
		}
		if !sha256Hex.MatchString(p.FileSHA256) {
			return nil, fmt.Errorf("%s: no fileSha256 to check the bundle against: %w", id, ErrNotRunnable)
		}
		return nil, nil
	}
	return nil, fmt.Errorf("a %q package %w: npm, pypi, oci, nuget and mcpb ones are", p.RegistryType, ErrNotRunnable)
}

// runtimeEnv reads an oci package's runtime arguments, of which only
// -e/--env NAME=VALUE is taken (as an environment variable, appended to
// p's); any other runtime argument, of any package type, is refused.
func (p Package) runtimeEnv() ([]KeyValueInput, error) {
	env := slices.Clone(p.EnvironmentVariables)
	for _, a := range p.RuntimeArguments {
		if p.RegistryType != "oci" || a.Type != "named" || (a.Name != "-e" && a.Name != "--env") {
			return nil, fmt.Errorf("%s asks for options of %s itself (runtimeArguments, here %q), which mcpeek does not pass: they can run shell commands or undo the isolation: %w",
				p.Identifier, cmp.Or(Runtimes[p.RegistryType].Program, "its runtime"), cmp.Or(a.Name, a.Value), ErrNotRunnable)
		}
		name, value, ok := strings.Cut(a.Value, "=")
		if !ok || !envName.MatchString(name) {
			return nil, fmt.Errorf("%s: runtime argument %s %q is not NAME=VALUE: %w", p.Identifier, a.Name, a.Value, ErrNotRunnable)
		}
		// The value, with its {variables}, is the publisher's; NAME= with
		// no value is an input the user gives.
		in := a.Input
		in.Value = value
		env = append(env, KeyValueInput{Name: name, Input: in})
	}
	return env, nil
}

// Need is a required input with no value: Key is what --registry-input
// and the values of Launch and Endpoint call it (an argument's value hint
// or name, a variable's, environment variable's or header's name), Label
// how to name it to the user ("argument <allowed_directory>").
type Need struct {
	Key, Label, Description string
	Secret                  bool
	Choices                 []string
	// Path says that the value is a path of this machine (format
	// "filepath"), which a sandboxed server sees only where it is shown.
	Path bool
	// Inherit says that mcpeek's environment sets the variable Key: the
	// input is the user's yes to passing it.
	Inherit bool
}

func need(key, label string, in Input) Need {
	return Need{Key: key, Label: label, Description: in.Description, Secret: in.IsSecret, Choices: in.Choices, Path: in.Format == "filepath"}
}

func labels(needs []Need) []string {
	var out []string
	for _, n := range needs {
		out = append(out, n.Label)
	}
	return out
}

// secret reports whether an input's value is a secret or holds one.
func secret(in Input) bool {
	if in.IsSecret {
		return true
	}
	for _, v := range in.Variables {
		if v.IsSecret {
			return true
		}
	}
	return false
}

// resolve finds an input's value: the publisher's fixed value with its
// {variables} filled, else the user's, else the default. missing lists
// the required variables no one gave.
func resolve(in Input, key string, values map[string]string) (v string, ok bool, missing []Need) {
	switch {
	case in.Value != "":
		v, missing = fill(in.Value, in.Variables, values)
		return v, true, missing
	case key != "" && values[key] != "":
		return values[key], true, nil
	case in.Default != "":
		return in.Default, true, nil
	}
	return "", false, nil
}

// templateVar is a {name} in a value.
var templateVar = regexp.MustCompile(`\{([A-Za-z_][A-Za-z0-9_]*)\}`)

// fill replaces each {name} of a value with the variable's value: the
// user's, else the publisher's, else its default. A name with no variable
// stays as written, as the schema says.
func fill(value string, vars map[string]Input, values map[string]string) (string, []Need) {
	var missing []Need
	out := templateVar.ReplaceAllStringFunc(value, func(m string) string {
		name := m[1 : len(m)-1]
		in, declared := vars[name]
		switch {
		case values[name] != "":
			return values[name]
		case !declared:
			return m
		case in.Value != "":
			return in.Value
		case in.Default != "":
			return in.Default
		case in.IsRequired:
			missing = append(missing, need(name, "variable {"+name+"}", in))
		}
		return m
	})
	return out, missing
}

// CommandLine shows l for a person: each argument quoted when it is not
// plain, secret environment values masked. It is for reading only: l is
// never run through a shell.
func (l Launch) CommandLine() string {
	var b strings.Builder
	for _, name := range sortedKeys(l.Env) {
		v := l.Env[name]
		if l.Secret[name] {
			v = "***"
		}
		b.WriteString(quote(name + "=" + v))
		b.WriteByte(' ')
	}
	if l.Program == "" { // a bundle not yet unpacked
		b.WriteString("(the command of the bundle " + quote(l.Identifier) + ")")
	} else {
		b.WriteString(quote(l.Program))
	}
	for i, a := range l.Args {
		if l.SecretArgs[i] {
			a = "***"
		}
		b.WriteByte(' ')
		b.WriteString(quote(a))
	}
	return b.String()
}

// quote shows an argument in single quotes unless it is plain.
func quote(s string) string { return shellword.Quote(s) }

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Endpoint is how to reach a remote: its URL with the template filled,
// and the headers to send.
type Endpoint struct {
	Type    string // streamable-http or sse
	URL     string
	Shown   string // URL for printing: the template when a secret fills it
	Headers map[string]string
	// Secret names the headers whose values must never be printed.
	Secret  map[string]bool
	Missing []string // required variables and headers with no value
	Needs   []Need   // the same, with what asking for them takes
}

// Endpoint fills a remote's URL template and headers from values (keyed
// by variable or header name), the publisher's fixed values and defaults.
func (t Transport) Endpoint(values map[string]string) (Endpoint, error) {
	if t.Type != "streamable-http" && t.Type != "sse" {
		return Endpoint{}, fmt.Errorf("a remote speaking %q %w: only streamable-http and sse ones are", t.Type, ErrNotRunnable)
	}
	url, missing := fill(t.URL, t.Variables, values)
	e := Endpoint{Type: t.Type, URL: url, Headers: map[string]string{}, Secret: map[string]bool{}, Needs: missing, Shown: url}
	for _, v := range t.Variables {
		if v.IsSecret {
			e.Shown = t.URL // the template: a secret is part of the URL
		}
	}
	for _, h := range t.Headers {
		v, ok, missing := resolve(h.Input, h.Name, values)
		e.Needs = append(e.Needs, missing...)
		switch {
		case ok:
			e.Headers[h.Name] = v
			e.Secret[h.Name] = secret(h.Input)
		case h.IsRequired:
			e.Needs = append(e.Needs, need(h.Name, "header "+h.Name, h.Input))
		}
	}
	e.Missing = labels(e.Needs)
	if len(e.Missing) == 0 && !strings.HasPrefix(url, "https://") && !strings.HasPrefix(url, "http://") {
		return Endpoint{}, fmt.Errorf("the remote's URL %q is not an http:// or https:// URL: %w", url, ErrNotRunnable)
	}
	return e, nil
}

// Secrets are the secret inputs of p, by the keys Launch reads them under:
// secret arguments, environment variables and {variables}.
func (p Package) Secrets() []Need {
	var out []Need
	for _, a := range p.PackageArguments {
		key := a.ValueHint
		if a.Type == "named" {
			key = a.Name
		}
		out = append(out, secretNeeds(key, "argument "+key, a.Input)...)
	}
	for _, e := range p.EnvironmentVariables {
		out = append(out, secretNeeds(e.Name, "environment "+e.Name, e.Input)...)
	}
	return out
}

// Secrets are the secret inputs of t, a remote: its secret {variables}
// and headers.
func (t Transport) Secrets() []Need {
	var out []Need
	for _, name := range sortedKeys(inputNames(t.Variables)) {
		if in := t.Variables[name]; in.IsSecret {
			out = append(out, need(name, "variable {"+name+"}", in))
		}
	}
	for _, h := range t.Headers {
		out = append(out, secretNeeds(h.Name, "header "+h.Name, h.Input)...)
	}
	return out
}

// secretNeeds is the input itself when it is secret and has no fixed
// value, and its secret {variables}.
func secretNeeds(key, label string, in Input) []Need {
	var out []Need
	if in.IsSecret && in.Value == "" {
		out = append(out, need(key, label, in))
	}
	for _, name := range sortedKeys(inputNames(in.Variables)) {
		if v := in.Variables[name]; v.IsSecret {
			out = append(out, need(name, "variable {"+name+"}", v))
		}
	}
	return out
}

func inputNames(m map[string]Input) map[string]string {
	out := make(map[string]string, len(m))
	for k := range m {
		out[k] = k
	}
	return out
}

// PackageArgs are the package's own arguments, after what starts it.
func (l Launch) PackageArgs() []string { return l.Args[l.head:] }

// LoaderVariable reports whether an environment variable named name
// changes how a program loads or runs (LD_PRELOAD, NODE_OPTIONS,
// PYTHONPATH, BASH_ENV, ...): a registry entry or a bundle that sets one
// could run its own code in the programs that start the server, or in
// programs of the user's later (in a client's config). mcpeek refuses
// them.
func LoaderVariable(name string) bool {
	for _, prefix := range []string{"LD_", "DYLD_", "BASH_FUNC_", "GCONV_", "MALLOC_", "CORECLR_", "COR_", "DOTNET_STARTUP"} {
		if strings.HasPrefix(name, prefix) {
			return true
		}
	}
	if strings.HasPrefix(strings.ToLower(name), "npm_config_") {
		return true // npm reads them in any case: node-options, script-shell
	}
	switch name {
	case "PATH", "NODE_OPTIONS", "NODE_PATH", "NODE_REPL_EXTERNAL_MODULE",
		"PYTHONPATH", "PYTHONSTARTUP", "PYTHONHOME", "PYTHONUSERBASE", "PYTHONINSPECT", "PYTHONWARNINGS", "PYTHONBREAKPOINT", "PYTHONEXECUTABLE",
		"BASH_ENV", "ENV", "SHELLOPTS", "BASHOPTS", "PS4", "PROMPT_COMMAND", "IFS",
		"PERL5OPT", "PERL5LIB", "PERLLIB", "PERL5DB", "RUBYOPT", "RUBYLIB",
		"JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "CLASSPATH",
		"GLIBC_TUNABLES", "HOSTALIASES", "LOCPATH", "NLSPATH":
		return true
	}
	return false
}

// InputKeys are the keys under which s takes inputs (the keys of
// Launch's and Endpoint's values), of all its packages and remotes: each
// argument's value hint or name, each environment variable's and
// header's name, each {variable}'s name. An MCPB bundle takes more, its
// manifest's user_config, known once it is unpacked: bundle is then true.
func (s Server) InputKeys() (keys map[string]bool, bundle bool) {
	keys = map[string]bool{}
	add := func(key string, in Input) {
		if key != "" {
			keys[key] = true
		}
		for name, v := range in.Variables {
			keys[name] = true
			for inner := range v.Variables {
				keys[inner] = true
			}
		}
	}
	for _, p := range s.Packages {
		bundle = bundle || p.RegistryType == "mcpb"
		for _, a := range slices.Concat(p.PackageArguments, p.RuntimeArguments) {
			key := a.ValueHint
			if a.Type == "named" {
				key = a.Name
			}
			add(key, a.Input)
		}
		for _, e := range p.EnvironmentVariables {
			add(e.Name, e.Input)
		}
		if env, err := p.runtimeEnv(); err == nil {
			for _, e := range env {
				add(e.Name, e.Input)
			}
		}
	}
	for _, r := range s.Remotes {
		add("", Input{Variables: r.Variables})
		for _, h := range r.Headers {
			add(h.Name, h.Input)
		}
	}
	return keys, bundle
}

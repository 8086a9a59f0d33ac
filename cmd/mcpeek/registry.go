package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mcpeek/internal/plural"
	"net/http"
	"os"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"

	"mcpeek/mcpclient"
	"mcpeek/mcpclient/elicitline"
	"mcpeek/mcpclient/registry"
	"mcpeek/mcpclient/registry/sandbox"
	"mcpeek/model"
)

// registryFlags are the flags of the registry commands, and the global
// ones that run a server of the registry.
type registryFlags struct {
	url     string
	offline bool
	maxAge  time.Duration
	server  string   // --registry-server NAME[@VERSION]
	inputs  []string // --registry-input KEY=VALUE
	// allowNet gives a sandboxed server the network; noSandbox runs it
	// without a sandbox.
	allowNet, noSandbox bool
	// bundleClient downloads MCPB bundles (nil: the default client).
	bundleClient *http.Client
	// tried marks the server as tried (mcpeek try) where it is shown.
	tried bool
	// ask, when mcpeek try may ask on the terminal, asks for the inputs a
	// server still needs.
	ask func([]registry.Need) (elicitline.Answers, error)
	// binds are the folders shown to a sandboxed server: --bind, and
	// those the user agreed to show when asked.
	binds []sandbox.Bind
	// resolved is the config once made: try makes it before the explorer
	// opens, with stderr on the screen.
	resolved *mcpclient.Config
}

// addFlags adds the global registry flags to root.
func (f *registryFlags) addFlags(root *cobra.Command) {
	f.maxAge = registry.DefaultMaxAge
	root.PersistentFlags().StringVar(&f.url, "registry", "",
		"Base URL of the MCP Registry, a sub-registry serving the same API (default $"+RegistryEnv+", else \"registry\" in ~/.config/mcpeek/settings.json, else "+registry.DefaultURL+")")
	root.PersistentFlags().StringVar(&f.server, "registry-server", "",
		"Use only this server of the registry, NAME[@VERSION], named by the last part of its name (instead of a config); its package is installed and runs in a sandbox")
	root.PersistentFlags().StringArrayVar(&f.inputs, "registry-input", nil,
		"A value for the --registry-server's inputs, KEY=VALUE: an argument's name or value hint, an environment variable, a header or a {variable}; a bare NAME passes that variable of your environment (repeatable)")
	root.PersistentFlags().BoolVar(&f.allowNet, "allow-net", false,
		"Let a registry server's package use the network from its sandbox")
	root.PersistentFlags().Var(bindFlag{&f.binds}, "bind",
		"Show a folder of yours to a registry server's sandbox at its own path, read-only; DIR:rw lets it write there (repeatable)")
	root.PersistentFlags().BoolVar(&f.noSandbox, "no-sandbox", false,
		"Run a registry server's package without a sandbox, as you: it can read and write your files and use the network")
}

// preparer readies the packages of registry servers as the flags ask.
func (f registryFlags) preparer() registry.Preparer {
	return registry.Preparer{AllowNet: f.allowNet, BundleClient: f.bundleClient, NoSandbox: f.noSandbox, Binds: f.binds}
}

// browser is the registry the flags name, through the cache.
func (f registryFlags) browser() (*registry.Browser, error) {
	url, from, err := f.registryURL()
	if err != nil {
		return nil, err
	}
	c, err := registry.NewClient(url, nil)
	if err != nil {
		return nil, usageError("%s: %v", from, errors.Unwrap(err))
	}
	if f.maxAge < 0 {
		return nil, usageError("--max-age must not be negative")
	}
	b := &registry.Browser{Client: c, MaxAge: f.maxAge, Offline: f.offline}
	if dir, err := registry.DefaultCacheDir(); err == nil {
		b.Cache = registry.OpenCache(dir)
	} else if f.offline {
		return nil, err
	}
	return b, nil
}

func (a *app) registryCommand() *cobra.Command {
	f := &a.registry
	cmd := &cobra.Command{
		Use:   "registry",
		Short: "Browse the MCP Registry: search it, show a server's packages, remotes and inputs",
		Long: "The registry commands read the official MCP Registry, or the sub-registry that\n" +
			"--registry names, through its read-only API. Answers are kept in\n" +
			"$XDG_CACHE_HOME/mcpeek/registry: an answer younger than --max-age is used as it is,\n" +
			"an older search is brought up to date with the entries updated since, and when the\n" +
			"registry cannot be reached the cached answer is shown with its age.\n\n" +
			"To look at a server of the registry, run mcpeek try NAME, or give --registry-server\n" +
			"NAME to any command that works on servers (tools, summary, lint, snapshot, ...).\n" +
			"A package is installed into a directory of its own and runs in a sandbox\n" +
			"(docs/registry.md says what it enforces); --no-sandbox runs it as you.",
		Args: cobra.NoArgs,
	}
	cmd.PersistentFlags().BoolVar(&f.offline, "offline", false, "Answer from the cache alone, never asking the registry")
	cmd.PersistentFlags().DurationVar(&f.maxAge, "max-age", registry.DefaultMaxAge, "Use a cached answer younger than this without asking the registry (0: always ask)")
	cmd.AddCommand(a.registrySearchCommand(f), a.registryShowCommand(f), a.registryVersionsCommand(f))
	return cmd
}

func (a *app) registrySearchCommand(f *registryFlags) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "search [QUERY]",
		Short: "List the servers whose registry name holds QUERY (all of them without one), latest versions",
		Example: "  mcpeek registry search filesystem\n" +
			"  mcpeek registry search io.github.modelcontextprotocol --json",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			b, err := f.browser()
			if err != nil {
				return err
			}
			query := ""
			if len(args) == 1 {
				query = args[0]
			}
			r, err := b.Search(cmd.Context(), query)
			if err != nil {
				return err
			}
			a.noteFreshness(b, r.Freshness)
			if r.Stopped.Cut() {
				a.warn(r.Stopped.String() + ": narrow the search")
			}
			a.noteProblems(r.Problems)
			if asJSON {
				return writeEntriesJSON(a, r.Entries)
			}
			a.printer().registryTable(r.Entries)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "Print the registry's entries whole, a JSON array of {server, _meta}")
	return cmd
}

func (a *app) registryShowCommand(f *registryFlags) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "show NAME|NAME@VERSION",
		Short: "Show a server of the registry: its packages, remotes, arguments and the inputs it needs",
		Example: "  mcpeek registry show io.github.modelcontextprotocol/server-everything\n" +
			"  mcpeek registry show io.github.modelcontextprotocol/server-memory@2026.8.31 --json",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			name, version := registry.SplitRef(args[0])
			if err := registry.CheckName(name); err != nil {
				return usageError("%v", err)
			}
			b, err := f.browser()
			if err != nil {
				return err
			}
			e, fresh, err := b.Show(cmd.Context(), name, version)
			if errors.Is(err, registry.ErrNotFound) {
				return notInRegistry(cmd.Context(), b, name, err)
			}
			if err != nil {
				return err
			}
			a.noteFreshness(b, fresh)
			if asJSON {
				return writeSafeJSON(a, e.Raw)
			}
			a.printer().registryEntry(e)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "Print the registry's entry whole, {server, _meta}, as it was sent")
	return cmd
}

func (a *app) registryVersionsCommand(f *registryFlags) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:     "versions NAME",
		Short:   "List every version of a server of the registry, newest first, with its status",
		Example: "  mcpeek registry versions io.github.modelcontextprotocol/server-memory",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := registry.CheckName(args[0]); err != nil {
				return usageError("%v", err)
			}
			b, err := f.browser()
			if err != nil {
				return err
			}
			es, fresh, err := b.Versions(cmd.Context(), args[0])
			if errors.Is(err, registry.ErrNotFound) {
				return notInRegistry(cmd.Context(), b, args[0], err)
			}
			if err != nil {
				return err
			}
			a.noteFreshness(b, fresh)
			if asJSON {
				return writeEntriesJSON(a, es)
			}
			p := a.printer()
			for _, e := range es {
				o := e.Meta.Official
				line := pad(clean(e.Server.Version), versionColumn) + "  " + clean(o.Status)
				if o.IsLatest {
					line += ", latest"
				}
				p.println(strings.TrimRight(line+dated("; published ", o.PublishedAt), " "))
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "Print the registry's entries whole, a JSON array of {server, _meta}")
	return cmd
}

// noteFreshness says on stderr when an answer came from the cache because
// the registry could not be reached, or was asked not to be (--offline),
// and how old it is.
func (a *app) noteFreshness(b *registry.Browser, f registry.Freshness) {
	age := ago(time.Since(f.FetchedAt))
	switch {
	case f.Unreachable != nil:
		a.warn(fmt.Sprintf("the registry could not be reached (%v): showing the cached answer from %s", f.Unreachable, age))
	case b.Offline:
		a.note("offline: showing the cached answer from " + age)
	}
}

// noteProblems names on stderr the entries left out because they could
// not be read.
func (a *app) noteProblems(problems []registry.Problem) {
	const shown = 3
	for i, p := range problems {
		if i == shown {
			a.warn(fmt.Sprintf("and %d more entries left out", len(problems)-shown))
			break
		}
		a.warn("an entry could not be read and is left out: " + p.String())
	}
}

// ago says how long ago d was, in the largest whole unit.
func ago(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return plural.Count(int(d/time.Minute), "minute", "minutes") + " ago"
	case d < 48*time.Hour:
		return plural.Count(int(d/time.Hour), "hour", "hours") + " ago"
	}
	return plural.Count(int(d/(24*time.Hour)), "day", "days") + " ago"
}

// writeEntriesJSON prints entries as the registry sent them, a JSON array
// indented as writeSafeJSON writes one, an entry at a time: a listing
// may be tens of MiB, and is not copied whole again to be printed.
func writeEntriesJSON(a *app, entries []registry.Entry) error {
	if len(entries) == 0 {
		_, err := io.WriteString(a.stdout, "[]\n")
		return err
	}
	w := bufio.NewWriter(a.stdout)
	w.WriteString("[\n")
	var buf bytes.Buffer
	for i, e := range entries {
		buf.Reset()
		if err := json.Indent(&buf, bytes.TrimSpace(e.Raw), "  ", "  "); err != nil {
			return err
		}
		w.WriteString("  ")
		w.Write(safeJSON(buf.Bytes()))
		if i < len(entries)-1 {
			w.WriteByte(',')
		}
		w.WriteByte('\n')
	}
	w.WriteString("]\n")
	return w.Flush()
}

// writeSafeJSON prints JSON from a registry indented, with the characters
// a terminal would act on escaped (safeJSON).
func writeSafeJSON(a *app, raw []byte) error {
	var buf bytes.Buffer
	if err := json.Indent(&buf, raw, "", "  "); err != nil {
		return err
	}
	_, err := a.stdout.Write(append(safeJSON(buf.Bytes()), '\n'))
	return err
}

// safeJSON is JSON text with the characters a terminal would act on
// escaped: JSON forbids raw C0 controls in strings but not DEL, the C1
// controls (U+009B starts a sequence on some terminals) or the invisible
// characters Sanitize drops, so those are written as \u escapes, which
// read back as the same string.
func safeJSON(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		// An invalid byte decodes as U+FFFD, and is written so.
		if r == 0x7f || (r >= 0x80 && model.Sanitize(string(r)) == "") || r == utf8.RuneError && size == 1 {
			out = fmt.Appendf(out, `\u%04x`, r)
		} else {
			out = append(out, b[i:i+size]...)
		}
		i += size
	}
	return out
}

// The widest columns of the search table; longer cells are cut with "…".
const (
	nameColumn    = 56
	versionColumn = 20
	kindColumn    = 20
	descColumn    = 72
)

// registryTable prints one line per server: name, version, kinds, whether
// it needs a secret, the first line of its description.
func (p printer) registryTable(entries []registry.Entry) {
	if len(entries) == 0 {
		p.println("no server found")
		return
	}
	nameW, versionW, kindW := len("NAME"), len("VERSION"), len("KIND")
	for _, e := range entries {
		nameW = max(nameW, min(nameColumn, ansi.StringWidth(clean(e.Server.Name))))
		versionW = max(versionW, min(versionColumn, ansi.StringWidth(clean(e.Server.Version))))
		kindW = max(kindW, min(kindColumn, ansi.StringWidth(clean(strings.Join(e.Server.Kinds(), ",")))))
	}
	row := func(name, version, kind, secret, desc string) string {
		return strings.TrimRight(pad(name, nameW)+"  "+pad(version, versionW)+"  "+pad(kind, kindW)+"  "+pad(secret, 6)+"  "+cut(desc, descColumn), " ")
	}
	p.println(p.head.Render(row("NAME", "VERSION", "KIND", "SECRET", "DESCRIPTION")))
	for _, e := range entries {
		s := e.Server
		secret := ""
		if s.NeedsSecret() {
			secret = "yes"
		}
		desc, _, _ := strings.Cut(s.Description, "\n")
		p.println(row(clean(s.Name), clean(s.Version), clean(strings.Join(s.Kinds(), ",")), secret, clean(desc)))
	}
	p.println(p.faint.Render(plural.Count(len(entries), "server", "servers") + " (mcpeek registry show NAME for its packages and inputs)"))
}

// cut shortens s to w cells, ending it with "…" when it was longer.
func cut(s string, w int) string { return ansi.Truncate(s, w, "…") }

// pad cuts s to w cells and fills it to w with spaces.
func pad(s string, w int) string {
	s = cut(s, w)
	return s + strings.Repeat(" ", max(0, w-ansi.StringWidth(s)))
}

// maxShownDescription caps the description `registry show` prints: a
// registry's schema allows 100 characters, and a hostile entry may hold
// megabytes.
const maxShownDescription = 2000

// registryEntry prints a server of the registry: what it is, where its
// source is, and for each package and remote how it runs and what it asks.
func (p printer) registryEntry(e registry.Entry) {
	s := e.Server
	p.println(p.path.Render(clean(s.Name)) + "  " + clean(s.Version))
	if s.Title != "" {
		p.println("  " + p.head.Render(clean(s.Title)))
	}
	desc := model.Sanitize(s.Description)
	if n := utf8.RuneCountInString(desc); n > maxShownDescription {
		desc = string([]rune(desc)[:maxShownDescription]) + fmt.Sprintf("… (%d more characters: --json shows all)", n-maxShownDescription)
	}
	for _, l := range strings.Split(desc, "\n") {
		p.println("  " + clean(l))
	}
	if o := e.Meta.Official; o.Status != "" {
		status := clean(o.Status)
		if o.IsLatest {
			status += ", latest"
		}
		if o.StatusMessage != "" {
			status += ": " + clean(o.StatusMessage)
		}
		p.println("  status: " + status + dated("; published ", o.PublishedAt) + dated(", updated ", o.UpdatedAt))
	}
	if r := s.Repository; r != nil && r.URL != "" {
		where := clean(r.URL)
		if r.Subfolder != "" {
			where += " (" + clean(r.Subfolder) + ")"
		}
		p.println("  repository: " + where)
	}
	if s.WebsiteURL != "" {
		p.println("  website: " + clean(s.WebsiteURL))
	}
	if problems := s.Problems(); len(problems) > 0 {
		p.println(p.fold.Render("  departs from the server.json schema:"))
		for _, pr := range problems {
			p.println(p.fold.Render("    " + clean(pr)))
		}
	}
	if len(s.Packages) == 0 && len(s.Remotes) == 0 {
		p.println(p.faint.Render("  no packages and no remotes: nothing to run"))
	}
	for _, pk := range s.Packages {
		p.registryPackage(pk)
	}
	for _, r := range s.Remotes {
		p.println("")
		p.println(p.head.Render("remote "+clean(r.Type)) + " " + p.path.Render(clean(r.URL)))
		p.inputs("variables", variableInputs(r.Variables))
		p.inputs("headers", keyValueInputs(r.Headers))
	}
}

// dated is prefix and the date of an RFC 3339 time, or "" without one.
func dated(prefix, t string) string {
	if t == "" {
		return ""
	}
	if tt, err := time.Parse(time.RFC3339Nano, t); err == nil {
		return prefix + tt.UTC().Format("2006-01-02")
	}
	return prefix + clean(t)
}

func (p printer) registryPackage(pk registry.Package) {
	p.println("")
	head := "package " + clean(pk.RegistryType)
	transport := pk.Transport.Type
	if transport == "" {
		transport = "stdio"
	}
	p.println(p.head.Render(head) + " " + p.path.Render(clean(pk.Identifier)) + " " + clean(pk.Version) + "  (" + clean(transport) + ")")
	if pk.Transport.URL != "" {
		p.println("  url: " + clean(pk.Transport.URL))
	}
	if pk.RegistryBaseURL != "" {
		p.println("  from: " + clean(pk.RegistryBaseURL))
	}
	if pk.FileSHA256 != "" {
		p.println("  sha256: " + clean(pk.FileSHA256))
	}
	if pk.RuntimeHint != "" {
		p.println("  runtime: " + clean(pk.RuntimeHint))
	}
	p.inputs("runtime arguments", argumentInputs(pk.RuntimeArguments))
	p.inputs("package arguments", argumentInputs(pk.PackageArguments))
	p.inputs("environment variables", keyValueInputs(pk.EnvironmentVariables))
	p.inputs("headers", keyValueInputs(pk.Transport.Headers))
	l, err := pk.Launch(nil, os.LookupEnv)
	switch {
	case errors.Is(err, registry.ErrNotRunnable):
		p.println(p.faint.Render("  run: " + clean(err.Error())))
	case err != nil:
		p.println(p.fold.Render("  run: " + clean(err.Error())))
	default:
		line := "  run: " + clean(l.CommandLine())
		if len(l.Missing) > 0 {
			line += "  (needs " + clean(strings.Join(l.Missing, ", ")) + ")"
		}
		p.println(line)
	}
}

// namedInput is an input with the label it is shown under.
type namedInput struct {
	label string
	in    registry.Input
	extra []string // what kind of input it is: positional, repeated, ...
}

func argumentInputs(args []registry.Argument) []namedInput {
	out := make([]namedInput, 0, len(args))
	for _, a := range args {
		n := namedInput{in: a.Input}
		switch {
		case a.Type == "named":
			n.label = a.Name
			n.extra = append(n.extra, "named")
		case a.ValueHint != "":
			n.label = "<" + a.ValueHint + ">"
			n.extra = append(n.extra, "positional")
		default:
			n.label = quoteShown(a.Value) // a fixed value, shown as facts below too
			n.extra = append(n.extra, "positional")
		}
		if a.IsRepeated {
			n.extra = append(n.extra, "repeated")
		}
		out = append(out, n)
	}
	return out
}

func keyValueInputs(kvs []registry.KeyValueInput) []namedInput {
	out := make([]namedInput, 0, len(kvs))
	for _, kv := range kvs {
		out = append(out, namedInput{label: kv.Name, in: kv.Input})
	}
	return out
}

func variableInputs(vars map[string]registry.Input) []namedInput {
	var out []namedInput
	for _, name := range sortedNames(vars) {
		out = append(out, namedInput{label: "{" + name + "}", in: vars[name]})
	}
	return out
}

func sortedNames[V any](m map[string]V) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// inputs prints a titled list of inputs, each with whether it is
// required or secret, its fixed value or default, and its description.
func (p printer) inputs(title string, ins []namedInput) {
	if len(ins) == 0 {
		return
	}
	p.println("  " + title + ":")
	for _, n := range ins {
		in := n.in
		facts := n.extra
		switch {
		case in.Value != "" && len(in.Variables) == 0:
			facts = append(facts, "fixed")
		case in.IsRequired:
			facts = append(facts, "required")
		default:
			facts = append(facts, "optional")
		}
		if in.IsSecret {
			facts = append(facts, "secret")
		}
		if in.Format != "" && in.Format != "string" {
			facts = append(facts, in.Format)
		}
		if in.Value != "" {
			facts = append(facts, "value "+quoteShown(in.Value))
		}
		if in.Default != "" {
			facts = append(facts, "default "+quoteShown(in.Default))
		}
		if len(in.Choices) > 0 {
			facts = append(facts, "one of "+strings.Join(in.Choices, "|"))
		}
		line := "    " + p.path.Render(clean(n.label)) + "  " + clean(strings.Join(facts, ", "))
		if in.Description != "" {
			line += p.faint.Render(" — " + cut(clean(in.Description), 200))
		}
		p.println(line)
		for _, v := range sortedNames(in.Variables) {
			vin := in.Variables[v]
			p.println(p.faint.Render("      {" + clean(v) + "} " + clean(strings.Join(variableFacts(vin), ", "))))
		}
	}
}

func variableFacts(in registry.Input) []string {
	var facts []string
	if in.IsRequired {
		facts = append(facts, "required")
	}
	if in.IsSecret {
		facts = append(facts, "secret")
	}
	if in.Default != "" {
		facts = append(facts, "default "+quoteShown(in.Default))
	}
	if in.Description != "" {
		facts = append(facts, in.Description)
	}
	return facts
}

// quoteShown shows a registry value in double quotes, so that spaces and
// shell syntax in it read as part of the value.
func quoteShown(s string) string { return `"` + cut(s, 200) + `"` }

// bindFlag is --bind DIR[:rw], appending to the folders shown to a
// sandboxed server.
type bindFlag struct{ binds *[]sandbox.Bind }

func (f bindFlag) String() string {
	if f.binds == nil {
		return ""
	}
	var out []string
	for _, b := range *f.binds {
		out = append(out, b.String())
	}
	return strings.Join(out, ", ")
}

func (f bindFlag) Set(s string) error {
	b, err := sandbox.ParseBind(s)
	if err != nil {
		return err
	}
	*f.binds = append(*f.binds, b)
	return nil
}

func (bindFlag) Type() string { return "DIR[:rw]" }

// notInRegistry is err, the registry's "not found" for name, with the
// nearest names it has (a typo), else how to find one.
func notInRegistry(ctx context.Context, b *registry.Browser, name string, err error) error {
	if near := b.Nearest(ctx, name, 3); len(near) > 0 {
		return fmt.Errorf("%w: did you mean %s?", err, clean(strings.Join(near, ", ")))
	}
	return fmt.Errorf("%w: mcpeek registry search finds names by a part of them", err)
}

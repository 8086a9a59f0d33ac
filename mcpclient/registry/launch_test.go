package registry_test

import (
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"

	"mcpeek/mcpclient/registry"
)

func pkg(t *testing.T, name string) registry.Package {
	t.Helper()
	s, err := registry.ParseServer(doc(t, name))
	if err != nil {
		t.Fatal(err)
	}
	return s.Packages[0]
}

func TestLaunchOfTheNPMPeers(t *testing.T) {
	t.Parallel()
	l, err := pkg(t, "server-everything").Launch(nil, nil)
	if err != nil || len(l.Missing) != 0 || l.Program != "npx" ||
		!slices.Equal(l.Args, []string{"-y", "@modelcontextprotocol/server-everything@2026.8.31", "stdio"}) {
		t.Fatalf("everything: %+v, %v", l, err)
	}
	fs := pkg(t, "server-filesystem")
	if l, _ := fs.Launch(nil, nil); !slices.Equal(l.Missing, []string{"argument <allowed_directory>"}) {
		t.Errorf("filesystem without a directory: missing %v", l.Missing)
	}
	l, _ = fs.Launch(map[string]string{"allowed_directory": "/tmp/x y"}, nil)
	if len(l.Missing) != 0 || l.Args[2] != "/tmp/x y" || l.CommandLine() != "npx -y @modelcontextprotocol/server-filesystem@2026.8.31 '/tmp/x y'" {
		t.Errorf("filesystem with a directory: %q %v", l.CommandLine(), l.Missing)
	}
	l, _ = pkg(t, "server-memory").Launch(nil, nil)
	if len(l.Missing) != 0 || len(l.Env) != 0 {
		t.Errorf("memory: an optional variable was asked for: %+v", l)
	}
}

func TestLaunchKeepsHostileArgumentsAsData(t *testing.T) {
	t.Parallel()
	p := registry.Package{RegistryType: "npm", Identifier: "@evil/x", Version: "1.0.0", Transport: registry.Transport{Type: "stdio"},
		PackageArguments: []registry.Argument{
			{Type: "positional", Input: registry.Input{Value: "; rm -rf ~"}},
			{Type: "named", Name: "--x", Input: registry.Input{Value: "$(touch /tmp/pwned)"}},
			{Type: "positional", Input: registry.Input{Value: "-e"}},
			{Type: "named", Name: "--token", Input: registry.Input{Value: "Bearer {token}", Variables: map[string]registry.Input{"token": {IsRequired: true, IsSecret: true}}}},
		},
		EnvironmentVariables: []registry.KeyValueInput{
			{Name: "API_KEY", Input: registry.Input{IsRequired: true, IsSecret: true}},
			{Name: "HOME_DIR", Input: registry.Input{IsRequired: true}},
		}}
	l, err := p.Launch(map[string]string{"API_KEY": "s3cret"}, func(k string) (string, bool) { return "/h", k == "HOME_DIR" })
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"-y", "@evil/x@1.0.0", "; rm -rf ~", "--x", "$(touch /tmp/pwned)", "-e", "--token", "Bearer {token}"}
	if l2, _ := p.Launch(map[string]string{"token": "t0k"}, nil); strings.Contains(l2.CommandLine(), "t0k") || !strings.HasSuffix(l2.CommandLine(), "--token '***'") {
		t.Errorf("a secret argument printed: %s", l2.CommandLine())
	}
	if !slices.Equal(l.Args, want) {
		t.Errorf("args %q, want %q", l.Args, want)
	}
	// HOME_DIR is set in mcpeek's environment, but the entry does not
	// mark it secret: it is withheld until the user confirms it.
	if !slices.Equal(l.Missing, []string{"variable {token}", "environment HOME_DIR"}) || !slices.Equal(l.Withheld, []string{"HOME_DIR"}) {
		t.Errorf("missing %v, withheld %v", l.Missing, l.Withheld)
	}
	if cl := l.CommandLine(); strings.Contains(cl, "s3cret") || !strings.Contains(cl, "API_KEY=***") || !strings.Contains(cl, `'; rm -rf ~'`) {
		t.Errorf("command line %s", cl)
	}
}

func TestLaunchRefusesWhatItCannotRunSafely(t *testing.T) {
	t.Parallel()
	ok := registry.Package{RegistryType: "npm", Identifier: "@scope/pkg", Version: "1.2.3"}
	for name, change := range map[string]func(*registry.Package){
		"../ in the identifier": func(p *registry.Package) { p.Identifier = "../../etc" },
		"scoped ../":            func(p *registry.Package) { p.Identifier = "@scope/../x" },
		"an option":             func(p *registry.Package) { p.Identifier = "--call=sh" },
		"a URL":                 func(p *registry.Package) { p.Identifier = "https://evil.example/x.tgz" },
		"a version option":      func(p *registry.Package) { p.Version = "-rf" },
		"a range":               func(p *registry.Package) { p.Version = "^1.2.3" },
		"latest":                func(p *registry.Package) { p.Version = "latest" },
		"no version":            func(p *registry.Package) { p.Version = "" },
		"pypi, an npm name":     func(p *registry.Package) { p.RegistryType = "pypi" },
		"http transport":        func(p *registry.Package) { p.Transport.Type = "streamable-http" },
		"npx options": func(p *registry.Package) {
			p.RuntimeArguments = []registry.Argument{{Type: "named", Name: "--call", Input: registry.Input{Value: "sh -c id"}}}
		},
	} {
		p := ok
		change(&p)
		if _, err := p.Launch(nil, nil); !errors.Is(err, registry.ErrNotRunnable) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := ok.Launch(nil, nil); err != nil {
		t.Errorf("a plain package refused: %v", err)
	}
}

func TestEndpointFillsTheTemplateAndHeaders(t *testing.T) {
	t.Parallel()
	s, err := registry.ParseServer(doc(t, "remote-weather"))
	if err != nil {
		t.Fatal(err)
	}
	e, err := s.Remotes[0].Endpoint(nil)
	if err != nil || e.URL != "https://eu.weather.example.com/mcp" || !slices.Equal(e.Missing, []string{"variable {token}"}) {
		t.Fatalf("defaults: %+v, %v", e, err)
	}
	e, err = s.Remotes[0].Endpoint(map[string]string{"region": "us", "token": "t0k"})
	if err != nil || e.URL != "https://us.weather.example.com/mcp" || e.Headers["Authorization"] != "Bearer t0k" || !e.Secret["Authorization"] || len(e.Missing) != 0 {
		t.Fatalf("given: %+v, %v", e, err)
	}
	if _, err := (registry.Transport{Type: "sse", URL: "file:///etc/passwd"}).Endpoint(nil); !errors.Is(err, registry.ErrNotRunnable) {
		t.Errorf("a file URL: %v", err)
	}
}

// TestLaunchPassesTheEnvironmentOnlyAsConfirmed: of the declared variables
// mcpeek's environment sets, the one the entry marks secret is passed and
// named, the others are withheld (a required one is missing) until the
// user gives the value mcpeek's environment holds; an inherited value is
// never printed.
func TestLaunchPassesTheEnvironmentOnlyAsConfirmed(t *testing.T) {
	t.Parallel()
	p := registry.Package{RegistryType: "npm", Identifier: "x", Version: "1.0.0", Transport: registry.Transport{Type: "stdio"},
		EnvironmentVariables: []registry.KeyValueInput{
			{Name: "GITHUB_TOKEN", Input: registry.Input{IsSecret: true}},
			{Name: "AWS_SECRET_ACCESS_KEY"},
			{Name: "REGION", Input: registry.Input{IsRequired: true}},
			{Name: "UNSET"},
		}}
	mine := map[string]string{"GITHUB_TOKEN": "ghp_mine", "AWS_SECRET_ACCESS_KEY": "aws-mine", "REGION": "eu-mine"}
	lookup := func(k string) (string, bool) { v, ok := mine[k]; return v, ok }
	l, err := p.Launch(nil, lookup)
	if err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(l.Env, map[string]string{"GITHUB_TOKEN": "ghp_mine"}) || !slices.Equal(l.Inherited, []string{"GITHUB_TOKEN"}) ||
		!slices.Equal(l.Withheld, []string{"AWS_SECRET_ACCESS_KEY", "REGION"}) || !slices.Equal(l.Missing, []string{"environment REGION"}) ||
		len(l.Needs) != 1 || !l.Needs[0].Inherit {
		t.Errorf("env %v, inherited %v, withheld %v, needs %+v", l.Env, l.Inherited, l.Withheld, l.Needs)
	}
	l, err = p.Launch(map[string]string{"AWS_SECRET_ACCESS_KEY": "aws-mine", "REGION": "eu-mine"}, lookup)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Env) != 3 || !slices.Equal(l.Inherited, []string{"GITHUB_TOKEN", "AWS_SECRET_ACCESS_KEY", "REGION"}) || len(l.Withheld)+len(l.Missing) != 0 ||
		strings.Contains(l.CommandLine(), "mine") {
		t.Errorf("confirmed: env %v, inherited %v, withheld %v, missing %v: %s", l.Env, l.Inherited, l.Withheld, l.Missing, l.CommandLine())
	}
}

// TestLaunchRefusesLoaderVariables: an entry that sets a variable that
// changes how programs load or run (LD_PRELOAD, NODE_OPTIONS, ...), as an
// environment variable or an oci runtime -e, cannot be run.
func TestLaunchRefusesLoaderVariables(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"LD_PRELOAD", "LD_LIBRARY_PATH", "DYLD_INSERT_LIBRARIES", "NODE_OPTIONS", "PYTHONSTARTUP", "PYTHONPATH", "BASH_ENV", "npm_config_node_options", "PATH"} {
		p := registry.Package{RegistryType: "npm", Identifier: "x", Version: "1.0.0", Transport: registry.Transport{Type: "stdio"},
			EnvironmentVariables: []registry.KeyValueInput{{Name: name, Input: registry.Input{Value: "/pkg/evil.so"}}}}
		if _, err := p.Launch(nil, nil); !errors.Is(err, registry.ErrNotRunnable) || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: %v", name, err)
		}
	}
	oci := registry.Package{RegistryType: "oci", Identifier: "docker.io/x/y:1", Transport: registry.Transport{Type: "stdio"},
		RuntimeArguments: []registry.Argument{{Type: "named", Name: "-e", Input: registry.Input{Value: "LD_PRELOAD=/x.so"}}}}
	if _, err := oci.Launch(nil, nil); !errors.Is(err, registry.ErrNotRunnable) || !strings.Contains(err.Error(), "LD_PRELOAD") {
		t.Errorf("oci -e LD_PRELOAD: %v", err)
	}
	for _, name := range []string{"API_KEY", "PYTHONUNBUFFERED", "LOG_LEVEL", "NODE_ENV"} {
		if registry.LoaderVariable(name) {
			t.Errorf("%s is refused", name)
		}
	}
}

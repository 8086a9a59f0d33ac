package registry_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"mcpeek/mcpclient/registry"
)

// hostileArgs are package arguments a publisher could use to reach a
// shell, an option or a path: each must reach the server as one string.
var hostileArgs = []registry.Argument{
	{Type: "positional", Input: registry.Input{Value: "; rm -rf ~"}},
	{Type: "named", Name: "--x", Input: registry.Input{Value: "$(touch /tmp/pwned)"}},
	{Type: "positional", Input: registry.Input{Value: "../../etc/passwd"}},
	{Type: "positional", Input: registry.Input{Value: "-e"}},
}

var hostileTail = []string{"; rm -rf ~", "--x", "$(touch /tmp/pwned)", "../../etc/passwd", "-e"}

// TestLaunchOfEachPackageType: each type becomes its runtime's argument
// vector, the package arguments after it as data; an oci package's
// environment goes by name (-e NAME), its value through the
// environment; an mcpb has no program until unpacked.
func TestLaunchOfEachPackageType(t *testing.T) {
	t.Parallel()
	sha := strings.Repeat("ab", 32)
	for _, c := range []struct {
		p       registry.Package
		program string
		head    []string
	}{
		{registry.Package{RegistryType: "pypi", Identifier: "mcp-server-fetch", Version: "2025.4.7"}, "uvx", []string{"mcp-server-fetch@2025.4.7"}},
		{registry.Package{RegistryType: "nuget", Identifier: "Contoso.Mcp.Server", Version: "1.0.0-beta.2"}, "dnx", []string{"Contoso.Mcp.Server@1.0.0-beta.2", "--yes", "--"}},
		{registry.Package{RegistryType: "oci", Identifier: "docker.io/mcp/everything", Version: "1.2.3"}, "docker", []string{"run", "-i", "--rm", "-e", "TOKEN", "docker.io/mcp/everything:1.2.3"}},
		{registry.Package{RegistryType: "oci", Identifier: "ghcr.io/o/i:2.0", Version: "ignored"}, "docker", []string{"run", "-i", "--rm", "-e", "TOKEN", "ghcr.io/o/i:2.0"}},
		{registry.Package{RegistryType: "mcpb", Identifier: "https://example.com/x.mcpb", FileSHA256: sha}, "", nil},
	} {
		p := c.p
		p.PackageArguments = hostileArgs
		p.EnvironmentVariables = []registry.KeyValueInput{{Name: "TOKEN", Input: registry.Input{IsSecret: true, IsRequired: true}}}
		l, err := p.Launch(map[string]string{"TOKEN": "s3cret"}, nil)
		if err != nil {
			t.Errorf("%s: %v", p.RegistryType, err)
			continue
		}
		if want := append(slices.Clone(c.head), hostileTail...); l.Program != c.program || !slices.Equal(l.Args, want) {
			t.Errorf("%s: %s %q, want %s %q", p.RegistryType, l.Program, l.Args, c.program, want)
		}
		if !slices.Equal(l.PackageArgs(), hostileTail) || l.Env["TOKEN"] != "s3cret" || !l.Secret["TOKEN"] || strings.Contains(l.CommandLine(), "s3cret") {
			t.Errorf("%s: package args %q, env %v, shown %s", p.RegistryType, l.PackageArgs(), l.Env, l.CommandLine())
		}
	}
}

// TestOCIRuntimeArguments: -e NAME=VALUE becomes an environment variable
// passed by name (its {variables} filled, a secret one not on the
// command line); any other docker option (a mount, --privileged, the
// host's network) is refused.
func TestOCIRuntimeArguments(t *testing.T) {
	t.Parallel()
	p := registry.Package{RegistryType: "oci", Identifier: "mcp/x", Version: "1.0.0", RuntimeArguments: []registry.Argument{
		{Type: "named", Name: "-e", Input: registry.Input{Value: "API_KEY={key}", Variables: map[string]registry.Input{"key": {IsSecret: true, IsRequired: true}}}},
		{Type: "named", Name: "--env", Input: registry.Input{Value: "MODE=ro"}},
	}}
	l, err := p.Launch(map[string]string{"key": "k3y"}, nil)
	if err != nil || !slices.Equal(l.Args, []string{"run", "-i", "--rm", "-e", "API_KEY", "-e", "MODE", "mcp/x:1.0.0"}) ||
		l.Env["API_KEY"] != "k3y" || l.Env["MODE"] != "ro" || strings.Contains(l.CommandLine(), "k3y") {
		t.Fatalf("%q %v %v: %s", l.Args, l.Env, err, l.CommandLine())
	}
	if l, _ := p.Launch(nil, nil); !slices.Equal(l.Missing, []string{"variable {key}"}) {
		t.Errorf("missing %v", l.Missing)
	}
	for _, a := range []registry.Argument{
		{Type: "named", Name: "-v", Input: registry.Input{Value: "/:/host"}},
		{Type: "named", Name: "--privileged"},
		{Type: "named", Name: "--network", Input: registry.Input{Value: "host"}},
		{Type: "positional", Input: registry.Input{Value: "--pid=host"}},
		{Type: "named", Name: "-e", Input: registry.Input{Value: "NOT A NAME=x"}},
		{Type: "named", Name: "-e", Input: registry.Input{Value: "$(id)"}},
	} {
		q := p
		q.RuntimeArguments = []registry.Argument{a}
		if _, err := q.Launch(nil, nil); !errors.Is(err, registry.ErrNotRunnable) {
			t.Errorf("runtime argument %+v: %v", a, err)
		}
	}
}

// TestLaunchRefusesHostileIdentifiers: per type, an identifier read as an
// option, a path, a URL or shell text, a version that is not one exact
// version, a bundle without a checksum or over plain http, and runtime
// arguments of uvx, dnx or npx are refused.
func TestLaunchRefusesHostileIdentifiers(t *testing.T) {
	t.Parallel()
	sha := strings.Repeat("0", 64)
	for _, p := range []registry.Package{
		{RegistryType: "pypi", Identifier: "-e", Version: "1.0"},
		{RegistryType: "pypi", Identifier: "--from=git+https://evil/x", Version: "1.0"},
		{RegistryType: "pypi", Identifier: "../x", Version: "1.0"},
		{RegistryType: "pypi", Identifier: "x;id", Version: "1.0"},
		{RegistryType: "pypi", Identifier: "x", Version: ">=1.0"},
		{RegistryType: "pypi", Identifier: "x", Version: "-1"},
		{RegistryType: "pypi", Identifier: "x", Version: "1.0", RuntimeArguments: []registry.Argument{{Type: "named", Name: "--with", Input: registry.Input{Value: "evil"}}}},
		{RegistryType: "nuget", Identifier: "-x", Version: "1.0"},
		{RegistryType: "nuget", Identifier: "A..B", Version: "1.0"},
		{RegistryType: "nuget", Identifier: "A", Version: "$(id)"},
		{RegistryType: "oci", Identifier: "--privileged", Version: "1"},
		{RegistryType: "oci", Identifier: "../../img", Version: "1"},
		{RegistryType: "oci", Identifier: "img$(id)", Version: "1"},
		{RegistryType: "oci", Identifier: "img", Version: ""},
		{RegistryType: "oci", Identifier: "img", Version: "-rm"},
		{RegistryType: "mcpb", Identifier: "http://example.com/x.mcpb", FileSHA256: sha},
		{RegistryType: "mcpb", Identifier: "file:///etc/passwd", FileSHA256: sha},
		{RegistryType: "mcpb", Identifier: "https://example.com/x.mcpb"},
		{RegistryType: "mcpb", Identifier: "https://example.com/x.mcpb", FileSHA256: "nope"},
		{RegistryType: "cargo", Identifier: "x", Version: "1"},
		{RegistryType: "npm", Identifier: "x", Version: "1.0.0", Transport: registry.Transport{Type: "sse"}},
		{RegistryType: "npm", Identifier: "x", Version: "1.0.0", EnvironmentVariables: []registry.KeyValueInput{{Name: "A;B"}}},
	} {
		if _, err := p.Launch(nil, nil); !errors.Is(err, registry.ErrNotRunnable) {
			t.Errorf("%+v: %v", p, err)
		}
	}
}

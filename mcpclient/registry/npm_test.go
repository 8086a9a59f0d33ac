package registry

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestNPMBin(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, pkg, want, err string
	}{
		{"string", `{"version":"1.0.0","bin":"dist/index.js"}`, "dist/index.js", ""},
		{"one of a map", `{"version":"1.0.0","bin":{"anything":"cli.js"}}`, "cli.js", ""},
		{"named as the package", `{"version":"1.0.0","bin":{"other":"o.js","server-x":"x.js"}}`, "x.js", ""},
		{"no bin", `{"version":"1.0.0"}`, "", `has no command to run`},
		{"two others", `{"version":"1.0.0","bin":{"a":"a.js","b":"b.js"}}`, "", `has no command to run`},
		{"outside", `{"version":"1.0.0","bin":"../../../../etc/passwd"}`, "", `lies outside the package`},
		{"other version", `{"version":"2.0.0","bin":"x.js"}`, "", `@scope/server-x@1.0.0: not installed in`},
		{"not JSON", `{`, "", `package.json`},
	} {
		dir := t.TempDir()
		pkg := filepath.Join(dir, "node_modules", "@scope", "server-x")
		if err := os.MkdirAll(pkg, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(pkg, "package.json"), []byte(tc.pkg), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := NPMBin(dir, "@scope/server-x", "1.0.0")
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.err)
		case tc.err == "" && (err != nil || got != filepath.Join(pkg, tc.want)):
			t.Errorf("%s: %q, %v", tc.name, got, err)
		}
	}
	if _, err := NPMBin(t.TempDir(), "x", "1.0.0"); !errors.Is(err, ErrNotInstalled) {
		t.Errorf("an empty directory: %v", err)
	}
	if got := NPMDir("/r", "@scope/x", "1.2.3"); got != "/r/npm/@scope/x@1.2.3" {
		t.Errorf("NPMDir: %s", got)
	}
}

// TestReplaceKeepsSecretArgs: the package's own command in place of npx
// keeps the package arguments and which of them are secret.
func TestReplaceKeepsSecretArgs(t *testing.T) {
	t.Parallel()
	p := Package{RegistryType: "npm", Identifier: "x", Version: "1.0.0",
		PackageArguments: []Argument{{Type: "positional", Input: Input{Value: "plain"}}, {Type: "named", Name: "--token", Input: Input{Value: "t0k", IsSecret: true}}}}
	l, err := p.Launch(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := l.Replace("/usr/bin/node", "/pkg/cli.js")
	if got := r.CommandLine(); got != "/usr/bin/node /pkg/cli.js plain --token '***'" {
		t.Errorf("got %s", got)
	}
	if got := l.CommandLine(); got != "npx -y x@1.0.0 plain --token '***'" {
		t.Errorf("the original changed: %s", got)
	}
}

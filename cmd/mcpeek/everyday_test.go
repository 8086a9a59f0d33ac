package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCallKeepsLineBreaksIntoAPipe calls a real server's tool whose text
// result has several lines into a pipe (the test's buffer): the lines stay
// lines, as `call ... > report.md` needs.
func TestCallKeepsLineBreaksIntoAPipe(t *testing.T) {
	t.Parallel()
	cfg := everythingConfig(t)
	root := t.TempDir()
	out, stderr, code := mcpeek(t, "call", "everything.get-roots-list", "--config", cfg, "--root", root)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(out, "\n")
	found := false
	for _, l := range lines {
		if strings.TrimSpace(l) == "URI: file://"+root {
			found = true
		}
	}
	if !found || len(lines) < 4 {
		t.Errorf("the result's lines were joined:\n%s", out)
	}
}

// TestOnlyConfigBrokenStops: when the one config found is broken, the
// command says so and fails, rather than serving the demo as if it were
// the user's servers.
func TestOnlyConfigBrokenStops(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	os.Mkdir(filepath.Join(home, ".cursor"), 0o755)
	if err := os.WriteFile(filepath.Join(home, ".cursor", "mcp.json"), []byte(`{"mcpServers": {"x": {"command": "echo",}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := cli{vars: map[string]string{"HOME": home, "XDG_CONFIG_HOME": t.TempDir()}}
	out, stderr, code := c.mcpeek(t, "servers")
	if code == 0 || strings.Contains(out, "demo") || !strings.Contains(stderr, "broken") || !strings.Contains(stderr, "mcp.json:1:") {
		t.Errorf("exit %d\nstdout: %s\nstderr: %s", code, out, stderr)
	}
}

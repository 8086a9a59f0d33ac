package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Trap 6: a server that fails is in tools --json (name, state, error),
// and its error is on stderr, not "see above" with nothing above.
func TestToolsListsFailedServers(t *testing.T) {
	cfg := filepath.Join(t.TempDir(), "mcp.json")
	os.WriteFile(cfg, []byte(`{"mcpServers": {"broken": {"command": "/nonexistent/mcp-server"}}}`), 0o644)
	out, stderr, code := mcpeek(t, "tools", "--json", "--config", cfg)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	var entries []map[string]any
	if err := json.Unmarshal([]byte(out), &entries); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if len(entries) != 1 || entries[0]["server"] != "broken" || entries[0]["state"] != "error" ||
		!strings.Contains(entries[0]["error"].(string), "nonexistent") {
		t.Errorf("the failed server is not listed: %s", out)
	}
	if !strings.Contains(stderr, "broken") || !strings.Contains(stderr, "nonexistent") || strings.Contains(stderr, "see above") {
		t.Errorf("stderr does not say what failed: %q", stderr)
	}

	out, stderr, _ = mcpeek(t, "tools", "--config", cfg)
	if strings.Contains(out, "nonexistent") || !strings.Contains(stderr, "nonexistent") {
		t.Errorf("text mode: the error belongs on stderr\nstdout: %s\nstderr: %s", out, stderr)
	}
}

// mcpeek without a terminal says the explorer needs one.
func TestExplorerWithoutATerminal(t *testing.T) {
	out, stderr, code := mcpeek(t)
	if code == 0 || !strings.Contains(stderr, "the explorer needs a terminal") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if !strings.Contains(out, "Usage") && !strings.Contains(out, "USAGE") {
		t.Errorf("no usage on stdout: %q", out)
	}
}

// A server that never answers is named on stderr while mcpeek waits for
// it, and --connect-timeout bounds the wait.
func TestAHangingServerIsNamedWhileMcpeekWaits(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for a connect timeout")
	}
	cfg := filepath.Join(t.TempDir(), "mcp.json")
	os.WriteFile(cfg, []byte(`{"mcpServers": {"hangs": {"command": "sleep", "args": ["600"]}}}`), 0o644)
	_, stderr, code := mcpeek(t, "servers", "--config", cfg, "--connect-timeout", "4s")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if !strings.Contains(stderr, "waiting for hangs to connect (giving up after 4s") {
		t.Errorf("stderr does not say what mcpeek waits for: %q", stderr)
	}
	if !strings.Contains(stderr, "timed out after 4s") {
		t.Errorf("stderr does not say the server timed out: %q", stderr)
	}

	_, stderr, code = mcpeek(t, "servers", "--config", cfg, "--connect-timeout", "0s")
	if code == 0 || !strings.Contains(stderr, "--connect-timeout must be a positive duration") {
		t.Errorf("a zero timeout: exit %d, %q", code, stderr)
	}
}

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// tools --json is an array of tools alone: a server that failed is named
// on stderr, and the exit status is 1 only when no server answered.
func TestToolsJSONHoldsToolsAlone(t *testing.T) {
	t.Parallel()
	cfg := filepath.Join(t.TempDir(), "mcp.json")
	os.WriteFile(cfg, fmt.Appendf(nil, `{"mcpServers": {"broken": {"command": "/nonexistent/mcp-server"}, "shop": {"command": %q, "args": [%q]}}}`,
		os.Args[0], roleDemoServer), 0o644)
	out, stderr, code := mcpeek(t, "tools", "--json", "--config", cfg)
	if code != 0 {
		t.Errorf("exit %d, want 0: shop answered", code)
	}
	var entries []map[string]any
	if err := json.Unmarshal([]byte(out), &entries); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if len(entries) != 16 {
		t.Errorf("%d entries, want shop's 16 tools", len(entries))
	}
	for _, e := range entries {
		if _, ok := e["tool_id"].(string); !ok {
			t.Errorf("an entry that is not a tool: %v", e)
		}
	}
	if !strings.Contains(stderr, "warning: server broken") || !strings.Contains(stderr, "nonexistent") {
		t.Errorf("stderr does not name the failed server: %q", stderr)
	}

	out, stderr, code = mcpeek(t, "tools", "broken", "--json", "--config", cfg)
	if code != 1 || strings.TrimSpace(out) != "[]" || !strings.Contains(stderr, "nonexistent") {
		t.Errorf("nothing answered: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	out, stderr, _ = mcpeek(t, "tools", "--config", cfg)
	if strings.Contains(out, "nonexistent") || !strings.Contains(stderr, "nonexistent") {
		t.Errorf("text mode: the error belongs on stderr\nstdout: %s\nstderr: %s", out, stderr)
	}
}

// mcpeek without a terminal says the explorer needs one.
func TestExplorerWithoutATerminal(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
	if testing.Short() {
		t.Skip("waits for a connect timeout")
	}
	cfg := filepath.Join(t.TempDir(), "mcp.json")
	os.WriteFile(cfg, []byte(`{"mcpServers": {"hangs": {"command": "sleep", "args": ["600"]}}}`), 0o644)
	_, stderr, code := cli{noteAfter: time.Millisecond}.mcpeek(t, "servers", "--config", cfg, "--connect-timeout", "1s")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if !strings.Contains(stderr, "waiting for hangs to connect (giving up after 1s") {
		t.Errorf("stderr does not say what mcpeek waits for: %q", stderr)
	}
	if !strings.Contains(stderr, "timed out after 1s") {
		t.Errorf("stderr does not say the server timed out: %q", stderr)
	}

	_, stderr, code = mcpeek(t, "servers", "--config", cfg, "--connect-timeout", "0s")
	if code == 0 || !strings.Contains(stderr, "--connect-timeout must be a positive duration") {
		t.Errorf("a zero timeout: exit %d, %q", code, stderr)
	}
}

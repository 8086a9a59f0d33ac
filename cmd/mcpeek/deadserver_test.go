package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// deadServer is a config entry for a server that never answers initialize
// and ignores SIGTERM, as an npx wrapper may (it is killed after the stop
// grace); it touches marker when started.
func deadServer(marker string) map[string]any {
	return map[string]any{"command": "sh", "args": []string{"-c", fmt.Sprintf(`trap "" TERM; touch %q; exec sleep 1000`, marker)}}
}

// writeConfig writes an mcpServers config of servers.
func writeConfig(t *testing.T, servers map[string]any) string {
	t.Helper()
	b, _ := json.Marshal(map[string]any{"mcpServers": servers})
	path := filepath.Join(t.TempDir(), "mcp.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestNamedServerStartsAlone: a command that names SERVER or SERVER.TOOL
// (or servers, as snapshot and lint do) starts that server only; a dead
// server beside it is never started (nor waited for).
func TestNamedServerStartsAlone(t *testing.T) {
	t.Parallel()
	marker := filepath.Join(t.TempDir(), "dead-started")
	cfg := writeConfig(t, map[string]any{
		"shop": map[string]any{"command": os.Args[0], "args": []string{roleDemoServer}},
		"dead": deadServer(marker),
	})
	for _, args := range [][]string{
		{"summary", "shop.shop_get_order"},
		{"describe", "shop.shop_get_order", "--json"},
		{"tools", "shop"},
		{"call", "shop.shop_get_order", "--args", `{"order_id": "1001"}`},
		{"snapshot", "shop"},
	} {
		out, stderr, code := mcpeek(t, append(args, "--config", cfg, "--connect-timeout", "20s")...)
		if code != 0 || out == "" {
			t.Errorf("%v: exit %d: %s", args, code, stderr)
		}
		if _, err := os.Stat(marker); err == nil {
			t.Fatalf("%v started the dead server", args)
		}
	}
	_, stderr, code := mcpeek(t, "summary", "nope.tool", "--config", cfg)
	if code == 0 || !strings.Contains(stderr, `no server named "nope"; the servers are: dead, shop`) {
		t.Errorf("unknown server: exit %d: %s", code, stderr)
	}
}

// TestHungServersBothEndInError: when the wait for two servers that never
// answer ends, neither is left starting: both are errors, and the summary
// counts both. (The second one's close takes the stop grace, after which
// the first, had it retried, would show as starting again.)
func TestHungServersBothEndInError(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfg := writeConfig(t, map[string]any{
		"dead1": deadServer(filepath.Join(dir, "1")),
		"dead2": map[string]any{"command": "sleep", "args": []string{"1000"}},
	})
	out, stderr, code := mcpeek(t, "servers", "--json", "--config", cfg, "--connect-timeout", "1s")
	var servers []serverJSON
	if code != 1 || json.Unmarshal([]byte(out), &servers) != nil || len(servers) != 2 {
		t.Fatalf("exit %d: %s %s", code, out, stderr)
	}
	for _, s := range servers {
		if s.State != "error" || !strings.Contains(s.Error, "timed out after 1s") {
			t.Errorf("%s: state %q, error %q", s.Name, s.State, s.Error)
		}
	}
	if !strings.Contains(stderr, "2 servers failed") {
		t.Errorf("the summary does not count both:\n%s", stderr)
	}
}

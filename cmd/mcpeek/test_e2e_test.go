package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mcpeek/internal/npmpeers"
)

// TestTestCommandOnRealServers runs saved calls against the npm
// server-everything and server-memory (no one here wrote them), and a
// configured server that cannot start: a file that passes, one that fails
// on a path assertion, one whose server is down.
func TestTestCommandOnRealServers(t *testing.T) {
	t.Parallel()
	node, modules := npmpeers.Find(t)
	dir := t.TempDir()
	server := func(pkg string, args ...string) map[string]any {
		return map[string]any{"command": node, "args": append([]string{filepath.Join(modules, "@modelcontextprotocol", pkg, "dist/index.js")}, args...)}
	}
	memory := server("server-memory")
	memory["env"] = map[string]string{"MEMORY_FILE_PATH": filepath.Join(dir, "memory.jsonl")}
	b, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{
		"everything": server("server-everything", "stdio"),
		"memory":     memory,
		"broken":     map[string]any{"command": filepath.Join(dir, "no-such-server")},
	}})
	cfg := filepath.Join(dir, "mcp.json")
	os.WriteFile(cfg, b, 0o644)

	const weather = `{"name": "chicago", "tool": "everything.get-structured-content", "arguments": {"location": "Chicago"},
		"expect": {"no_undeclared": true, "paths": [
			{"path": "conditions", "equals": "Light rain / drizzle"},
			{"path": "humidity", "type": "number", "min": 0, "max": 100},
			{"path": "temperature", "exists": true}]}}`
	const search = `{"name": "empty-search", "tool": "memory.search_nodes", "arguments": {"query": "nobody"},
		"expect": {"paths": [{"path": "entities", "type": "array", "count": 0}, {"path": "relations[]", "count": 0}]}}`
	const graph = `{"name": "graph", "tool": "memory.read_graph"}`
	const dry = `{"name": "dry-chicago", "tool": "everything.get-structured-content", "arguments": {"location": "Chicago"},
		"expect": {"paths": [{"path": "humidity", "max": 50}]}}`
	const down = `{"name": "broken", "tool": "broken.anything"}`
	const slow = `{"name": "slow", "tool": "everything.trigger-long-running-operation", "arguments": {"duration": 30, "steps": 3}}`

	for _, tc := range []struct {
		name  string
		calls []string
		code  int
		want  []string
	}{
		{"passes", []string{weather, search, graph}, 0, []string{"3 calls: 3 passed, 0 failed"}},
		{"path assertion fails", []string{weather, dry}, 1, []string{"FAIL  dry-chicago", "max humidity: expected a number ≤ 50, got 82"}},
		{"server down", []string{weather, down}, 3, []string{"DOWN  broken", `server "broken" could not be reached`}},
		// A call past --timeout (2s against 30s) fails; the server answers
		// the others meanwhile.
		{"call past its deadline", []string{slow, weather}, 1, []string{"FAIL  slow", "call: expected a result, got", "PASS  chicago"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := []string{"test", writeCalls(t, tc.calls...), "--config", cfg}
			if tc.name == "call past its deadline" {
				args = append(args, "--timeout", "2s")
			}
			out, stderr, code := mcpeek(t, args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d\n%s%s", code, tc.code, out, stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("the report lacks %q:\n%s%s", w, out, stderr)
				}
			}
		})
	}
}

// TestCIOnRealServer: mcpeek ci against the npm server-everything with a
// lock file snapshotted from it passes; the same lock file with a tool the
// server does not have fails on that breaking change.
func TestCIOnRealServer(t *testing.T) {
	t.Parallel()
	cfg := everythingConfig(t)
	dir := t.TempDir()
	lock := filepath.Join(dir, "mcpeek.lock.json")
	if _, stderr, code := mcpeek(t, "snapshot", "everything", "-o", lock, "--config", cfg); code != 0 {
		t.Fatalf("snapshot: %s", stderr)
	}
	callsFile := writeCalls(t, `{"name": "chicago", "tool": "everything.get-structured-content", "arguments": {"location": "Chicago"},
		"expect": {"paths": [{"path": "humidity", "equals": 82}]}}`)
	out, stderr, code := mcpeek(t, "ci", "--lock", lock, "--calls", callsFile, "--config", cfg)
	if code != 0 || !strings.Contains(out, "mcpeek ci: passing") {
		t.Errorf("exit %d\n%s%s", code, out, stderr)
	}
	b, _ := os.ReadFile(lock)
	os.WriteFile(lock, []byte(strings.Replace(string(b), `"tools": [`, `"tools": [{"name": "aaa_retired", "inputSchema": {"type": "object"}},`, 1)), 0o644)
	out, stderr, code = mcpeek(t, "ci", "--lock", lock, "--calls", callsFile, "--config", cfg, "--format", "markdown")
	if code != 1 || !strings.Contains(out, "| `everything.aaa_retired` | (tool) | tool-removed |") {
		t.Errorf("exit %d\n%s%s", code, out, stderr)
	}
}

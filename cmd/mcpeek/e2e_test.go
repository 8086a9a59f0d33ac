package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"mcpeek/internal/npmpeers"
)

// realServersConfig writes an mcpServers config for the three reference
// servers, each run by Node.js 22.
func realServersConfig(t *testing.T) string {
	node, modules := npmpeers.Find(t)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "hello.txt"), []byte("hello\n"), 0o644)
	server := func(pkg string, args ...string) map[string]any {
		return map[string]any{"command": node, "args": append([]string{filepath.Join(modules, "@modelcontextprotocol", pkg, "dist/index.js")}, args...)}
	}
	memory := server("server-memory")
	memory["env"] = map[string]string{"MEMORY_FILE_PATH": filepath.Join(dir, "memory.jsonl")}
	filesystem := server("server-filesystem", dir)
	cfg := map[string]any{"mcpServers": map[string]any{
		"everything": server("server-everything", "stdio"),
		"filesystem": filesystem,
		"memory":     memory,
	}}
	b, _ := json.Marshal(cfg)
	path := filepath.Join(dir, "mcp.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestRealServers(t *testing.T) {
	t.Parallel()
	cfg := realServersConfig(t)

	out, stderr, code := mcpeek(t, "servers", "--json", "--config", cfg)
	if code != 0 {
		t.Fatalf("servers: exit %d: %s", code, stderr)
	}
	var servers []serverJSON
	if err := json.Unmarshal([]byte(out), &servers); err != nil {
		t.Fatal(err, out)
	}
	if len(servers) != 3 {
		t.Fatalf("want 3 servers, got %+v", servers)
	}
	for _, s := range servers {
		if s.State != "connected" || s.ToolCount == 0 || s.Transport != "stdio" {
			t.Errorf("server %+v: want connected over stdio with tools", s)
		}
	}

	out, stderr, code = mcpeek(t, "tools", "--json", "--config", cfg)
	if code != 0 {
		t.Fatalf("tools: exit %d: %s", code, stderr)
	}
	var tools []map[string]any
	if err := json.Unmarshal([]byte(out), &tools); err != nil {
		t.Fatal(err)
	}
	withOutput := map[string]int{}
	for _, tool := range tools {
		if tool["has_output_schema"] == true {
			withOutput[tool["server"].(string)]++
			if fields, _ := tool["output_fields"].([]any); len(fields) == 0 {
				t.Errorf("%s declares an output schema but has no output_fields", tool["tool_id"])
			}
		}
	}
	for _, name := range []string{"everything", "filesystem", "memory"} {
		if withOutput[name] == 0 {
			t.Errorf("no tool of %s has an output schema: %v", name, withOutput)
		}
	}

	out, stderr, code = mcpeek(t, "summary", "everything.get-structured-content", "--json", "--config", cfg)
	if code != 0 || !strings.Contains(out, `"signature": "get-structured-content(location: string)"`) {
		t.Errorf("summary: exit %d, %s %s", code, out, stderr)
	}
	out, stderr, code = mcpeek(t, "inspect", "filesystem.read_text_file", "content", "--json", "--config", cfg)
	if code != 0 || !strings.Contains(out, `"field_path": "content"`) {
		t.Errorf("inspect: exit %d, %s %s", code, out, stderr)
	}
	out, stderr, code = mcpeek(t, "call", "filesystem.read_text_file", "--args", fmt.Sprintf(`{"path": %q}`, filepath.Join(filepath.Dir(cfg), "hello.txt")), "--config", cfg)
	if code != 0 || !strings.Contains(out, "hello") {
		t.Errorf("call: exit %d, %s %s", code, out, stderr)
	}
	out, stderr, code = mcpeek(t, "describe", "memory.read_graph", "--json", "--config", cfg)
	var info map[string]json.RawMessage
	if code != 0 || json.Unmarshal([]byte(out), &info) != nil || len(info["outputSchema"]) < 10 {
		t.Errorf("describe: exit %d, %s %s", code, out, stderr)
	}
}

// TestFilesystemServesItsArguments: the filesystem server, which replaces
// the directories of its arguments with its client's roots when the client
// declares roots, serves the directory its config names, every run, from
// another working directory: mcpeek offers no roots unless asked.
// (Offered roots reach it after the handshake, so a call made at once may
// still meet its arguments' directories: that race is the server's.)
func TestFilesystemServesItsArguments(t *testing.T) {
	t.Parallel()
	cfg := realServersConfig(t)
	dir := filepath.Dir(cfg)
	list := fmt.Sprintf(`{"path": %q}`, dir)
	for run := range 10 {
		out, stderr, code := mcpeek(t, "call", "filesystem.list_directory", "--args", list, "--config", cfg)
		if code != 0 || !strings.Contains(out, "[FILE] hello.txt") {
			t.Fatalf("run %d: exit %d: %s %s", run+1, code, out, stderr)
		}
	}
	out, _, code := mcpeek(t, "servers", "--json", "--config", cfg)
	var servers []serverJSON
	if code != 0 || json.Unmarshal([]byte(out), &servers) != nil {
		t.Fatalf("servers: exit %d: %s", code, out)
	}
	for _, s := range servers {
		if s.Roots == nil || len(s.Roots) != 0 {
			t.Errorf("%s: roots %v, want [] (none offered)", s.Name, s.Roots)
		}
	}

	root := t.TempDir()
	out, _, _ = mcpeek(t, "servers", "--root", root, "--config", cfg)
	if !strings.Contains(out, "roots offered: file://"+root) {
		t.Errorf("servers does not say which roots were offered:\n%s", out)
	}
}

// TestRealServerThatFails: one broken server is reported, the others work,
// and the exit status says something failed.
func TestRealServerThatFails(t *testing.T) {
	t.Parallel()
	node, modules := npmpeers.Find(t)
	cfg := filepath.Join(t.TempDir(), "mcp.json")
	os.WriteFile(cfg, fmt.Appendf(nil, `{"mcpServers": {
		"memory": {"command": %q, "args": [%q]},
		"broken": {"command": %q, "args": ["-e", "console.error('boom: no such database'); process.exit(3)"]}}}`,
		node, filepath.Join(modules, "@modelcontextprotocol/server-memory/dist/index.js"), node), 0o644)
	out, _, code := mcpeek(t, "servers", "--config", cfg)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	for _, want := range []string{"● memory  connected", "✗ broken  error", "boom: no such database"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// mcpeekBinary builds the command once for tests that need a real process.
func mcpeekBinary(t *testing.T) string {
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "mcpeek-bin")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "mcpeek")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v: %s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// TestConformanceClient runs the official MCP conformance suite in client
// mode, with mcpeek as the client, for the scenarios of a client that lists
// and calls tools, and answers an elicitation with the requested schema's
// defaults.
func TestConformanceClient(t *testing.T) {
	t.Parallel()
	node, modules := npmpeers.Find(t)
	bin := mcpeekBinary(t)
	suite := filepath.Join(modules, "@modelcontextprotocol/conformance/dist/index.js")
	scenarios := map[string]string{
		// The suite's initialize server answers every unknown method with
		// an empty success, so mcp-go's server/discover probe would take it
		// for a 2026-07-28 server: pin the era the scenario speaks.
		"initialize":                          bin + " --protocol 2025-11-25 tools --url",
		"tools_call":                          bin + ` call url.add_numbers --args '{"a":2,"b":3}' --url`,
		"elicitation-sep1034-client-defaults": bin + " call url.test_client_elicitation_defaults --elicit accept --url",
	}
	for scenario, command := range scenarios {
		t.Run(scenario, func(t *testing.T) {
			cmd := exec.Command(node, suite, "client", "--command", command, "--scenario", scenario, "-o", t.TempDir())
			out, err := cmd.CombinedOutput()
			if err != nil || !strings.Contains(string(out), "OVERALL: PASSED") || strings.Contains(string(out), "Passed: 0/0") {
				t.Errorf("conformance %s: %v\n%s", scenario, err, out)
			}
		})
	}
}

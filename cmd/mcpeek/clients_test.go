package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mcpeek/mcpclient"
)

// TestServersFromEveryClient: with a home directory holding one config of
// every client mcpeek reads, `servers --json` lists every server with the
// file it came from, and the secrets planted in the configs' env and headers
// reach no output. The servers cannot start (no such program, a closed
// port): listing them is what is tested.
func TestServersFromEveryClient(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("USERPROFILE", home)
	for _, v := range []string{"XDG_CONFIG_HOME", "CODEX_HOME", "OPENCODE_CONFIG"} {
		t.Setenv(v, "")
	}
	cwd := t.TempDir()
	t.Chdir(cwd)
	const secret = "planted-secret-0123456789"
	t.Setenv("MCPEEK_TEST_PLANTED", secret)

	// The user files Discover reads, found by a part of their path that
	// holds on every platform.
	var paths []string
	for _, p := range mcpclient.SearchPaths(cwd, home) {
		if strings.HasPrefix(p, home) {
			paths = append(paths, p)
		}
	}
	find := func(suffix string) string {
		t.Helper()
		for _, p := range paths {
			if strings.HasSuffix(strings.ToLower(filepath.ToSlash(p)), suffix) {
				return p
			}
		}
		t.Fatalf("no search path ends in %s: %q", suffix, paths)
		return ""
	}
	const closed = "http://127.0.0.1:1/mcp"
	files := []struct{ server, path, content string }{
		{"claude-code", find("/.claude.json"), `{"mcpServers": {"claude-code": {"command": "mcpeek-test-no-such-server", "env": {"KEY": "planted-secret-0123456789"}}}}`},
		{"claude-desktop", find("claude/claude_desktop_config.json"), `{"mcpServers": {"claude-desktop": {"type": "http", "url": "` + closed + `", "headers": {"Authorization": "Bearer ${MCPEEK_TEST_PLANTED}"}}}}`},
		{"cursor", find("/.cursor/mcp.json"), `{"mcpServers": {"cursor": {"url": "` + closed + `", "headers": {"X-Key": "planted-secret-0123456789"}}}}`},
		{"windsurf", find("windsurf/mcp_config.json"), `{"mcpServers": {"windsurf": {"serverUrl": "` + closed + `"}}}`},
		{"vscode", find("code/user/mcp.json"), `{"servers": {"vscode": {"type": "stdio", "command": "mcpeek-test-no-such-server", "env": {"KEY": "${env:MCPEEK_TEST_PLANTED}"}}}}`},
		{"codex", find("/.codex/config.toml"), "[mcp_servers.codex]\nurl = \"" + closed + "\"\nbearer_token_env_var = \"MCPEEK_TEST_PLANTED\"\n"},
		{"gemini", find("/.gemini/settings.json"), `{"mcpServers": {"gemini": {"httpUrl": "` + closed + `", "headers": {"Authorization": "Bearer $MCPEEK_TEST_PLANTED"}}}}`},
		{"zed", find("zed/settings.json"), `{"context_servers": {"zed": {"command": "mcpeek-test-no-such-server", "args": [], "env": {"KEY": "planted-secret-0123456789"}}}}`},
		{"opencode", find("opencode/opencode.json"), `{"mcp": {"opencode": {"type": "remote", "url": "` + closed + `", "headers": {"X-Key": "{env:MCPEEK_TEST_PLANTED}"}}}}`},
		{"goose", find("goose/config.yaml"), "extensions:\n  goose:\n    type: stdio\n    cmd: mcpeek-test-no-such-server\n    enabled: true\n    envs: {KEY: planted-secret-0123456789}\n"},
	}
	for _, f := range files {
		if err := os.MkdirAll(filepath.Dir(f.path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f.path, []byte(f.content), 0o600); err != nil {
			t.Fatal(err)
		}
	}

	out, stderr, code := mcpeek(t, "servers", "--json")
	if code != 1 {
		t.Errorf("exit %d, want 1 (no server can start)", code)
	}
	var servers []serverJSON
	if err := json.Unmarshal([]byte(out), &servers); err != nil {
		t.Fatalf("%v: %s\n%s", err, out, stderr)
	}
	sources := map[string]string{}
	for _, s := range servers {
		sources[s.Name] = s.Source
	}
	for _, f := range files {
		if sources[f.server] != f.path {
			t.Errorf("server %s from %q, want %q", f.server, sources[f.server], f.path)
		}
	}
	if len(servers) != len(files) {
		t.Errorf("%d servers, want %d: %+v", len(servers), len(files), servers)
	}

	text, textErr, _ := mcpeek(t, "servers")
	for _, f := range files {
		if !strings.Contains(text, "from "+f.path+")") {
			t.Errorf("`servers` does not say %s came from %s:\n%s", f.server, f.path, text)
		}
	}
	for _, output := range []string{out, stderr, text, textErr} {
		if strings.Contains(output, secret) {
			t.Errorf("the planted secret reached an output:\n%s", output)
		}
	}
}

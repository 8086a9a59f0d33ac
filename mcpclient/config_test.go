package mcpclient

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"mcpeek/model"
)

func writeFile(t *testing.T, path, content string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestLoadFormats(t *testing.T) {
	t.Setenv("MCPEEK_TEST_TOKEN", "s3cret-token")
	t.Setenv("MCPEEK_TEST_DIR", "/srv/data")
	tests := []struct {
		name string
		file string // relative path, decides ${workspaceFolder}
		json string
		want []ServerConfig
	}{{
		name: "claude desktop stdio with env",
		file: "claude_desktop_config.json",
		json: `{"mcpServers": {
			"fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "${MCPEEK_TEST_DIR}"]},
			"gh": {"command": "gh-mcp", "env": {"GITHUB_TOKEN": "${MCPEEK_TEST_TOKEN}"}, "cwd": "/tmp"}
		}, "globalShortcut": "Ctrl+Space"}`,
		want: []ServerConfig{
			{Name: "fs", Command: "npx", Args: []string{"-y", "@modelcontextprotocol/server-filesystem", "/srv/data"}},
			{Name: "gh", Command: "gh-mcp", Env: map[string]string{"GITHUB_TOKEN": "s3cret-token"}, Cwd: "/tmp"},
		},
	}, {
		name: "claude code .mcp.json with http, sse and defaults",
		file: ".mcp.json",
		json: `{"mcpServers": {
			"remote": {"type": "http", "url": "https://api.example.com/mcp", "headers": {"Authorization": "Bearer ${MCPEEK_TEST_TOKEN}"}},
			"events": {"type": "sse", "url": "https://example.com/sse"},
			"local": {"type": "stdio", "command": "srv", "args": ["--port", "${MCPEEK_TEST_PORT:-8080}"]}
		}}`,
		want: []ServerConfig{
			{Name: "remote", Type: "http", URL: "https://api.example.com/mcp", Headers: map[string]string{"Authorization": "Bearer s3cret-token"}},
			{Name: "events", Type: "sse", URL: "https://example.com/sse"},
			{Name: "local", Type: "stdio", Command: "srv", Args: []string{"--port", "8080"}},
		},
	}, {
		name: "cursor: url without type, ${env:} and ${workspaceFolder}",
		file: "proj/.cursor/mcp.json",
		json: `{"mcpServers": {
			"linear": {"url": "https://mcp.linear.app/mcp"},
			"tool": {"command": "${workspaceFolder}/bin/tool", "env": {"KEY": "${env:MCPEEK_TEST_TOKEN}"}},
			"off": {"command": "x", "disabled": true}
		}}`,
		want: []ServerConfig{
			{Name: "linear", URL: "https://mcp.linear.app/mcp"},
			{Name: "tool", Command: "{{proj}}/bin/tool", Env: map[string]string{"KEY": "s3cret-token"}},
			{Name: "off", Command: "x", Disabled: true},
		},
	}, {
		name: "windsurf serverUrl and streamable-http",
		file: "mcp_config.json",
		json: `{"mcpServers": {
			"a": {"serverUrl": "https://a.example/mcp"},
			"b": {"type": "streamable-http", "url": "https://b.example/mcp"}
		}}`,
		want: []ServerConfig{
			{Name: "a", URL: "https://a.example/mcp"},
			{Name: "b", Type: "streamable-http", URL: "https://b.example/mcp"},
		},
	}, {
		name: "vs code servers with comments and trailing commas",
		file: "proj/.vscode/mcp.json",
		json: `{
	// Servers for this workspace
	"inputs": [{"type": "promptString", "id": "key", "password": true}],
	"servers": {
		"memory": {"type": "stdio", "command": "mcp-memory", "env": {"PORT": 8080, "DEBUG": true, "UNSET": null},},
		/* remote */ "api": {"type": "http", "url": "https://x.example/mcp", "headers": {"X-Key": "${input:key}"}},
	},
}`,
		want: []ServerConfig{
			{Name: "memory", Type: "stdio", Command: "mcp-memory", Env: map[string]string{"PORT": "8080", "DEBUG": "true"}},
			{Name: "api", Type: "http", URL: "https://x.example/mcp", Headers: map[string]string{"X-Key": "${input:key}"}},
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := writeFile(t, filepath.Join(dir, tt.file), tt.json)
			cfg, err := Load(path)
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			for i := range tt.want {
				tt.want[i].Source = path
				tt.want[i].Command = strings.ReplaceAll(tt.want[i].Command, "{{proj}}", filepath.Join(dir, "proj"))
			}
			if !reflect.DeepEqual(cfg.Servers, tt.want) {
				t.Errorf("servers:\n got %+v\nwant %+v", cfg.Servers, tt.want)
			}
		})
	}
}

func TestTransport(t *testing.T) {
	tests := []struct {
		sc   ServerConfig
		want model.Transport
	}{
		{ServerConfig{Command: "x"}, model.TransportStdio},
		{ServerConfig{Type: "stdio", Command: "x"}, model.TransportStdio},
		{ServerConfig{URL: "http://h"}, model.TransportStreamableHTTP},
		{ServerConfig{Type: "http", URL: "http://h"}, model.TransportStreamableHTTP},
		{ServerConfig{Type: "streamable-http", URL: "http://h"}, model.TransportStreamableHTTP},
		{ServerConfig{Type: "SSE", URL: "http://h"}, model.TransportSSE},
	}
	for _, tt := range tests {
		if got := tt.sc.Transport(); got != tt.want {
			t.Errorf("%+v: Transport() = %q, want %q", tt.sc, got, tt.want)
		}
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name string
		json string
		want string // substring of the error, after the path
	}{
		{"malformed json", "{\n  \"mcpServers\": {\n    \"a\": {\"command\": \"x\",}\n    \"b\": {}\n  }\n}", ":4:5: malformed JSON"},
		{"truncated", `{"mcpServers": {"a": {"command": "x"}`, "malformed JSON"},
		{"no servers object", `{"other": 1}`, `no "mcpServers" (or VS Code "servers") object`},
		{"servers not an object", `{"mcpServers": [1]}`, `:1:16: "mcpServers": expected an object`},
		{"neither command nor url", "{\"mcpServers\": {\n  \"empty\": {\"args\": [\"x\"]}\n}}", `:2:3: server "empty": needs "command" (stdio) or "url" (sse, http)`},
		{"unknown type", `{"mcpServers": {"w": {"type": "websocket", "url": "ws://x"}}}`, `server "w": unknown type "websocket"`},
		{"both command and url", `{"mcpServers": {"b": {"command": "x", "url": "http://x"}}}`, `has both "command" and "url"`},
		{"stdio without command", `{"mcpServers": {"s": {"type": "stdio", "url": "http://x"}}}`, `type "stdio" needs "command"`},
		{"sse without url", `{"mcpServers": {"s": {"type": "sse", "command": "x"}}}`, `type "sse" needs "url"`},
		{"args of wrong type", "{\"mcpServers\": {\"a\": {\"command\": \"x\",\n \"args\": \"--flag\"}}}", `:2:2: server "a": "args": JSON string cannot be used as an array of strings`},
		{"entry not an object", `{"mcpServers": {"a": "npx"}}`, `server "a": entry must be an object`},
		{"env of wrong type", `{"mcpServers": {"a": {"command": "x", "env": {"K": ["v"]}}}}`, `server "a": env "K": value must be a string`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeFile(t, filepath.Join(t.TempDir(), "mcp.json"), tt.json)
			_, err := Load(path)
			if err == nil {
				t.Fatal("Load succeeded, want error")
			}
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("error %T is not a *ConfigError: %v", err, err)
			}
			if !strings.HasPrefix(err.Error(), path) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error = %q\nwant %q after the path", err, tt.want)
			}
		})
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing.json")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v, want ErrNotExist", err)
	}
}

func TestDisabledEntryIsNotValidated(t *testing.T) {
	path := writeFile(t, filepath.Join(t.TempDir(), "mcp.json"), `{"mcpServers": {"old": {"disabled": true}}}`)
	cfg, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Servers) != 1 || !cfg.Servers[0].Disabled {
		t.Fatalf("servers = %+v", cfg.Servers)
	}
}

func TestExpand(t *testing.T) {
	env := map[string]string{"HOME_DIR": "/home/u", "EMPTY": "", "TOKEN": "abc"}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	tests := []struct {
		in, want string
		missing  []string
	}{
		{"plain", "plain", nil},
		{"${HOME_DIR}/x", "/home/u/x", nil},
		{"${env:TOKEN}", "abc", nil},
		{"a${TOKEN}b${TOKEN}c", "aabcbabcc", nil},
		{"${NOPE}", "", []string{"${NOPE} is not set"}},
		{"${NOPE:-fallback}", "fallback", nil},
		{"${EMPTY:-fallback}", "fallback", nil},
		{"${EMPTY}", "", nil},
		{"${NOPE:-${TOKEN}}", "abc", nil},
		{"${userHome}/.config", "/home/me/.config", nil},
		{"${workspaceFolder}/bin", "/work/proj/bin", nil},
		{"${workspaceFolderBasename}", "proj", nil},
		{"${input:apiKey}", "${input:apiKey}", []string{"${input:apiKey} cannot be resolved outside its editor"}},
		{"$TOKEN and ${unterminated", "$TOKEN and ${unterminated", nil},
	}
	for _, tt := range tests {
		x := &expander{lookup: lookup, home: "/home/me", workspace: "/work/proj"}
		if got := x.expand(tt.in); got != tt.want {
			t.Errorf("expand(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if !reflect.DeepEqual(x.missing, tt.missing) {
			t.Errorf("expand(%q) missing = %q, want %q", tt.in, x.missing, tt.missing)
		}
	}
}

func TestUnsetVariableWarns(t *testing.T) {
	path := writeFile(t, filepath.Join(t.TempDir(), "mcp.json"),
		`{"mcpServers": {"a": {"command": "x", "env": {"K": "${MCPEEK_TEST_SURELY_UNSET}"}}}}`)
	cfg, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := cfg.Servers[0].Env["K"]; got != "" {
		t.Errorf("K = %q, want empty", got)
	}
	if len(cfg.Warnings) != 1 || !strings.Contains(cfg.Warnings[0], `server "a": ${MCPEEK_TEST_SURELY_UNSET} is not set`) {
		t.Errorf("warnings = %q", cfg.Warnings)
	}
}

func TestDiscoverOrderAndMerge(t *testing.T) {
	root := t.TempDir()
	home := filepath.Join(root, "home")
	proj := filepath.Join(root, "src", "proj")
	cwd := filepath.Join(proj, "sub")
	if err := os.MkdirAll(filepath.Join(proj, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(cwd, 0o755); err != nil {
		t.Fatal(err)
	}
	sub := writeFile(t, filepath.Join(cwd, ".mcp.json"), `{"mcpServers": {"shared": {"command": "from-subdir"}}}`)
	claudeCode := writeFile(t, filepath.Join(proj, ".mcp.json"), `{"mcpServers": {"shared": {"command": "from-project"}, "b": {"command": "b"}}}`)
	vscode := writeFile(t, filepath.Join(proj, ".vscode", "mcp.json"), `{"servers": {"c": {"type": "stdio", "command": "c"}, "b": {"command": "ignored"}}}`)
	// ~/.claude.json starts with a byte order mark, as Windows editors write.
	claudeJSON := writeFile(t, filepath.Join(home, ".claude.json"), "\uFEFF"+`{
		"numStartups": 3,
		"projects": {"`+filepath.ToSlash(proj)+`": {"mcpServers": {"local": {"command": "local"}}}},
		"mcpServers": {"user": {"command": "user"}, "c": {"command": "ignored"}}}`)
	cursor := writeFile(t, filepath.Join(home, ".cursor", "mcp.json"), `{"mcpServers": {"z": {"url": "https://z"}}}`)
	windsurf := writeFile(t, filepath.Join(home, ".codeium", "windsurf", "mcp_config.json"), `{"mcpServers": {"w": {"serverUrl": "https://w"}}}`)
	// A broken user file does not hide the others.
	bad := writeFile(t, filepath.Join(appSupportDir(home), "Claude", "claude_desktop_config.json"), `{"mcpServers": {`)

	cfg, err := Discover(cwd, home)
	var ce *ConfigError
	if !errors.As(err, &ce) || ce.Path != bad {
		t.Errorf("err = %v, want a ConfigError for %s", err, bad)
	}
	type got struct{ Name, Command, Source string }
	var names []got
	for _, s := range cfg.Servers {
		names = append(names, got{s.Name, s.Command + s.URL, s.Source})
	}
	want := []got{
		{"shared", "from-subdir", sub},
		{"b", "b", claudeCode},
		{"c", "c", vscode},
		{"local", "local", claudeJSON},
		{"user", "user", claudeJSON},
		{"z", "https://z", cursor},
		{"w", "https://w", windsurf},
	}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("servers:\n got %+v\nwant %+v", names, want)
	}

	// Every file of the nearest directory comes before the parent's.
	paths := SearchPaths(cwd, home)
	if i := slices.Index(paths, claudeCode); paths[0] != sub || i < 1 || !strings.HasPrefix(paths[i-1], cwd+string(filepath.Separator)) {
		t.Errorf("SearchPaths = %q", paths)
	}
}

// In ~/.claude.json, each project directory's servers come nearest
// first, then the user's; a bad entry in one scope loses only that
// scope, and is reported once.
func TestDiscoverClaudeScopes(t *testing.T) {
	root := t.TempDir()
	home := filepath.Join(root, "home")
	proj := filepath.Join(root, "proj")
	cwd := filepath.Join(proj, "sub")
	if err := os.MkdirAll(filepath.Join(proj, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(cwd, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(home, ".claude.json"), `{
		"projects": {
			"`+filepath.ToSlash(proj)+`": {"mcpServers": {"both": {"command": "from-root"}, "root": {"command": "r"}}},
			"`+filepath.ToSlash(cwd)+`/": {"mcpServers": {"both": {"command": "from-sub"}}},
			"/elsewhere": {"mcpServers": {"broken": {"command": 5}}}
		},
		"mcpServers": {"user": {"command": "u"}, "bad": {"command": 5}}}`)
	cfg, err := Discover(cwd, home)
	if err == nil || strings.Count(err.Error(), ".claude.json") != 1 || !strings.Contains(err.Error(), `"bad"`) {
		t.Errorf("err = %v, want one error for the user scope's bad entry", err)
	}
	var got []string
	for _, s := range cfg.Servers {
		got = append(got, s.Name+"="+s.Command)
	}
	if want := []string{"both=from-sub", "root=r"}; !reflect.DeepEqual(got, want) {
		t.Errorf("servers = %q, want %q", got, want)
	}
}

func TestDiscoverWithoutRepositoryReadsOnlyCwd(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, ".mcp.json"), `{"mcpServers": {"parent": {"command": "p"}}}`)
	cwd := filepath.Join(root, "child")
	if err := os.MkdirAll(cwd, 0o755); err != nil {
		t.Fatal(err)
	}
	cfg, err := Discover(cwd, filepath.Join(root, "nohome"))
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Servers) != 0 {
		t.Errorf("servers = %+v, want none (no .git: the parent is not the project)", cfg.Servers)
	}
}

func TestRedaction(t *testing.T) {
	sc := ServerConfig{
		Name:    "api",
		Type:    "http",
		URL:     "https://user:hunter22@api.example.com/mcp?key=query-secret&mode=x",
		Headers: map[string]string{"Authorization": "Bearer tok-12345"},
		Env:     map[string]string{"API_KEY": "env-secret-value"},
	}
	s := sc.String()
	for _, secret := range []string{"hunter22", "query-secret", "tok-12345", "env-secret-value"} {
		if strings.Contains(s, secret) {
			t.Errorf("String() leaks %q: %s", secret, s)
		}
	}
	if !strings.Contains(s, "Authorization: ***") || !strings.Contains(s, "API_KEY=***") {
		t.Errorf("String() = %s", s)
	}
	msg := sc.Redact(`Post "https://user:hunter22@api.example.com/mcp?key=query-secret": token tok-12345 rejected; env-secret-value`)
	for _, secret := range []string{"hunter22", "query-secret", "tok-12345", "env-secret-value"} {
		if strings.Contains(msg, secret) {
			t.Errorf("Redact leaks %q: %s", secret, msg)
		}
	}
	stdio := ServerConfig{Name: "fs", Command: "npx", Args: []string{"-y", "srv"}, Env: map[string]string{"T": "xyzzy"}}
	if got, want := stdio.String(), "fs (stdio: npx -y srv) env[T=***]"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestLoadWithByteOrderMark(t *testing.T) {
	path := writeFile(t, filepath.Join(t.TempDir(), "mcp.json"), "\uFEFF"+`{"servers": {"fs": {"command": "srv"}}}`)
	cfg, err := Load(path)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if len(cfg.Servers) != 1 || cfg.Servers[0].Command != "srv" {
		t.Errorf("servers = %+v", cfg.Servers)
	}
	// Positions in errors count from after the mark.
	bad := writeFile(t, filepath.Join(t.TempDir(), "mcp.json"), "\uFEFF"+`{"servers": {"fs": 1}}`)
	if _, err := Load(bad); err == nil || !strings.Contains(err.Error(), ":1:14:") {
		t.Errorf("Load(bad) = %v, want an error at 1:14", err)
	}
}

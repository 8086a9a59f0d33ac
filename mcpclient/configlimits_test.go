package mcpclient

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// nest returns n levels of open, then leaf, then n levels of close.
func nest(open, leaf, close string, n int) string {
	return strings.Repeat(open, n) + leaf + strings.Repeat(close, n)
}

// TestNestingBombsAreRefusedBeforeParsing: files nested far deeper than
// any config end in an error naming the file, the place and the limit. A
// TOML parser took seconds and a gigabyte on 5,000 nested inline tables
// (and minutes and gigabytes, deaf to SIGTERM, on 100,000).
func TestNestingBombsAreRefusedBeforeParsing(t *testing.T) {
	t.Parallel()
	const deep = 5000
	dashes := strings.Repeat("- ", deep) + "a\n"
	var indented strings.Builder
	for i := range 200 {
		fmt.Fprintf(&indented, "%sk:\n", strings.Repeat(" ", i))
	}
	tests := []struct {
		name, file, text string
	}{
		{"toml inline tables", "config.toml", "[mcp_servers.x]\ncommand = \"echo\"\nenv = " + nest("{a=", "1", "}", deep) + "\n"},
		{"toml arrays", "config.toml", "[mcp_servers.x]\ncommand = \"echo\"\nargs = " + nest("[", "1", "]", deep) + "\n"},
		{"toml dotted keys", "config.toml", "[mcp_servers.x]\ncommand = \"echo\"\n" + strings.Repeat("a.", deep) + "a = 1\n"},
		{"toml table header", "config.toml", "[" + strings.Repeat("a.", deep) + "a]\n"},
		{"json objects", "mcp.json", `{"mcpServers": {"x": {"command": "echo", "env": ` + nest(`{"a":`, "1", "}", deep) + `}}}`},
		{"jsonc arrays", "mcp.json", "// servers\n{\"mcpServers\": {}, \"x\": " + nest("[", "1", "]", deep) + "}"},
		{"yaml flow", "config.yaml", "extensions:\n  x: " + nest("{a: ", "1", "}", deep) + "\n"},
		{"yaml compact items", "config.yaml", "extensions:\n  x:\n" + dashes},
		{"yaml indentation", "config.yaml", indented.String()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := writeFile(t, filepath.Join(t.TempDir(), tt.file), tt.text)
			_, err := Load(path)
			var ce *ConfigError
			if !errors.As(err, &ce) || ce.Path != path || ce.Line == 0 ||
				!strings.Contains(err.Error(), "nested more than 128 levels deep") {
				t.Fatalf("Load = %v, want a nesting error at a line of %s", err, path)
			}
		})
	}
}

// TestProjectNestingBombIsReportedByDiscover: a project's .codex/config.toml
// is read without being named; the bomb is a warning-level error for that
// file, and the other files still count.
func TestProjectNestingBombIsReportedByDiscover(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	project := filepath.Join(home, "repo")
	writeFile(t, filepath.Join(project, ".codex", "config.toml"), "[mcp_servers.x]\ncommand = \"echo\"\nenv = "+nest("{a=", "1", "}", 100_000)+"\n")
	writeFile(t, filepath.Join(project, ".mcp.json"), `{"mcpServers": {"ok": {"command": "echo"}}}`)
	cfg, err := discover(project, home, func(string) (string, bool) { return "", false })
	if err == nil || !strings.Contains(err.Error(), filepath.Join(".codex", "config.toml")) || !strings.Contains(err.Error(), "128 levels") {
		t.Fatalf("err = %v, want the nesting limit of .codex/config.toml", err)
	}
	if len(cfg.Servers) != 1 || cfg.Servers[0].Name != "ok" {
		t.Fatalf("servers = %+v, want ok from .mcp.json", cfg.Servers)
	}
}

// TestNestingWithinTheLimitIsRead: what the depth count must not mistake
// for nesting: brackets in strings and comments, floats, a YAML block
// scalar, an apostrophe in a plain scalar.
func TestNestingWithinTheLimitIsRead(t *testing.T) {
	t.Parallel()
	many := strings.Repeat("[", 300)
	tests := []struct {
		name, file, text string
	}{
		{"toml", "config.toml", "# " + many + "\n[mcp_servers.x]\ncommand = \"echo\"\nargs = [\"" + many + "\", '" + many + "', \"\"\"\n" + many + "\"\"\"]\nstartup_timeout_sec = 1.5\nenv = " + nest("{a=", "\"1\"", "}", 1) + "\n"},
		{"json", "mcp.json", "/* " + many + " */\n{\"mcpServers\": {\"x\": {\"command\": \"echo\", \"args\": [\"" + many + "\", \"\\\"" + many + "\"]}}}"},
		{"yaml", "config.yaml", "extensions:\n  x:\n    type: stdio\n    cmd: echo\n    description: don't " + many + "\n    args: ['" + many + "', \"" + many + "\"]\n    notes: |\n      " + many + "\n      '\n    envs: {A: \"1\"} # " + many + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := writeFile(t, filepath.Join(t.TempDir(), tt.file), tt.text)
			cfg, err := Load(path)
			if err != nil || len(cfg.Servers) != 1 {
				t.Fatalf("Load = %+v, %v; want server x", cfg, err)
			}
		})
	}
}

// TestConfigSizeLimits: a file over its format's limit is refused before
// it is read (the file here is sparse); ~/.claude.json, where Claude Code
// keeps its history, has a larger one.
func TestConfigSizeLimits(t *testing.T) {
	t.Parallel()
	sparse := func(path string, size int64) string {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := f.Truncate(size); err != nil {
			t.Fatal(err)
		}
		return path
	}
	dir := t.TempDir()
	tests := []struct {
		path, want string
	}{
		{sparse(filepath.Join(dir, "mcp.json"), MaxJSONConfigBytes+1), "over the 16 MiB limit for a JSON config file"},
		{sparse(filepath.Join(dir, "config.toml"), MaxTextConfigBytes+1), "over the 1 MiB limit for a TOML config file"},
		{sparse(filepath.Join(dir, "config.yml"), MaxTextConfigBytes+1), "over the 1 MiB limit for a YAML config file"},
		{sparse(filepath.Join(dir, "home", ".claude.json"), MaxClaudeStateBytes+1), "over the 256 MiB limit for a JSON config file"},
	}
	for _, tt := range tests {
		_, err := Load(tt.path)
		var ce *ConfigError
		if !errors.As(err, &ce) || ce.Path != tt.path || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Load(%s) = %v, want %q", filepath.Base(tt.path), err, tt.want)
		}
	}

	// Within its own limit, ~/.claude.json is read (and found to be no
	// JSON: the bytes of a sparse file are zeros).
	claude := sparse(filepath.Join(dir, "home2", ".claude.json"), MaxJSONConfigBytes+1)
	if _, err := Load(claude); err == nil || strings.Contains(err.Error(), "limit") {
		t.Errorf("Load(.claude.json of 16 MiB) = %v, want it read", err)
	}
}

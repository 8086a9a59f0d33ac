package mcpclient

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestSandboxInTheFile: "sandbox" is true, false, absent or a profile;
// anything else is an error naming the field.
func TestSandboxInTheFile(t *testing.T) {
	path := writeFile(t, filepath.Join(t.TempDir(), "mcp.json"), `{"mcpServers": {
		"on": {"command": "/srv/bin/srv", "sandbox": true},
		"off": {"command": "srv", "sandbox": false},
		"plain": {"command": "srv"},
		"profile": {"command": "srv", "env": {"TOKEN": "t0k"}, "sandbox": {"network": true, "memoryMiB": 1024, "processes": 8, "cpuSeconds": 30}}}}`)
	cfg, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]ServerConfig{}
	for _, s := range cfg.Servers {
		got[s.Name] = s
	}
	if got["on"].Sandbox == nil || *got["on"].Sandbox != (SandboxConfig{}) || got["off"].Sandbox != nil || got["plain"].Sandbox != nil {
		t.Errorf("sandbox: on %v, off %v, plain %v", got["on"].Sandbox, got["off"].Sandbox, got["plain"].Sandbox)
	}
	if s := got["on"].SandboxSummary(); s != "fs read-only except scratch (/tmp, 256 MiB), home hidden, no network, 512 MiB, 64 processes, 600 s CPU" {
		t.Errorf("on: %q", s)
	}
	// The command's own directory is seen, never written.
	if p := sandboxPolicy(got["on"]); !slices.Equal(p.Visible, []string{"/srv/bin"}) || len(p.Writable) > 0 {
		t.Errorf("on: visible %v, writable %v", p.Visible, p.Writable)
	}
	if s := got["profile"].SandboxSummary(); s != "fs read-only except scratch (/tmp, 256 MiB), home hidden, network allowed, 1024 MiB, 8 processes, 30 s CPU" {
		t.Errorf("profile: %q", s)
	}
	if got["plain"].SandboxSummary() != "" {
		t.Error("a server without a sandbox has a summary")
	}
	for _, bad := range []string{`"yes"`, `1`, `{"network": "yes"}`, `{"memory": 5}`, `{"memoryMiB": -1}`} {
		path := writeFile(t, filepath.Join(t.TempDir(), "mcp.json"), `{"mcpServers": {"s": {"command": "srv", "sandbox": `+bad+`}}}`)
		if _, err := Load(path); err == nil || !strings.Contains(err.Error(), "sandbox") {
			t.Errorf("Load(sandbox: %s) = %v", bad, err)
		}
	}
}

// TestOwnDir: the directory of a command given as a path, made visible,
// unless that is a system directory, the root, a home or above one.
func TestOwnDir(t *testing.T) {
	t.Setenv("HOME", "/srv/me")
	for cmd, want := range map[string]string{
		"/opt/mcp/files/server.js": "/opt/mcp/files",
		"node":                     "",
		"/usr/bin/node":            "",
		"/usr/local/bin/srv":       "",
		"/server":                  "",
		"/home/me/server.js":       "",
		"/home/me/mcp/server.js":   "/home/me/mcp",
		"/root/server.js":          "",
		"/srv/me/server.js":        "",
		"/srv/server.js":           "",
		"/srv/me/mcp/server.js":    "/srv/me/mcp",
	} {
		if got := ownDir(ServerConfig{Command: cmd}); got != want {
			t.Errorf("ownDir(%s) = %q, want %q", cmd, got, want)
		}
	}
	if got := ownDir(ServerConfig{Command: "./bin/srv", Cwd: "/opt/mcp"}); got != "/opt/mcp/bin" {
		t.Errorf("relative: %q", got)
	}
}

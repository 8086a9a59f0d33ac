package main

import (
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// hostileEntry writes the hostile server as an executable script in a
// directory of its own (outside /tmp), plants a private key in a home
// outside /tmp and opens a listener on loopback; it returns a config
// whose one server, "hostile", runs the script with sandbox, and the
// directory a write outside scratch would land in.
func hostileEntry(t *testing.T, sandbox string) (cfg, target string) {
	t.Helper()
	home, own := worldDir(t, "home"), worldDir(t, "server")
	target = worldDir(t, "target")
	key := filepath.Join(home, ".ssh", "id_rsa")
	if err := os.MkdirAll(filepath.Dir(key), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(key, []byte("-----BEGIN PRIVATE KEY-----"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", home)
	t.Setenv("MCPEEK_TEST_SECRET", "s3cret")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	// The same script, answering tools/call with its report too.
	script := "#!/usr/bin/env node\n" + strings.Replace(hostileServer, "if (m.method === 'tools/list')",
		"if (m.method === 'tools/call') result = { content: [{ type: 'text', text: 'called: ' + desc }] };\n      if (m.method === 'tools/list')", 1)
	server := filepath.Join(own, "server.js")
	if err := os.WriteFile(server, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg = filepath.Join(own, "mcp.json")
	if err := os.WriteFile(cfg, fmt.Appendf(nil, `{"mcpServers": {"hostile": {"command": %q, "args": [%q, %q, %q], "sandbox": %s}}}`,
		server, key, target, port, sandbox), 0o644); err != nil {
		t.Fatal(err)
	}
	return cfg, target
}

// contained is what the hostile server reports inside the sandbox.
var contained = []string{"key=ENOENT", "write=EROFS", "scratch=DONE", "secret=unset", "net=ECONNREFUSED"}

// TestConfigSandboxContainsServer: a config entry with "sandbox": true
// runs its server in the sandbox of a tried server, through tools, call
// and the gateway: the key in the home, a write outside scratch, the
// listener on loopback and mcpeek's environment are out of reach, and
// servers and tool_help("") say what is enforced.
func TestConfigSandboxContainsServer(t *testing.T) {
	sandboxReady(t)
	cfg, target := hostileEntry(t, "true")
	check := func(what, out string) {
		t.Helper()
		for _, want := range contained {
			if !strings.Contains(out, want) {
				t.Errorf("%s: the hostile server reports no %s:\n%s", what, want, out)
			}
		}
	}
	out, stderr, code := mcpeek(t, "tools", "--json", "--config", cfg)
	if code != 0 {
		t.Fatalf("tools: exit %d\n%s\n%s", code, out, stderr)
	}
	check("tools", out)
	out, stderr, code = mcpeek(t, "call", "hostile.report", "--config", cfg)
	if code != 0 || !strings.Contains(out, "called: ") {
		t.Fatalf("call: exit %d\n%s\n%s", code, out, stderr)
	}
	check("call", out)
	out, _, _ = mcpeek(t, "servers", "--json", "--config", cfg)
	if !strings.Contains(out, `"sandbox": "fs read-only except scratch (/tmp, 256 MiB), home hidden, `) || !strings.Contains(out, "no network, 512 MiB, 64 processes, 600 s CPU") {
		t.Errorf("servers --json says no sandbox:\n%s", out)
	}
	var servers []serverJSON
	if json.Unmarshal([]byte(out), &servers) != nil || len(servers) != 1 || strings.Contains(servers[0].Command, "bwrap") ||
		!strings.Contains(servers[0].SandboxCommand, "bwrap") || !strings.HasSuffix(servers[0].SandboxCommand, servers[0].Command) {
		t.Errorf("servers --json: the command is not the server's own, or the sandbox's is missing:\n%s", out)
	}
	if out, _, _ = mcpeek(t, "servers", "--config", cfg); !strings.Contains(out, "sandbox: fs read-only") {
		t.Errorf("servers says no sandbox:\n%s", out)
	}
	call := func(id int, tool, args string) string {
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":%s}}`, id, tool, args)
	}
	out, stderr = gatewayTalk(t, []string{"gateway", "--config", cfg},
		[]string{call(2, "tool_help", `{"path":""}`), call(3, "tool_exec", `{"op":"hostile.report"}`)})
	check("gateway", out)
	if !strings.Contains(out, `\"sandbox\":\"fs read-only except scratch`) {
		t.Errorf("tool_help(\"\") says no sandbox:\n%s\n%s", out, stderr)
	}
	if _, err := os.Stat(filepath.Join(target, "pwned")); err == nil {
		t.Error("a file was written outside scratch")
	}
}

// TestConfigSandboxRefusedWithoutBwrap: where the sandbox cannot be
// enforced (no bwrap on PATH), a server that asks for one is not started,
// with an error saying why, and never runs unsandboxed.
func TestConfigSandboxRefusedWithoutBwrap(t *testing.T) {
	node, _ := sandboxReady(t)
	cfg, target := hostileEntry(t, `{"network": true}`)
	t.Setenv("PATH", filepath.Dir(node)) // node, and no bwrap
	out, stderr, code := mcpeek(t, "tools", "--config", cfg)
	if code == 0 || !strings.Contains(stderr, `asks for a sandbox ("sandbox" in its entry) and is not started`) ||
		!strings.Contains(stderr, "bubblewrap (bwrap) is not installed") {
		t.Errorf("exit %d\n%s\n%s", code, out, stderr)
	}
	if _, err := os.Stat(filepath.Join(target, "pwned")); err == nil {
		t.Error("the server ran without its sandbox")
	}
}

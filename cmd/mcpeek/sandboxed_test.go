package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mcpeek/internal/npmpeers"
	"mcpeek/internal/testkit"
	"mcpeek/mcpclient/registry"
	"mcpeek/mcpclient/registry/sandbox"
)

// sandboxReady skips the test when this machine cannot enforce the
// sandbox, saying why, and puts node first on PATH. It returns the npm
// peers' node, where a tried server's sandbox sees it (a link in a
// testkit.SeenDir when the checkout is under /tmp or in a private home),
// and their node_modules folder.
func sandboxReady(t *testing.T) (node, modules string) {
	t.Helper()
	node, modules = npmpeers.Find(t)
	if _, err := sandbox.Detect(); errors.Is(err, sandbox.ErrUnavailable) {
		testkit.SkipSandbox(t, fmt.Sprintf("no sandbox on this machine (scripts/test installs bubblewrap): %v", err))
	}
	if unseen := sandboxUnseen(t); unseen(node) != "" {
		link := filepath.Join(testkit.SeenDir(t, "node", unseen), "bin", "node")
		if err := testkit.LinkTree(node, link); err != nil {
			t.Fatal(err)
		}
		node = link
	}
	t.Setenv("PATH", filepath.Dir(node)+string(filepath.ListSeparator)+os.Getenv("PATH"))
	return node, modules
}

// sandboxUnseen says why a tried server's sandbox, as it is now (it hides
// the home of this moment), does not see a path ("" when it does).
func sandboxUnseen(t *testing.T) func(path string) string {
	t.Helper()
	sb, err := sandbox.Detect()
	if err != nil {
		t.Fatal(err)
	}
	return func(path string) string { return sb.Unseen(sandbox.Policy{Limits: sandbox.DefaultLimits}, path) }
}

// worldDir makes a directory that a tried server's sandbox sees where it
// lies, outside /tmp and the homes, readable and writable by all, removed
// after the test (testkit.SeenDir).
func worldDir(t *testing.T, name string) string {
	t.Helper()
	return testkit.SeenDir(t, name, sandboxUnseen(t))
}

// preinstall puts the e2e folder's packages where mcpeek installs a tried
// package (node_modules of the package's own directory is the e2e one,
// or a copy of links to it where the sandbox finds that), so that no test
// downloads from npm. The cache folder is made readable by all, as a root
// sandbox (run as nobody) needs.
func preinstall(t *testing.T, modules string, packages ...string) {
	t.Helper()
	cache := os.Getenv("XDG_CACHE_HOME")
	for d := cache; d != "/" && d != "."; d = filepath.Dir(d) {
		if strings.HasPrefix(d, os.TempDir()) && len(d) > len(os.TempDir()) {
			if err := os.Chmod(d, 0o755); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := os.MkdirAll(filepath.Join(cache, "mcpeek", "sandbox"), 0o755); err != nil {
		t.Fatal(err)
	}
	if unseen := sandboxUnseen(t); len(packages) > 0 && unseen(modules) != "" {
		links := filepath.Join(testkit.SeenDir(t, "e2e", unseen), "node_modules")
		if err := testkit.LinkTree(modules, links); err != nil {
			t.Fatal(err)
		}
		modules = links
	}
	for _, p := range packages {
		dir := registry.NPMDir(filepath.Join(cache, "mcpeek", "sandbox"), p, "2026.8.31")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(modules, filepath.Join(dir, "node_modules")); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRegistryServerInTheSandbox runs the npm peers from the local
// registry in the sandbox, with no network: each lists its tools, and
// stderr states what the sandbox enforces.
func TestRegistryServerInTheSandbox(t *testing.T) {
	_, modules := sandboxReady(t)
	reg := localRegistry(t)
	preinstall(t, modules, "@modelcontextprotocol/server-everything", "@modelcontextprotocol/server-filesystem", "@modelcontextprotocol/server-memory")
	for _, tc := range []struct {
		server string
		inputs []string
		tools  int
	}{
		{"server-everything", nil, everythingToolsNoRoots},
		// The filesystem server may see a directory of the read-only system.
		{"server-filesystem", []string{"--registry-input", "allowed_directory=/usr/share"}, 0},
		// The memory server writes its file in scratch.
		{"server-memory", []string{"--registry-input", "MEMORY_FILE_PATH=/tmp/memory.jsonl"}, 0},
	} {
		args := append([]string{"tools", "--json", "--registry", reg.URL, "--registry-server", "io.github.modelcontextprotocol/" + tc.server}, tc.inputs...)
		out, stderr, code := mcpeek(t, args...)
		var tools []toolJSON
		if code != 0 || json.Unmarshal([]byte(out), &tools) != nil || len(tools) == 0 {
			t.Errorf("%s: exit %d\n%s\n%s", tc.server, code, out, stderr)
			continue
		}
		if tc.tools > 0 && len(tools) != tc.tools {
			t.Errorf("%s: %d tools, want %d", tc.server, len(tools), tc.tools)
		}
		if !strings.Contains(stderr, "(sandbox: fs read-only except scratch (/tmp, 256 MiB), home hidden, no network, 512 MiB, 64 processes, 600 s CPU, data ") ||
			strings.Contains(stderr, "npx") {
			t.Errorf("%s: stderr: %s", tc.server, stderr)
		}
	}
	out, stderr, code := mcpeek(t, "servers", "--json", "--allow-net", "--registry", reg.URL, "--registry-server", "io.github.modelcontextprotocol/server-everything")
	var servers []serverJSON
	if code != 0 || json.Unmarshal([]byte(out), &servers) != nil || len(servers) != 1 {
		t.Fatalf("servers: exit %d\n%s\n%s", code, out, stderr)
	}
	// The server's own command is shown, its sandbox on its own; the
	// whole wrapper stays in sandbox_command for debugging.
	s := servers[0]
	if !strings.HasPrefix(s.Source, "registry http") || !strings.HasPrefix(s.Sandbox, "fs read-only except scratch (/tmp, 256 MiB), home hidden, network allowed, 512 MiB, 64 processes, 600 s CPU, data ") ||
		!strings.Contains(s.Command, "server-everything") || strings.Contains(s.Command, "bwrap") || !strings.Contains(s.SandboxCommand, "bwrap") || !strings.Contains(s.SandboxCommand, "server-everything") {
		t.Errorf("servers --json: %+v", s)
	}
	out, stderr, code = mcpeek(t, "servers", "--allow-net", "--registry", reg.URL, "--registry-server", "io.github.modelcontextprotocol/server-everything")
	if code != 0 || !strings.Contains(out, "    sandbox: fs read-only except scratch") || strings.Contains(out, "bwrap") {
		t.Errorf("servers: exit %d\n%s\n%s", code, out, stderr)
	}
}

// TestRegistryServerRefusesWithoutASandbox: where bubblewrap cannot be
// found the server is not started, and the error says what is missing
// and that --no-sandbox runs it without one.
func TestRegistryServerRefusesWithoutASandbox(t *testing.T) {
	reg := localRegistry(t)
	t.Setenv("PATH", t.TempDir())
	_, stderr, code := mcpeek(t, "tools", "--registry", reg.URL, "--registry-server", "io.github.modelcontextprotocol/server-everything")
	if code == 0 || !strings.Contains(stderr, "the sandbox cannot be enforced here: bubblewrap (bwrap) is not installed") ||
		!strings.Contains(stderr, "give --no-sandbox to run the server without one") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

// TestTryInstallsFromNPM installs server-memory from the npm registry
// into its own directory (npm in the sandbox, with the network) and
// lists its tools from the sandbox. It needs the npm registry, so it runs
// only with MCPEEK_TEST_NPM_INSTALL=1.
func TestTryInstallsFromNPM(t *testing.T) {
	if os.Getenv("MCPEEK_TEST_NPM_INSTALL") != "1" {
		t.Skip("installs from the npm registry over the network: set MCPEEK_TEST_NPM_INSTALL=1 to run it")
	}
	sandboxReady(t)
	reg := localRegistry(t)
	preinstall(t, "")
	out, stderr, code := mcpeek(t, "try", "io.github.modelcontextprotocol/server-memory", "--no-tui", "--registry", reg.URL,
		"--registry-input", "MEMORY_FILE_PATH=/tmp/memory.jsonl")
	if code != 0 || !strings.Contains(out, "server-memory (9 tools)") ||
		!strings.Contains(stderr, "installing @modelcontextprotocol/server-memory@2026.8.31 into ") {
		t.Fatalf("exit %d\n%s\n%s", code, out, stderr)
	}
	// A second try finds it installed.
	_, stderr, code = mcpeek(t, "try", "io.github.modelcontextprotocol/server-memory", "--no-tui", "--registry", reg.URL)
	if code != 0 || strings.Contains(stderr, "installing") {
		t.Errorf("second try: exit %d: %s", code, stderr)
	}
}

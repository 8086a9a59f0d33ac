package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"mcpeek/internal/registrytest"
)

// The registry tests set XDG_CACHE_HOME, where the cache lives, so they do
// not run in parallel.

// localRegistry serves the npm peers (at the versions e2e/package-lock.json
// pins), a remote server and hostile entries; the cache is the test's.
func localRegistry(t *testing.T) *registrytest.Registry {
	t.Helper()
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	reg := registrytest.New(t)
	at := time.Now().Add(-time.Hour)
	for _, name := range []string{"server-everything", "server-filesystem", "server-memory", "remote-weather"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "mcpclient", "registry", "testdata", name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		reg.Add(t, b, at)
	}
	reg.Add(t, fmt.Appendf(nil, `{"name":"io.evil/huge","description":%q,"version":"1.0.0"}`, strings.Repeat("A", 1<<20)), at)
	reg.Add(t, []byte(`{"name":"io.evil/escape\u001b[31m","title":"\u009b2J","description":"\u001b]0;owned\u0007\u001b[2Jgone\u202e","version":"1.0.0",
		"packages":[{"registryType":"npm","identifier":"../../etc","version":"1.0.0","transport":{"type":"stdio"},
		"packageArguments":[{"type":"positional","value":"; rm -rf ~"},{"type":"named","name":"--x","value":"$(touch /tmp/pwned)"},{"type":"positional","value":"-e"}]}]}`), at)
	return reg
}

func TestRegistrySearchTable(t *testing.T) {
	reg := localRegistry(t)
	out, stderr, code := mcpeek(t, "registry", "search", "--registry", reg.URL)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"NAME", "io.github.modelcontextprotocol/server-everything  2026.8.31  npm", "npm",
		"com.example/weather", "remote", "yes", "6 servers",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	if strings.ContainsAny(out, "\x1b\u009b\u202e") {
		t.Errorf("a control character reached the screen:\n%q", out)
	}
	if len(out) > 4000 {
		t.Errorf("the table is %d bytes: the 1 MB description was not cut", len(out))
	}
}

func TestRegistrySearchJSONKeepsEntriesWhole(t *testing.T) {
	reg := localRegistry(t)
	out, stderr, code := mcpeek(t, "registry", "search", "weather", "--json", "--registry", reg.URL)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var entries []struct {
		Server map[string]any `json:"server"`
		Meta   map[string]any `json:"_meta"`
	}
	if err := json.Unmarshal([]byte(out), &entries); err != nil || len(entries) != 1 {
		t.Fatalf("%v: %s", err, out)
	}
	if entries[0].Server["x-publisher-note"] == nil || entries[0].Meta["io.modelcontextprotocol.registry/official"] == nil {
		t.Errorf("entry not whole: %s", out)
	}
}

func TestRegistryJSONEscapesWhatATerminalWouldActOn(t *testing.T) {
	reg := localRegistry(t)
	out, _, code := mcpeek(t, "registry", "search", "io.evil/escape", "--json", "--registry", reg.URL)
	if code != 0 {
		t.Fatal(code)
	}
	if strings.ContainsAny(out, "\x1b\u009b\u202e\x07") || !strings.Contains(out, `\u009b2J`) || !strings.Contains(out, `\u202e`) {
		t.Errorf("raw controls in --json:\n%q", out)
	}
	var back []map[string]map[string]any
	if err := json.Unmarshal([]byte(out), &back); err != nil || back[0]["server"]["title"] != "\u009b2J" {
		t.Errorf("escaped JSON does not read back to the same strings: %v", err)
	}
}

func TestRegistryShowPackage(t *testing.T) {
	reg := localRegistry(t)
	out, stderr, code := mcpeek(t, "registry", "show", "io.github.modelcontextprotocol/server-filesystem", "--registry", reg.URL)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"io.github.modelcontextprotocol/server-filesystem  2026.8.31",
		"MCP server for filesystem access",
		"status: active, latest; published ",
		"repository: https://github.com/modelcontextprotocol/servers (src/filesystem)",
		"package npm @modelcontextprotocol/server-filesystem 2026.8.31  (stdio)",
		"from: https://registry.npmjs.org",
		"runtime: npx",
		"package arguments:",
		"<allowed_directory>  positional, repeated, required, filepath — A directory the server may read and write",
		"run: npx -y @modelcontextprotocol/server-filesystem@2026.8.31  (needs argument <allowed_directory>)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("show lacks %q:\n%s", want, out)
		}
	}
	mem, _, _ := mcpeek(t, "registry", "show", "io.github.modelcontextprotocol/server-memory@2026.8.31", "--registry", reg.URL)
	if !strings.Contains(mem, "MEMORY_FILE_PATH  optional, filepath — Where the knowledge graph is kept") {
		t.Errorf("memory's environment variable:\n%s", mem)
	}
}

func TestRegistryShowRemote(t *testing.T) {
	reg := localRegistry(t)
	out, stderr, code := mcpeek(t, "registry", "show", "com.example/weather@1.4.0", "--registry", reg.URL)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"remote streamable-http https://{region}.weather.example.com/mcp",
		`{region}  required, default "eu", one of eu|us — Data centre`,
		`Authorization  required, secret, value "Bearer {token}" — Bearer token from your account page`,
		"{token} required, secret",
		"remote sse https://weather.example.com/sse",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("show lacks %q:\n%s", want, out)
		}
	}
}

func TestRegistryShowHostileEntry(t *testing.T) {
	reg := localRegistry(t)
	out, stderr, code := mcpeek(t, "registry", "show", "io.evil/huge", "--registry", reg.URL)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if len(out) > 4000 || !strings.Contains(out, "(1046576 more characters: --json shows all)") ||
		!strings.Contains(out, "departs from the server.json schema:\n    description has 1048576 characters; the schema allows at most 100") {
		t.Errorf("1 MB description shown as %d bytes:\n%.300s", len(out), out)
	}
	_, stderr, code = mcpeek(t, "registry", "show", "io.x/none", "--registry", reg.URL)
	if code == 0 || !strings.Contains(stderr, "io.x/none@latest: not found in the registry (Server not found): mcpeek registry search finds names by a part of them") {
		t.Errorf("a missing server: exit %d: %s", code, stderr)
	}
	// The escape entry's name holds an escape sequence: it cannot be
	// looked up by name, but search shows it cleaned.
	out, _, _ = mcpeek(t, "registry", "search", "io.evil/escape", "--registry", reg.URL)
	if strings.ContainsAny(out, "\x1b\u009b\u202e\x07") || !strings.Contains(out, "io.evil/escape") {
		t.Errorf("search of a hostile entry:\n%q", out)
	}
}

func TestRegistryShowArgumentsAsData(t *testing.T) {
	reg := localRegistry(t)
	reg.Add(t, []byte(`{"name":"io.evil/args","description":"x","version":"1.0.0",
		"packages":[{"registryType":"npm","identifier":"@evil/args","version":"1.0.0","transport":{"type":"stdio"},
		"packageArguments":[{"type":"positional","value":"; rm -rf ~"},{"type":"named","name":"--x","value":"$(touch /tmp/pwned)"},{"type":"positional","value":"-e"}]},
		{"registryType":"npm","identifier":"../../etc","version":"1.0.0"}]}`), time.Now())
	out, stderr, code := mcpeek(t, "registry", "show", "io.evil/args", "--registry", reg.URL)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		`"; rm -rf ~"  positional, fixed, value "; rm -rf ~"`,
		`--x  named, fixed, value "$(touch /tmp/pwned)"`,
		`run: npx -y @evil/args@1.0.0 '; rm -rf ~' --x '$(touch /tmp/pwned)' -e`,
		`run: "../../etc" is not an npm package name: cannot be started by mcpeek`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("show lacks %q:\n%s", want, out)
		}
	}
}

func TestRegistryOfflineFromTheCache(t *testing.T) {
	reg := localRegistry(t)
	if _, stderr, code := mcpeek(t, "registry", "search", "server-", "--registry", reg.URL); code != 0 {
		t.Fatal(stderr)
	}
	reg.SetDown(true)
	out, stderr, code := mcpeek(t, "registry", "search", "server-", "--registry", reg.URL, "--max-age", "0")
	if code != 0 || !strings.Contains(out, "server-memory") ||
		!strings.Contains(stderr, "the registry could not be reached (page 1: the registry answered 503: down for the test): showing the cached answer from just now") {
		t.Errorf("registry down: exit %d\n%s\n%s", code, out, stderr)
	}
	out, stderr, code = mcpeek(t, "registry", "search", "server-", "--registry", reg.URL, "--offline")
	if code != 0 || !strings.Contains(out, "server-memory") || !strings.Contains(stderr, "offline: showing the cached answer from just now") {
		t.Errorf("--offline: exit %d\n%s\n%s", code, out, stderr)
	}
	_, stderr, code = mcpeek(t, "registry", "show", "io.github.modelcontextprotocol/server-memory", "--registry", reg.URL, "--offline")
	if code == 0 || !strings.Contains(stderr, "not in the cache (run without --offline to ask the registry)") {
		t.Errorf("--offline, not cached: exit %d: %s", code, stderr)
	}
}

func TestRegistryRefusesBadInput(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	for args, want := range map[string]string{
		"registry show nameonly":                                `"nameonly" is not a registry name`,
		"registry show a/b --registry ftp://x":                  "--registry: ",
		"registry show io.x/none --registry http://127.0.0.1:1": "io.x/none@latest: ",
		"registry search a b":                                   "takes [QUERY]",
	} {
		_, stderr, code := mcpeek(t, strings.Fields(args)...)
		if code == 0 || !strings.Contains(stderr, want) {
			t.Errorf("%s: exit %d: %s", args, code, stderr)
		}
	}
}

func TestRegistryVersions(t *testing.T) {
	reg := localRegistry(t)
	b, err := os.ReadFile(filepath.Join("..", "..", "mcpclient", "registry", "testdata", "server-memory.json"))
	if err != nil {
		t.Fatal(err)
	}
	newer := strings.Replace(string(b), `"version": "2026.8.31",`+"\n  \"packages\"", `"version": "2026.9.1",`+"\n  \"packages\"", 1)
	reg.Add(t, []byte(newer), time.Now())
	out, stderr, code := mcpeek(t, "registry", "versions", "io.github.modelcontextprotocol/server-memory", "--registry", reg.URL)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 2 || !strings.HasPrefix(lines[0], "2026.9.1") || !strings.Contains(lines[0], "active, latest; published ") ||
		!strings.HasPrefix(lines[1], "2026.8.31") || strings.Contains(lines[1], "latest") {
		t.Errorf("exit %d\n%s\n%s", code, out, stderr)
	}
	reg.SetDown(true)
	out2, stderr, code := mcpeek(t, "registry", "versions", "io.github.modelcontextprotocol/server-memory", "--registry", reg.URL, "--offline")
	if code != 0 || out2 != out || !strings.Contains(stderr, "offline: showing the cached answer") {
		t.Errorf("offline: exit %d\n%s\n%s", code, out2, stderr)
	}
}

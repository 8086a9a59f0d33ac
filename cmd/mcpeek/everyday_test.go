package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mcpeek/internal/npmpeers"
)

// TestCallKeepsLineBreaksIntoAPipe calls a real server's tool whose text
// result has several lines into a pipe (the test's buffer): the lines stay
// lines, as `call ... > report.md` needs.
func TestCallKeepsLineBreaksIntoAPipe(t *testing.T) {
	t.Parallel()
	cfg := everythingConfig(t)
	root := t.TempDir()
	out, stderr, code := mcpeek(t, "call", "everything.get-roots-list", "--config", cfg, "--root", root)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(out, "\n")
	found := false
	for _, l := range lines {
		if strings.TrimSpace(l) == "URI: file://"+root {
			found = true
		}
	}
	if !found || len(lines) < 4 {
		t.Errorf("the result's lines were joined:\n%s", out)
	}
}

// TestOnlyConfigBrokenStops: when the one config found is broken, the
// command says so and fails, rather than serving the demo as if it were
// the user's servers.
func TestOnlyConfigBrokenStops(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	os.Mkdir(filepath.Join(home, ".cursor"), 0o755)
	if err := os.WriteFile(filepath.Join(home, ".cursor", "mcp.json"), []byte(`{"mcpServers": {"x": {"command": "echo",}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := cli{vars: map[string]string{"HOME": home, "XDG_CONFIG_HOME": t.TempDir()}}
	out, stderr, code := c.mcpeek(t, "servers")
	if code == 0 || strings.Contains(out, "demo") || !strings.Contains(stderr, "broken") || !strings.Contains(stderr, "mcp.json:1:") {
		t.Errorf("exit %d\nstdout: %s\nstderr: %s", code, out, stderr)
	}
}

// TestTestAndCIStartOnlyTheServersTheyName: beside server-everything the
// config holds a server that never answers and marks that it was started;
// `test` of a call to everything, `ci` of a lock of everything and
// `servers everything` never start it, and so never wait for it.
func TestTestAndCIStartOnlyTheServersTheyName(t *testing.T) {
	t.Parallel()
	node, modules := npmpeers.Find(t)
	dir := t.TempDir()
	started := filepath.Join(dir, "dead-started")
	b, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{
		"everything": map[string]any{"command": node, "args": []string{filepath.Join(modules, "@modelcontextprotocol/server-everything/dist/index.js"), "stdio"}},
		"dead":       map[string]any{"command": "sh", "args": []string{"-c", `touch "$0"; exec sleep 600`, started}},
	}})
	cfg := filepath.Join(dir, "mcp.json")
	if err := os.WriteFile(cfg, b, 0o644); err != nil {
		t.Fatal(err)
	}
	echo := writeCalls(t, `{"name": "echo", "tool": "everything.echo", "arguments": {"message": "hi"}}`)
	lock := filepath.Join(dir, "mcpeek.lock.json")
	for _, args := range [][]string{
		{"test", echo},
		{"snapshot", "everything", "-o", lock},
		{"ci", "--lock", lock, "--calls", echo},
		{"servers", "everything"},
	} {
		out, stderr, code := mcpeek(t, append(args, "--config", cfg)...)
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s%s", args[0], code, out, stderr)
		}
		if _, err := os.Stat(started); err == nil {
			t.Fatalf("%s started the dead server, which none of its inputs names", args[0])
		}
	}
}

// TestUnknownCommandSuggests: a mistyped command gets the nearest one.
func TestUnknownCommandSuggests(t *testing.T) {
	t.Parallel()
	_, stderr, code := mcpeek(t, "toolz")
	if code == 0 || !strings.Contains(stderr, `unknown command "toolz"`) || !strings.Contains(stderr, "tools") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

// TestDeadServerSaysCouldNotBeReached: a call to a server that fails to
// start says so in words, not "server "dead" is error".
func TestDeadServerSaysCouldNotBeReached(t *testing.T) {
	t.Parallel()
	cfg := filepath.Join(t.TempDir(), "mcp.json")
	os.WriteFile(cfg, []byte(`{"mcpServers": {"dead": {"command": "/nonexistent/mcp-server"}}}`), 0o644)
	_, stderr, code := mcpeek(t, "call", "dead.anything", "--config", cfg)
	if code == 0 || strings.Contains(stderr, "is error") || !strings.Contains(stderr, `server "dead" could not be reached`) {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

// TestRegistryShowTypoOffersTheNearestName: a mistyped server name gets
// the registry's nearest ones.
func TestRegistryShowTypoOffersTheNearestName(t *testing.T) {
	reg := localRegistry(t)
	_, stderr, code := mcpeek(t, "registry", "show", "io.github.modelcontextprotocol/server-everythng", "--registry", reg.URL)
	if code == 0 || !strings.Contains(stderr, "did you mean io.github.modelcontextprotocol/server-everything") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

// TestCompleteHelpMentionsContext: complete's help says how to give the
// arguments already chosen.
func TestCompleteHelpMentionsContext(t *testing.T) {
	t.Parallel()
	out, _, _ := mcpeek(t, "complete", "--help")
	if !strings.Contains(out, "--context department=Engineering") || !strings.Contains(out, "given as context") {
		t.Errorf("complete --help:\n%s", out)
	}
}

// TestAddWithoutATerminalSaysHowToGiveInputs: add with stdin from
// /dev/null (a character device, not a terminal) asks nothing and says
// to give the inputs with --registry-input, not "reading ...: EOF".
func TestAddWithoutATerminalSaysHowToGiveInputs(t *testing.T) {
	reg := localRegistry(t)
	t.Setenv("HOME", t.TempDir())
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	var out, errOut bytes.Buffer
	code := newApp(null, &out, &errOut).run(t.Context(), []string{"add", "io.github.modelcontextprotocol/server-filesystem", "--client", "cursor", "--registry", reg.URL})
	if code == 0 || strings.Contains(errOut.String(), "EOF") || !strings.Contains(errOut.String(), "give each with --registry-input") {
		t.Errorf("exit %d: %s", code, errOut.String())
	}
}

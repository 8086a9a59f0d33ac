package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mcpeek/model"
	"mcpeek/tui/kit"
	"mcpeek/tui/theme"
)

// call refuses arguments that break the tool's input schema, with the
// validator's words for each field, and sends nothing; --no-check-args
// sends them anyway (a server's own validation is worth testing).
func TestCallRefusesArgumentsThatBreakTheInputSchema(t *testing.T) {
	t.Parallel()
	demo := useDemo(t)
	out, stderr, code := demo.mcpeek(t, "call", "demo.shop_get_order", "--args", `{"order_id": 5, "x": 1}`)
	if code != 1 || out != "" {
		t.Errorf("exit %d, stdout %.80q: want exit 1 and nothing sent", code, out)
	}
	for _, want := range []string{"the arguments break the input schema of demo.shop_get_order", "--no-check-args",
		"/order_id: got number, want string", "/x: property is not allowed by the schema"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	out, stderr, code = demo.mcpeek(t, "call", "demo.shop_get_order", "--args", `{"order_id": 5}`, "--no-check-args")
	if code != 0 || !strings.Contains(out, `"order_number"`) {
		t.Errorf("--no-check-args: exit %d, %s", code, stderr)
	}
}

// A mistyped server or tool gets the names nearest to it, as the
// gateway's NOT_FOUND does.
func TestAMistypedNameGetsDidYouMean(t *testing.T) {
	t.Parallel()
	demo := useDemo(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"call", "demo.shop_get_ordr"}, "did you mean demo.shop_get_order?"},
		{[]string{"summary", "dem.shop_get_order"}, `no server named "dem" (did you mean demo?)`},
		{[]string{"tools", "demoo"}, `no server named "demoo" (did you mean demo?)`},
		{[]string{"snapshot", "dmo", "-o", t.TempDir() + "/lock.json"}, `no server named "dmo" (did you mean demo?)`},
	} {
		_, stderr, code := demo.mcpeek(t, c.args...)
		if code == 0 || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: exit %d, stderr lacks %q:\n%s", c.args, code, c.want, stderr)
		}
	}
}

// A config given with --config that lists no server is an error naming
// the file: never the demo in its place (snapshot would write the demo's
// tools into a lock file).
func TestAnExplicitConfigWithNoServersIsAnError(t *testing.T) {
	t.Parallel()
	demo := useDemo(t)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "empty.json")
	os.WriteFile(cfg, []byte(`{"mcpServers":{}}`), 0o644)
	lock := filepath.Join(dir, "mcpeek.lock.json")
	for _, args := range [][]string{{"snapshot", "-o", lock}, {"tools"}, {"servers", "--json"}} {
		out, stderr, code := demo.mcpeek(t, append(args, "--config", cfg)...)
		if code == 0 || out != "" || !strings.Contains(stderr, cfg+" lists no MCP servers") || strings.Contains(stderr, "no MCP server config found") {
			t.Errorf("%q: exit %d, stdout %.60q, stderr %q", args, code, out, stderr)
		}
	}
	if _, err := os.Stat(lock); err == nil {
		t.Error("snapshot wrote a lock file")
	}
}

// --url is checked before anything connects: an http(s) URL with a host.
func TestURLIsCheckedBeforeConnecting(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ url, want string }{
		{"not-a-url", `--url "not-a-url": give the server's http:// or https:// URL`},
		{"ftp://host/mcp", `give the server's http:// or https:// URL`},
		{"http://", `--url "http://" has no host`},
		{"http://[::1", `is not a URL`},
	} {
		_, stderr, code := mcpeek(t, "--url", c.url, "tools")
		if code != 1 || !strings.Contains(stderr, c.want) || strings.Contains(stderr, "connect") {
			t.Errorf("%s: exit %d, stderr %q", c.url, code, stderr)
		}
	}
}

// search says on stderr when --limit cut the hits, and how many there were.
func TestSearchSaysWhenTheLimitCutsTheHits(t *testing.T) {
	t.Parallel()
	demo := useDemo(t)
	out, stderr, code := demo.mcpeek(t, "search", "id", "--limit", "5")
	all, _, _ := demo.mcpeek(t, "search", "id", "--limit", "0")
	total := strings.Count(all, "\n")
	if code != 0 || strings.Count(out, "\n") != 5 || total <= 5 {
		t.Fatalf("exit %d, %d lines of %d", code, strings.Count(out, "\n"), total)
	}
	if want := fmt.Sprintf("showing 5 of %d matches; --limit N shows more", total); !strings.Contains(stderr, want) {
		t.Errorf("stderr lacks %q: %q", want, stderr)
	}
	if _, stderr, _ := demo.mcpeek(t, "search", "id", "--limit", "0"); strings.Contains(stderr, "showing") {
		t.Errorf("nothing was cut, yet: %q", stderr)
	}
}

// auth status with no server that uses OAuth is an empty report, not an
// error: [] with --json, a sentence without.
func TestAuthStatusWithNoOAuthServerIsEmpty(t *testing.T) {
	t.Parallel()
	demo := useDemo(t)
	out, stderr, code := demo.mcpeek(t, "auth", "status", "--json")
	if code != 0 || strings.TrimSpace(out) != "[]" {
		t.Errorf("--json: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	out, stderr, code = demo.mcpeek(t, "auth", "status")
	if code != 0 || !strings.Contains(out, "No configured server uses OAuth") {
		t.Errorf("text: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
}

// auth naming the embedded demo server says it needs no login; a name
// near it is suggested.
func TestAuthOnTheDemoServer(t *testing.T) {
	t.Parallel()
	demo := useDemo(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"auth", "status", "demo"}, `"demo" is the embedded demo server: it runs inside mcpeek and needs no login`},
		{[]string{"auth", "login", "dmo"}, `no server named "dmo" (did you mean demo?); the servers are: demo`},
	} {
		_, stderr, code := demo.mcpeek(t, c.args...)
		if code == 0 || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: exit %d, stderr %q; want %q", c.args, code, stderr, c.want)
		}
	}
}

// The wrong number of arguments says what the command takes, with its
// usage and examples, not cobra's "accepts 2 arg(s), received 1"; diff
// keeps its exit status for a comparison that could not run.
func TestWrongArgumentsSayWhatTheCommandTakes(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args   []string
		status int
		want   []string
	}{
		{[]string{"diff", "one.json"}, exitCouldNotRun, []string{"mcpeek diff takes OLD NEW; it was given 1 (one.json)",
			"Usage: mcpeek diff OLD NEW", "For example:\n  mcpeek diff mcpeek.lock.json shop"}},
		{[]string{"demo-server", "x"}, 1, []string{"mcpeek demo-server takes no arguments; it was given 1 (x)"}},
		{[]string{"call"}, 1, []string{"mcpeek call takes SERVER.TOOL; it was given none", "mcpeek call demo.shop_get_order --args"}},
	} {
		_, stderr, code := mcpeek(t, c.args...)
		if code != c.status || strings.Contains(stderr, "arg(s)") {
			t.Errorf("%q: exit %d, want %d: %s", c.args, code, c.status, stderr)
		}
		for _, w := range c.want {
			if !strings.Contains(stderr, w) {
				t.Errorf("%q: stderr lacks %q:\n%s", c.args, w, stderr)
			}
		}
	}
}

// A transport error says each stage once (mcp-go wraps "failed to send
// request" twice).
func TestATransportErrorSaysEachStageOnce(t *testing.T) {
	t.Parallel()
	_, stderr, code := mcpeek(t, "--url", "http://127.0.0.1:1/mcp", "tools", "--connect-timeout", "5s")
	if code != 1 || !strings.Contains(stderr, "failed to send request: Post") ||
		strings.Contains(stderr, "failed to send request: failed to send request") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// summary's text and Markdown speak to a person: the planner's note for a
// tool without an output schema (print(type(result)...) in a script) stays
// in --json, the descriptor a planner is shown.
func TestSummaryTellsAPersonWhatToDoWithoutAnOutputSchema(t *testing.T) {
	t.Parallel()
	demo := useDemo(t)
	for _, format := range []string{"text", "markdown"} {
		out, _, code := demo.mcpeek(t, "summary", "demo.util_echo", "--format", format)
		if code != 0 || strings.Contains(out, "print(type(result)") || !strings.Contains(out, "mcpeek call demo.util_echo") {
			t.Errorf("%s: exit %d:\n%s", format, code, out)
		}
	}
	out, _, _ := demo.mcpeek(t, "summary", "demo.util_echo", "--json")
	if !strings.Contains(out, "print(type(result)") {
		t.Errorf("the planner descriptor lost its note:\n%s", out)
	}
}

// Counts of one are singular: "(1 line;", not "(1 lines;".
func TestOneIsSingular(t *testing.T) {
	t.Parallel()
	schema := filepath.Join(t.TempDir(), "one.json")
	os.WriteFile(schema, []byte(`{"type": "object", "properties": {"id": {"type": "string"}}}`), 0o644)
	out, _, _ := mcpeek(t, "summary", "--schema", schema)
	if !strings.Contains(out, "has_hidden_fields: false (1 line; no fields hidden)") {
		t.Errorf("%s", out)
	}
}

// The command line marks servers and tools as the explorer does.
func TestTheCLIMarksAsTheExplorerDoes(t *testing.T) {
	t.Parallel()
	demo := useDemo(t)
	icons := kit.NewStyles(true, false).Icons
	for state, want := range map[model.ConnState]string{model.StateStarting: icons.Starting, model.StateConnected: icons.Connected,
		model.StateError: icons.Error, model.StateNeedsLogin: icons.NeedsLogin, model.StateDisabled: icons.Disabled} {
		if got := theme.DefaultMarks.State(state); got != want {
			t.Errorf("%s: the CLI draws %q, the explorer %q", state, got, want)
		}
	}
	out, _, _ := demo.mcpeek(t, "tools")
	for _, want := range []string{icons.Output + " " + icons.Hidden + " shop_get_order(", icons.NoOutput + "   util_echo(",
		icons.Output + " declares an output schema"} {
		if !strings.Contains(out, want) {
			t.Errorf("tools lacks %q:\n%s", want, out)
		}
	}
}

// TestTheErrorPrefixIsInThePalettesErrorColour: "Error:" is drawn in the
// palette's error colour for the terminal's background, as the explorer
// draws its errors, not in a colour of its own.
func TestTheErrorPrefixIsInThePalettesErrorColour(t *testing.T) {
	if got := errorPrefix(false); got != "Error:" {
		t.Errorf("unstyled prefix = %q", got)
	}
	for _, c := range []struct{ colorfgbg, rgb string }{
		{"", "255;107;122"},   // dark: #FF6B7A
		{"0;15", "198;40;40"}, // light: #C62828
	} {
		t.Setenv("COLORFGBG", c.colorfgbg)
		if got := errorPrefix(true); !strings.Contains(got, c.rgb) || !strings.Contains(got, "Error:") {
			t.Errorf("COLORFGBG=%q: prefix %q, want it in %s", c.colorfgbg, got, c.rgb)
		}
	}
}

package main

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	junit "github.com/joshdk/go-junit"

	"mcpeek/mcpclient/calls"
)

// writeCalls writes a calls file holding the calls given as JSON objects.
func writeCalls(t *testing.T, callObjects ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "ci.calls.json")
	text := `{"mcpeek_calls": 1, "calls": [` + "\n" + strings.Join(callObjects, ",\n") + "\n]}\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

const (
	demoOrderArgs = `{"order_id": "5601234042"}`
	passingCall   = `{"name": "order", "tool": "demo.shop_get_order", "arguments": ` + demoOrderArgs + `, "expect": {"paths": [
		{"path": "financial_status", "equals": "partially_refunded"},
		{"path": "line_items[].price_set.shop_money.amount", "matches": "^[0-9]+\\.[0-9]{2}$"},
		{"path": "line_items[]", "count": 3},
		{"path": "line_items[].quantity", "type": "integer", "min": 1}]}}`
	pathFailingCall = `{"name": "status", "tool": "demo.shop_get_order", "arguments": ` + demoOrderArgs + `, "expect": {"paths": [
		{"path": "financial_status", "equals": "paid"}]}}`
	driftedCall = `{"name": "drifted", "tool": "demo.stale_get_order", "arguments": ` + demoOrderArgs + `}`
)

// TestTestCommandOnTheDemo: saved calls against the embedded demo server:
// a file that passes (0), one failing on a path assertion (1) with the
// path, expected and got in the report, the drifted stale_* tool failing
// its output schema, and a call whose server is not there (3).
func TestTestCommandOnTheDemo(t *testing.T) {
	t.Parallel()
	demo := useDemo(t)
	for _, tc := range []struct {
		name  string
		calls []string
		code  int
		want  []string
	}{
		{"passes", []string{passingCall}, 0, []string{"PASS  order", "1 call: 1 passed, 0 failed"}},
		{"path assertion fails", []string{passingCall, pathFailingCall}, 1,
			[]string{"FAIL  status", `equals financial_status: expected "paid", got "partially_refunded"`, "2 calls: 1 passed, 1 failed"}},
		{"drifted tool", []string{driftedCall}, 1,
			[]string{"FAIL  drifted", "output_schema total_price: expected string, got number"}},
		{"server down", []string{passingCall, `{"name": "gone", "tool": "shop.get_order"}`}, 3,
			[]string{"DOWN  gone", `no server named "shop"`, "1 could not run"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, stderr, code := demo.mcpeek(t, "test", writeCalls(t, tc.calls...))
			if code != tc.code {
				t.Errorf("exit %d, want %d\n%s%s", code, tc.code, out, stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("the report lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

// TestTestCommandServerUnreachable: a configured server that cannot start
// makes the run incomplete (3), saying why.
func TestTestCommandServerUnreachable(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "mcp.json")
	os.WriteFile(cfg, []byte(`{"mcpServers": {"shop": {"command": "`+filepath.Join(dir, "no-such-server")+`"}}}`), 0o644)
	out, stderr, code := mcpeek(t, "test", writeCalls(t, `{"name": "o", "tool": "shop.get_order"}`), "--config", cfg, "--connect-timeout", "5s")
	if code != 3 || !strings.Contains(out, "DOWN  o") || !strings.Contains(out, `server "shop" could not be reached`) {
		t.Errorf("exit %d\n%s%s", code, out, stderr)
	}
}

// TestTestCommandUsage: the file, --run, --format and the environment.
func TestTestCommandUsage(t *testing.T) {
	demo := useDemo(t)
	file := writeCalls(t, passingCall, pathFailingCall,
		`{"name": "secret", "tool": "demo.shop_get_order", "arguments": {"order_id": "${env:H26_NOT_SET}"}}`)
	for _, tc := range []struct {
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{[]string{"test", file, "--run", "order"}, 0, "1 call: 1 passed", ""},
		{[]string{"test", file, "--run", "ord*", "--run", "stat?s"}, 1, "2 calls: 1 passed, 1 failed", ""},
		{[]string{"test", file, "--run", "nope"}, 3, "", `--run "nope" matches no call`},
		{[]string{"test", file, "--run", "secret"}, 3, "${env:H26_NOT_SET} is not set", ""},
		{[]string{"test", file, "--format", "yaml"}, 3, "", "--format must be"},
		{[]string{"test", file, "-j", "0"}, 3, "", "-j must be"},
		{[]string{"test", filepath.Join(t.TempDir(), "none.json")}, 3, "", "none.json: save calls with `mcpeek call SERVER.TOOL --args ... --save NAME`"},
		{[]string{"test", writeCalls(t, `{"name": "x", "tool": "demo.util_echo", "expect": {"paths": [{"path": "a", "matches": "("}]}}`)}, 3, "",
			`call "x" (line 2): paths[0] ("a"): "matches": error parsing regexp`},
	} {
		out, stderr, code := demo.mcpeek(t, tc.args...)
		if code != tc.code || !strings.Contains(out, tc.stdout) || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("%q: exit %d, want %d; stdout %q (want %q); stderr %q (want %q)", tc.args, code, tc.code, out, tc.stdout, stderr, tc.stderr)
		}
	}
	t.Setenv("H26_NOT_SET", "5601234042")
	if out, stderr, code := demo.mcpeek(t, "test", file, "--run", "secret"); code != 0 {
		t.Errorf("with the variable set: exit %d\n%s%s", code, out, stderr)
	}
	// No calls file here: say how to make one.
	t.Chdir(t.TempDir())
	if _, stderr, code := demo.mcpeek(t, "test"); code != 3 ||
		!strings.Contains(stderr, "no calls file mcpeek.calls.json here: save calls with `mcpeek call SERVER.TOOL --args ... --save NAME` or S in the explorer's result view (see docs/calls.md)") {
		t.Errorf("no calls file: exit %d: %s", code, stderr)
	}
}

// TestTestFormats: json holds every assertion; markdown names the failed
// ones in a table; JUnit XML is read by a JUnit reader (go-junit) as a
// test case per call, and by encoding/xml with one failure per failed
// assertion.
func TestTestFormats(t *testing.T) {
	t.Parallel()
	demo := useDemo(t)
	file := writeCalls(t, passingCall, pathFailingCall, driftedCall, `{"name": "gone", "tool": "nosuch.tool"}`)

	out, _, code := demo.mcpeek(t, "test", file, "--format", "json")
	var report calls.Report
	if err := json.Unmarshal([]byte(out), &report); err != nil || code != 3 {
		t.Fatalf("json: exit %d, %v\n%s", code, err, out)
	}
	if report.Passed != 1 || report.Failed != 2 || report.NotRun != 1 || len(report.Calls[0].Assertions) != 7 || report.Calls[1].Line != 7 {
		t.Errorf("json report: %+v", report)
	}

	out, _, _ = demo.mcpeek(t, "test", file, "--format", "markdown")
	for _, w := range []string{"### mcpeek test: **incomplete**", "| call | tool | assertion | path | expected | got |",
		"| status | `demo.shop_get_order` | equals | `financial_status` | \"paid\" | \"partially_refunded\" |", "| gone | `nosuch.tool` | not run |"} {
		if !strings.Contains(out, w) {
			t.Errorf("markdown lacks %q:\n%s", w, out)
		}
	}

	out, _, _ = demo.mcpeek(t, "test", file, "--format", "junit")
	suites, err := junit.Ingest([]byte(out))
	if err != nil || len(suites) != 1 {
		t.Fatalf("go-junit: %v, %d suites\n%s", err, len(suites), out)
	}
	s := suites[0]
	if s.Name != file || len(s.Tests) != 4 || s.Totals.Passed != 1 || s.Totals.Failed != 2 || s.Totals.Error != 1 {
		t.Errorf("go-junit read the suite as %q with %d tests, totals %+v", s.Name, len(s.Tests), s.Totals)
	}
	want := []struct {
		name, class string
		status      junit.Status
	}{{"order", "demo.shop_get_order", junit.StatusPassed}, {"status", "demo.shop_get_order", junit.StatusFailed},
		{"drifted", "demo.stale_get_order", junit.StatusFailed}, {"gone", "nosuch.tool", junit.StatusError}}
	for i, w := range want {
		if i >= len(s.Tests) {
			break
		}
		got := s.Tests[i]
		if got.Name != w.name || got.Classname != w.class || got.Status != w.status || got.Properties["line"] == "" {
			t.Errorf("test case %d read as %+v, want %+v", i, got, w)
		}
	}
	if msg := s.Tests[1].Message; msg != `equals financial_status: expected "paid", got "partially_refunded"` {
		t.Errorf("the failure's message: %q", msg)
	}

	var doc calls.JUnitSuites
	if err := xml.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	drifted := doc.Suites[0].Cases[2]
	if len(drifted.Failures) < 3 || drifted.Failures[0].Type != "output_schema" || !strings.Contains(drifted.Failures[0].Text, "path: ") {
		t.Errorf("the drifted call's failures: %+v", drifted.Failures)
	}
}

// TestTestHostileInput: 10,000 calls run and report; an expected value
// and a call name carrying escape sequences never reach the screen as
// such, in any format.
func TestTestHostileInput(t *testing.T) {
	t.Parallel()
	demo := useDemo(t)
	f := &calls.File{}
	for i := range 10_000 {
		f.Calls = append(f.Calls, calls.Call{Name: fmt.Sprintf("echo-%05d", i), Tool: "demo.util_echo",
			Arguments: json.RawMessage(`{"message": "ping"}`)})
	}
	b, _ := f.Encode()
	many := filepath.Join(t.TempDir(), "many.calls.json")
	os.WriteFile(many, b, 0o644)
	out, stderr, code := demo.mcpeek(t, "test", many, "--format", "json", "-j", "8")
	var report calls.Report
	if code != 0 || json.Unmarshal([]byte(out), &report) != nil || report.Passed != 10_000 {
		t.Errorf("10,000 calls: exit %d, %d passed\n%.500s", code, report.Passed, stderr)
	}

	hostile := writeCalls(t, `{"name": "evil\u00e9\u009b31m", "tool": "demo.shop_get_order", "arguments": `+demoOrderArgs+`, "expect": {"paths": [
		{"path": "[\"financial_status\\u001b]0;owned\\u0007\"]", "equals": "\u001b[2J\u001b]8;;http://x\u0007paid"},
		{"path": "financial_status", "matches": "\u001b\\[31m"}]}}`)
	for _, format := range []string{"text", "markdown", "junit"} {
		out, _, code := demo.mcpeek(t, "test", hostile, "--format", format)
		if code != 1 {
			t.Errorf("%s: exit %d\n%s", format, code, out)
		}
		if strings.ContainsAny(out, "\x1b\x07\u009b") {
			t.Errorf("%s: an escape sequence reached the output: %q", format, out)
		}
	}
}

// TestDocsCallsExample: the calls file that docs/calls.md shows is valid
// and passes against the demo server, so the walk-through stays true.
func TestDocsCallsExample(t *testing.T) {
	t.Parallel()
	demo := useDemo(t)
	doc, err := os.ReadFile("../../docs/calls.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, _ := strings.Cut(string(doc), "## The file\n\n```json\n")
	example, _, ok := strings.Cut(rest, "```")
	if !ok {
		t.Fatal("no example in docs/calls.md")
	}
	path := filepath.Join(t.TempDir(), calls.DefaultFile)
	os.WriteFile(path, []byte(example), 0o644)
	out, stderr, code := demo.mcpeek(t, "test", path)
	if code != 0 {
		t.Errorf("exit %d\n%s%s", code, out, stderr)
	}
}

// TestTestRedactsSecrets: a value that came from ${env:NAME} is shown as
// *** wherever a report would quote it: in a failed assertion's got, and
// in the input schema's complaint about it.
func TestTestRedactsSecrets(t *testing.T) {
	demo := useDemo(t)
	t.Setenv("H26_ORDER", "5601234042")
	t.Setenv("H26_BAD", "not-an-order-secret")
	file := writeCalls(t,
		`{"name": "quoted", "tool": "demo.shop_get_order", "arguments": {"order_id": "${env:H26_ORDER}"},
		  "expect": {"paths": [{"path": "admin_graphql_api_id", "equals": "gid://shopify/Order/1"}]}}`,
		`{"name": "refused", "tool": "demo.shop_get_order", "arguments": {"order_id": "${env:H26_BAD}"}}`)
	for _, format := range []string{"text", "json", "junit", "sarif", "markdown"} {
		out, _, code := demo.mcpeek(t, "test", file, "--format", format)
		if code != 1 || !strings.Contains(out, "gid://shopify/Order/***") || !strings.Contains(out, "***") {
			t.Errorf("%s: exit %d\n%s", format, code, out)
		}
		if strings.Contains(out, "5601234042") || strings.Contains(out, "not-an-order-secret") {
			t.Errorf("%s: a secret reached the report:\n%s", format, out)
		}
	}
}

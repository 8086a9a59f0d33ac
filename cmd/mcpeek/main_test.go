package main

import (
	"bytes"
	"cmp"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const orderSchema = "../../summarizer/testdata/shopify_order.output.json"

// mcpeek runs the command line in-process and returns stdout, stderr and
// the exit status.
func mcpeek(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	return cli{}.mcpeek(t, args...)
}

// cli is the command as a test runs it in process: with vars over the
// process's environment, so that the test need not set the process's
// variables (which would keep it from running beside others), and with
// the note of servers still connecting said after noteAfter, an hour when
// zero: what is still connecting after a fixed time depends on how fast
// the machine is, so no other test may see that note.
type cli struct {
	vars      map[string]string
	noteAfter time.Duration
}

// mcpeek runs the command line with c's variables and returns its stdout,
// stderr and exit status.
func (c cli) mcpeek(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	a := newApp(strings.NewReader(""), &out, &errOut)
	a.slowNote = cmp.Or(c.noteAfter, time.Hour)
	a.env = env{lookup: func(key string) (string, bool) {
		if v, ok := c.vars[key]; ok {
			return v, true
		}
		return os.LookupEnv(key)
	}}
	code := a.run(context.Background(), args)
	return out.String(), errOut.String(), code
}

func TestSummaryJSONIsTheGoldenObject(t *testing.T) {
	t.Parallel()
	out, stderr, code := mcpeek(t, "summary", "--schema", orderSchema, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want, err := os.ReadFile("../../summarizer/testdata/shopify_order.summary.json")
	if err != nil {
		t.Fatal(err)
	}
	if strings.TrimSpace(out) != strings.TrimSpace(string(want)) {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

func TestSummaryText(t *testing.T) {
	t.Parallel()
	out, _, code := mcpeek(t, "summary", "--schema", orderSchema, "--max-fields", "5")
	if code != 0 {
		t.Fatal(code)
	}
	for _, want := range []string{"customer: object (contains 6 sub-fields", "* (+16 more fields", "has_hidden_fields: true"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\x1b") {
		t.Error("plain output (not a terminal) must carry no escape sequences")
	}
}

func TestInspectJSON(t *testing.T) {
	t.Parallel()
	out, stderr, code := mcpeek(t, "inspect", "--schema", orderSchema, "line_items[0].price_set", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{`"field_path": "line_items[].price_set"`, `"node_type": "object"`, `"total_child_fields": 2`} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "tool_id") {
		t.Error("with --schema there is no tool, so no tool_id")
	}
}

func TestErrorsGoToStderrWithStatus1(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte("{\n  \"type\": \"object\",\n  \"properties\": {\n}"), 0o644)
	array := filepath.Join(dir, "array.json")
	os.WriteFile(array, []byte(`[1, 2]`), 0o644)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"inspect", "--schema", orderSchema, "variants[].inventry"}, `"variants[]" has children id, sku`},
		{[]string{"summary", "--schema", filepath.Join(dir, "missing.json")}, "cannot read the schema file"},
		{[]string{"summary", "--schema", bad}, "line 4"},
		{[]string{"summary", "--schema", array}, "must be a JSON object or boolean"},
		{[]string{"summary"}, "SERVER.TOOL"},
		{[]string{"summary", "--schema", orderSchema, "--max-fields", "0"}, "at least 1"},
		{[]string{"summary", "nodot"}, "names no tool: give SERVER.TOOL or SERVER TOOL"},
		{[]string{"summary", "--schema", orderSchema, "x.y"}, "not both"},
		{[]string{"frobnicate"}, "unknown command"},
	}
	for _, c := range cases {
		out, stderr, code := mcpeek(t, c.args...)
		if code != 1 || !strings.Contains(stderr, c.want) || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 1 and stderr containing %q", c.args, code, out, stderr, c.want)
		}
	}
}

func TestSchemaTextIsSanitised(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "esc.json")
	os.WriteFile(path, []byte(`{"type":"object","properties":{"a\u001b]52;c;ZXZpbA==\u0007b\u001b[31m":{"type":"string","description":"x\u009b31m"}}}`), 0o644)
	for _, args := range [][]string{{"summary", "--schema", path}, {"inspect", "--schema", path}, {"inspect", "--schema", path, "nope"}} {
		out, stderr, _ := mcpeek(t, args...)
		if strings.ContainsAny(out+stderr, "\x1b\x07\u009b") {
			t.Errorf("%v: control characters reached the terminal: %q %q", args, out, stderr)
		}
	}
}

func TestGatewayRefusesABlankOrPaddedToken(t *testing.T) {
	for _, c := range []struct {
		args []string
		env  string
		want string
	}{
		{[]string{"gateway", "--token", ""}, "", "--token: the token is blank"},
		{[]string{"gateway", "--token", "   "}, "", "--token: the token is blank"},
		{[]string{"gateway", "--token", " s3cret"}, "", "--token: the token starts or ends with white space"},
		{[]string{"gateway"}, "s3cret\n", "MCPEEK_GATEWAY_TOKEN: the token starts or ends with white space"},
		{[]string{"gateway"}, "  ", "MCPEEK_GATEWAY_TOKEN: the token is blank"},
	} {
		t.Setenv("MCPEEK_GATEWAY_TOKEN", c.env)
		_, stderr, code := mcpeek(t, c.args...)
		if code != 1 || !strings.Contains(stderr, c.want) || strings.Contains(stderr, "s3cret") {
			t.Errorf("%q (env %q): exit %d, %s", c.args, c.env, code, stderr)
		}
	}
}

func TestMaxMessageBytes(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	// A server whose first line is 5000 bytes long.
	cfg := filepath.Join(t.TempDir(), "mcp.json")
	os.WriteFile(cfg, []byte(`{"mcpServers": {"long": {"command": "sh", "args": ["-c", "head -c 5000 /dev/zero | tr '\\0' a; echo; exec sleep 30"]}}}`), 0o644)
	out, stderr, code := mcpeek(t, "--max-message-bytes", "1024", "servers", "--config", cfg)
	if code != 1 || !strings.Contains(out, "server sent a message over the limit of 1 KiB") {
		t.Errorf("exit %d\n%s\n%s", code, out, stderr)
	}
	if _, stderr, code := mcpeek(t, "--max-message-bytes", "0", "servers", "--config", cfg); code != 1 || !strings.Contains(stderr, "--max-message-bytes must be") {
		t.Errorf("--max-message-bytes 0: exit %d, %s", code, stderr)
	}
}

// An interrupt ends a command with status 130 and no error message: the
// user pressed Ctrl-C and knows why it stopped.
func TestInterruptExitsQuietly(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	cfg := filepath.Join(t.TempDir(), "mcp.json")
	os.WriteFile(cfg, []byte(`{"mcpServers": {"mute": {"command": "sh", "args": ["-c", "exec sleep 30"]}}}`), 0o644)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	var stdout, stderr strings.Builder
	code := run(ctx, []string{"tools", "--config", cfg}, strings.NewReader(""), &stdout, &stderr)
	if code != 130 || strings.Contains(stderr.String(), "Error") {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
}

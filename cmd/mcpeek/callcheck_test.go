package main

import (
	"encoding/json"
	"strings"
	"testing"

	"mcpeek/internal/jsonfmt"
)

// report is a command's stderr without the notice that the demo server
// stands in for a config.
func report(stderr string) string {
	var keep []string
	for _, l := range strings.SplitAfter(stderr, "\n") {
		if !strings.HasPrefix(l, "mcpeek: no MCP server config found") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "")
}

// TestCallCheckReports holds `mcpeek call --check` on the demo server to
// golden reports: the drifted tools (an object root, an envelope, an array
// root) break their schemas and exit 4; the conforming order exits 0; the
// result on stdout is exactly what call prints without --check.
func TestCallCheckReports(t *testing.T) {
	t.Parallel()
	demo := useDemo(t)
	cases := []struct {
		golden, tool, args string
		status             int
	}{
		{"call-check-stale-order.txt", "demo.stale_get_order", `{"order_id": "1001"}`, exitBreaksSchema},
		{"call-check-stale-message.txt", "demo.stale_post_message", `{"channel": "C1", "text": "hi"}`, exitBreaksSchema},
		{"call-check-stale-timeseries.txt", "demo.stale_timeseries", `{"metric": "orders", "start": "2025-05-27T00:00:00Z"}`, exitBreaksSchema},
		{"call-check-order.txt", "demo.shop_get_order", `{"order_id": "1001"}`, 0},
		{"call-check-echo.txt", "demo.util_echo", `{"message": "hi"}`, 0},
	}
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) {
			plain, _, status := demo.mcpeek(t, "call", c.tool, "--args", c.args)
			if status != 0 {
				t.Fatalf("without --check: exit %d", status)
			}
			out, stderr, status := demo.mcpeek(t, "call", c.tool, "--args", c.args, "--check")
			if status != c.status {
				t.Errorf("exit %d, want %d: %s", status, c.status, stderr)
			}
			if out != plain {
				t.Error("--check changed the result printed on stdout")
			}
			assertGolden(t, c.golden, report(stderr))
		})
	}
}

// TestCallCheckJSON holds the --json form to its documented shape and to
// golden checks (the result beside it is the demo's canned one).
func TestCallCheckJSON(t *testing.T) {
	t.Parallel()
	demo := useDemo(t)
	cases := []struct{ golden, tool, args string }{
		{"call-check-stale-timeseries.json", "demo.stale_timeseries", `{"metric": "orders", "start": "2025-05-27T00:00:00Z"}`},
		{"call-check-stale-message.json", "demo.stale_post_message", `{"channel": "C1", "text": "hi"}`},
	}
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) {
			out, stderr, status := demo.mcpeek(t, "call", c.tool, "--args", c.args, "--check", "--json")
			if status != exitBreaksSchema {
				t.Fatalf("exit %d: %s", status, stderr)
			}
			var got struct {
				Result struct {
					StructuredContent json.RawMessage `json:"structuredContent"`
				} `json:"result"`
				Check map[string]json.RawMessage `json:"check"`
			}
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatal(err)
			}
			if len(got.Result.StructuredContent) == 0 {
				t.Error("the result is not the whole raw result")
			}
			for _, key := range []string{"verdict", "violations", "present", "absent", "missing_required", "mismatches",
				"undeclared", "folded_with_data", "validator", "present_paths", "absent_paths"} {
				if _, ok := got.Check[key]; !ok {
					t.Errorf("check has no %q", key)
				}
			}
			check, _ := jsonfmt.MarshalIndent(got.Check)
			assertGolden(t, c.golden, string(check))
		})
	}
}

// TestCallCheckErrors: an error result is not checked and exits 1 as
// without --check; a tool without an output schema has nothing to check.
func TestCallCheckErrors(t *testing.T) {
	t.Parallel()
	demo := useDemo(t)
	out, stderr, status := demo.mcpeek(t, "call", "demo.util_echo", "--args", `{"message": "hi"}`, "--check", "--json")
	if status != 0 || !strings.Contains(out, `"verdict": "unchecked"`) || !strings.Contains(out, "declares no output schema") {
		t.Errorf("exit %d: %s %s", status, out, stderr)
	}
	_, stderr, status = demo.mcpeek(t, "call", "demo.no_such_tool", "--check")
	if status != 1 {
		t.Errorf("unknown tool: exit %d: %s", status, stderr)
	}
}

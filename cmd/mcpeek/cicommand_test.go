package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mcpeek/mcpclient/calls"
	"mcpeek/mcpclient/ci"
)

// demoLock snapshots the demo server (as demo finds it) to a lock file; with a gone tool it
// also lists one the server no longer has (a breaking change).
func demoLock(t *testing.T, demo cli, gone bool) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "mcpeek.lock.json")
	if _, stderr, code := demo.mcpeek(t, "snapshot", "-o", path); code != 0 {
		t.Fatalf("snapshot: %s", stderr)
	}
	if gone {
		b, _ := os.ReadFile(path)
		b = []byte(strings.Replace(string(b), `"tools": [`, `"tools": [{"name": "aaa_gone", "inputSchema": {"type": "object"}},`, 1))
		os.WriteFile(path, b, 0o644)
	}
	return path
}

// TestCICommand: one summary and one exit status over the three parts,
// each part's report after it; a part that cannot run makes it 3.
func TestCICommand(t *testing.T) {
	demo := useDemo(t)
	same, breaking := demoLock(t, demo, false), demoLock(t, demo, true)
	passing, failing := writeCalls(t, passingCall), writeCalls(t, passingCall, pathFailingCall)
	missing := filepath.Join(t.TempDir(), "none.calls.json")
	for _, tc := range []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"diff and test pass, lint fails on the demo's tools in strict mode", []string{"--lock", same, "--calls", passing, "--client", "openai-strict"}, 1,
			[]string{"mcpeek ci: failing", "diff  pass", "lock.json: no changes", "lint  fail", "16 tools for mcp, openai-strict: 69 errors, 67 warnings", "test  pass", "1 call: 1 passed", "no changes", "PASS  order"}},
		{"warnings alone pass", []string{"--lock", same, "--calls", passing}, 0,
			[]string{"mcpeek ci: passing", "lint  pass", "16 tools for mcp: 0 errors, 3 warnings"}},
		{"a breaking change", []string{"--lock", breaking, "--calls", passing, "--format", "markdown"}, 1,
			[]string{"## mcpeek ci: **failing**", "| diff | **fail** | demo against " + breaking + ": 1 breaking change in 1 tool", "| `demo.aaa_gone` | (tool) | tool-removed |", "### mcpeek test: all calls pass"}},
		{"a failed assertion", []string{"--lock", same, "--calls", failing, "--format", "markdown"}, 1,
			[]string{"| test | **fail** |", "| status | `demo.shop_get_order` | equals | `financial_status` | \"paid\" | \"partially_refunded\" |"}},
		{"a calls file given and absent", []string{"--lock", same, "--calls", missing}, 3,
			[]string{"test  error", "no calls file " + missing + ": save calls with `mcpeek call SERVER.TOOL --args ... --save NAME` or S in the explorer's result view (see docs/calls.md)"}},
		{"a server of the lock file not configured", []string{"shop", "--lock", same, "--calls", passing}, 3,
			[]string{"mcpeek ci: incomplete", "diff  error", `no server named "shop"`, "test  pass"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, stderr, code := demo.mcpeek(t, append([]string{"ci"}, tc.args...)...)
			if code != tc.code {
				t.Errorf("exit %d, want %d\n%s%s", code, tc.code, out, stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("the output lacks %q:\n%s", w, out)
				}
			}
		})
	}

	// The default calls file, absent, is skipped; the JSON holds every part.
	dir := t.TempDir()
	t.Chdir(dir)
	out, _, code := demo.mcpeek(t, "ci", "--lock", same, "--format", "json")
	var run struct {
		Status   string
		Parts    []ci.Part
		Changes  []json.RawMessage
		Findings []json.RawMessage
		Test     *calls.Report
	}
	if err := json.Unmarshal([]byte(out), &run); err != nil || code != 0 || run.Status != ci.Pass || len(run.Parts) != 3 ||
		run.Parts[2].Status != ci.Skipped || run.Test != nil || run.Changes == nil || len(run.Findings) != 3 {
		t.Errorf("exit %d, %v: %+v", code, err, run)
	}
	if out, _, _ := demo.mcpeek(t, "ci", "--lock", same); !strings.Contains(out, "test  skipped") || !strings.Contains(out, "no mcpeek.calls.json") {
		t.Errorf("the summary does not say the test part was skipped for want of a calls file:\n%s", out)
	}
	if _, stderr, code := demo.mcpeek(t, "ci", "--lock", filepath.Join(dir, "nope.json")); code != 3 || !strings.Contains(stderr, "mcpeek snapshot -o") {
		t.Errorf("no lock file: exit %d: %s", code, stderr)
	}
}

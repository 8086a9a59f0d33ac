package main

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"mcpeek/model"
	"mcpeek/summarizer/schemadiff"
)

const diffCases = "../../summarizer/schemadiff/testdata/diff/"

// useDemo is the command with a home of its own, where it finds no config,
// so that it uses the embedded demo server.
func useDemo(t *testing.T) cli {
	return cli{vars: map[string]string{"HOME": t.TempDir(), "XDG_CONFIG_HOME": t.TempDir()}}
}

// TestCIExitStatuses holds diff and lint to their documented exit
// statuses: diff 0 none, 1 compatible only, 2 breaking; lint 0 no error,
// 1 some error; both 3 when they cannot run.
func TestCIExitStatuses(t *testing.T) {
	t.Parallel()
	demo := useDemo(t)
	dir := t.TempDir()
	notSnapshot := filepath.Join(dir, "tools.json")
	os.WriteFile(notSnapshot, []byte(`{"tools": []}`), 0o644)
	onlyCompatible := filepath.Join(dir, "compatible.json")
	snap := readSnapshotFile(t, diffCases+"input-open/old.json")
	snap.Servers[0].Tools[0].Description = "List the shop's orders."
	snap.Servers[0].Tools[0].Raw = []byte(strings.Replace(string(snap.Servers[0].Tools[0].Raw), `"List orders."`, `"List the shop's orders."`, 1))
	b, _ := snap.Encode()
	os.WriteFile(onlyCompatible, b, 0o644)

	cases := []struct {
		args   []string
		status int
		stderr string
	}{
		{[]string{"diff", diffCases + "respelled/old.json", diffCases + "respelled/new.json"}, 0, ""},
		{[]string{"diff", diffCases + "input-open/old.json", onlyCompatible}, 1, ""},
		{[]string{"diff", diffCases + "output/old.json", diffCases + "output/new.json", "--format", "json"}, 2, ""},
		{[]string{"diff", diffCases + "tools/old.json", diffCases + "tools/new.json", "--format", "markdown"}, 2, ""},
		{[]string{"diff", filepath.Join(dir, "missing.json"), diffCases + "output/new.json"}, 3, "cannot read the snapshot"},
		{[]string{"diff", notSnapshot, diffCases + "output/new.json"}, 3, `no "mcpeek_snapshot"`},
		{[]string{"diff", diffCases + "output/old.json"}, 3, "mcpeek diff takes OLD NEW; it was given 1"},
		{[]string{"diff", "a", "b", "--format", "yaml"}, 3, "--format must be"},
		{[]string{"diff", "--frobnicate", "a", "b"}, 3, "unknown flag"},
		{[]string{"diff", diffCases + "output/old.json", "nosuchserver"}, 3, `no server named "nosuchserver"`},
		{[]string{"lint", "demo.util_echo", "--client", "openai"}, 0, ""},
		{[]string{"lint", "demo.analytics_timeseries", "--client", "openai-strict"}, 1, ""},
		{[]string{"lint", "--client", "openai-strict,gemini", "--format", "json"}, 1, ""},
		{[]string{"lint", "--client", "claude-desktop"}, 3, `no client "claude-desktop"`},
		{[]string{"lint", "demo.nope"}, 3, `no tool or server "demo.nope"`},
		{[]string{"lint", "--snapshot", notSnapshot}, 3, "not a snapshot"},
		{[]string{"lint", "--snapshot", diffCases + "ref-move/new.json", "--client", "anthropic"}, 0, ""},
	}
	for _, c := range cases {
		_, stderr, status := demo.mcpeek(t, c.args...)
		if status != c.status || !strings.Contains(stderr, c.stderr) {
			t.Errorf("%q: exit %d, want %d; stderr %q, want it to contain %q", c.args, status, c.status, stderr, c.stderr)
		}
		if status < 3 && strings.Contains(stderr, "Error:") {
			t.Errorf("%q: a report's status printed an error: %q", c.args, stderr)
		}
	}
}

// TestCIReportsAreStable holds the reports meant for pull requests to
// golden files: the diff of the output pair and the whole demo server
// linted for every client.
func TestCIReportsAreStable(t *testing.T) {
	t.Parallel()
	demo := useDemo(t)
	cases := map[string][]string{
		"diff-output.txt":   {"diff", diffCases + "output/old.json", diffCases + "output/new.json"},
		"diff-output.md":    {"diff", diffCases + "output/old.json", diffCases + "output/new.json", "--format", "markdown"},
		"diff-tools.json":   {"diff", diffCases + "tools/old.json", diffCases + "tools/new.json", "--json"},
		"diff-none.md":      {"diff", diffCases + "respelled/old.json", diffCases + "respelled/new.json", "--format", "markdown"},
		"lint-demo.md":      {"lint", "--format", "markdown"},
		"lint-demo-mcp.txt": {"lint", "--client", "mcp"},
	}
	for name, args := range cases {
		t.Run(name, func(t *testing.T) {
			out, stderr, status := demo.mcpeek(t, args...)
			if status == 3 {
				t.Fatalf("exit 3: %s", stderr)
			}
			assertGolden(t, name, out)
		})
	}
}

// TestCIJSONShapes checks the JSON reports member by member.
func TestCIJSONShapes(t *testing.T) {
	t.Parallel()
	demo := useDemo(t)
	out, _, _ := demo.mcpeek(t, "lint", "--json")
	var findings struct {
		Findings []map[string]string `json:"findings"`
	}
	if err := json.Unmarshal([]byte(out), &findings); err != nil || len(findings.Findings) == 0 {
		t.Fatalf("lint --json: %v\n%s", err, out)
	}
	clients := map[string]bool{}
	for _, f := range findings.Findings {
		keys := slices.Sorted(maps.Keys(f))
		if !slices.Equal(keys, []string{"client", "fix", "pointer", "rule", "severity", "tool", "why"}) {
			t.Fatalf("a finding has members %v", keys)
		}
		if f["severity"] != "error" && f["severity"] != "warning" || !strings.HasPrefix(f["pointer"], "/") || !strings.HasPrefix(f["tool"], "demo.") {
			t.Errorf("finding %v", f)
		}
		clients[f["client"]] = true
	}
	for _, c := range []string{"mcp", "openai-strict", "gemini"} {
		if !clients[c] {
			t.Errorf("no finding for %s on the demo server", c)
		}
	}

	out, _, _ = demo.mcpeek(t, "diff", diffCases+"output/old.json", diffCases+"output/new.json", "--format", "json")
	var changes struct {
		Changes []map[string]string `json:"changes"`
	}
	if err := json.Unmarshal([]byte(out), &changes); err != nil || len(changes.Changes) == 0 {
		t.Fatalf("diff --format json: %v\n%s", err, out)
	}
	for _, c := range changes.Changes {
		if keys := slices.Sorted(maps.Keys(c)); !slices.Equal(keys, []string{"class", "detail", "kind", "path", "pointer", "side", "tool"}) && c["class"] != "routing" {
			t.Fatalf("a change has members %v", keys)
		}
	}
	out, _, status := demo.mcpeek(t, "diff", diffCases+"respelled/old.json", diffCases+"respelled/new.json", "--json")
	if status != 0 || strings.TrimSpace(out) != `{
  "changes": [],
  "costs": {
    "tools": [],
    "servers": []
  }
}` {
		t.Errorf("no changes: exit %d, %s", status, out)
	}
}

// TestSnapshotThenDiffLive writes the demo server's lock file, reads it
// back, and diffs it with the live server: no change.
func TestSnapshotThenDiffLive(t *testing.T) {
	t.Parallel()
	demo := useDemo(t)
	lock := filepath.Join(t.TempDir(), "mcpeek.lock.json")
	_, stderr, status := demo.mcpeek(t, "snapshot", "-o", lock)
	if status != 0 || !strings.Contains(stderr, "wrote 16 tools of 1 server to") {
		t.Fatalf("snapshot: exit %d, %s", status, stderr)
	}
	snap := readSnapshotFile(t, lock)
	s := snap.Servers[0]
	if s.Name != "demo" || s.Implementation.Name != "mcpeek-demo" || s.ProtocolVersion == "" || len(s.Tools) != 16 {
		t.Fatalf("snapshot: %s %+v %q, %d tools", s.Name, s.Implementation, s.ProtocolVersion, len(s.Tools))
	}
	if !slices.IsSortedFunc(s.Tools, func(a, b model.Tool) int { return strings.Compare(a.Name, b.Name) }) {
		t.Error("tools not sorted by name")
	}
	again, _, _ := demo.mcpeek(t, "snapshot")
	if b, _ := os.ReadFile(lock); string(b) != again {
		t.Error("two snapshots of the same server differ")
	}
	out, stderr, status := demo.mcpeek(t, "diff", lock, "demo")
	if status != 0 || out != "no changes\n" {
		t.Errorf("diff lock demo: exit %d\n%s%s", status, out, stderr)
	}
	if _, _, status := demo.mcpeek(t, "snapshot", "nosuchserver", "-o", lock); status != 1 {
		t.Errorf("snapshot of an unknown server: exit %d", status)
	}
	if b, _ := os.ReadFile(lock); string(b) != again {
		t.Error("a failed snapshot changed the lock file")
	}
}

func readSnapshotFile(t *testing.T, path string) schemadiff.Snapshot {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := schemadiff.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestDiffNamesTheOutputRootAsTheExplorerDoes: an output schema removed is
// a change at the output's root in text and markdown, as the explorer's
// change list writes it (schemadiff.Change.Where for both).
func TestDiffNamesTheOutputRootAsTheExplorerDoes(t *testing.T) {
	t.Parallel()
	demo := useDemo(t)
	old, new := diffCases+"tools/old.json", diffCases+"tools/new.json"
	text, _, _ := demo.mcpeek(t, "diff", old, new)
	if !strings.Contains(text, "(output root)  output-schema-removed") {
		t.Errorf("text report:\n%s\nwant the output schema removed at (output root)", text)
	}
	md, _, _ := demo.mcpeek(t, "diff", old, new, "--format", "markdown")
	if !strings.Contains(md, "| (output root) | output-schema-removed |") {
		t.Errorf("markdown report:\n%s\nwant the output schema removed at (output root)", md)
	}
}

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mcpeek/internal/ghactions"
)

// TestDiffFormatGitHub: diff --format github writes one workflow command
// per change that parses as the runner reads it, on a line of the lock
// files, then the counts; with $GITHUB_STEP_SUMMARY set the markdown
// report (changes and costs) is appended to it.
func TestDiffFormatGitHub(t *testing.T) {
	t.Parallel()
	summary := filepath.Join(t.TempDir(), "summary.md")
	c := useDemo(t)
	c.vars[ghactions.SummaryVar] = summary
	out, stderr, status := c.mcpeek(t, "diff", diffCases+"every-class/old.json", diffCases+"every-class/new.json", "--format", "github", "--fail-on", "breaking,unknown")
	if status != 2 {
		t.Fatalf("exit %d: %s", status, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	levels := map[ghactions.Level]int{}
	for _, line := range lines[:len(lines)-1] {
		a, err := ghactions.Parse(line)
		if err != nil {
			t.Fatal(err)
		}
		if a.Line == 0 || !strings.HasSuffix(a.File, ".json") {
			t.Errorf("not on a line of a lock file: %+v", a)
		}
		levels[a.Level]++
	}
	if levels[ghactions.Error] != 6 || levels[ghactions.Warning] != 6 || levels[ghactions.Notice] != 1 {
		t.Errorf("levels %v:\n%s", levels, out)
	}
	if last := lines[len(lines)-1]; last != "6 breaking, 5 routing, 1 unknown and 1 compatible changes in 5 tools" {
		t.Errorf("counts %q", last)
	}
	b, err := os.ReadFile(summary)
	if err != nil || !strings.Contains(string(b), "#### Routing: what a model reads changed") || !strings.Contains(string(b), "What it costs in a prompt") {
		t.Errorf("job summary: %v\n%s", err, b)
	}
}

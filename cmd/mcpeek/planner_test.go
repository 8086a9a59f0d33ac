package main

import (
	"os"
	"testing"
)

// The explorer's planner view shows the descriptor exactly as `summary
// --json` prints it: both are held to the same golden file (written by the
// tui package's TestPlannerView).
func TestSummaryJSONIsThePlannerView(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	out, stderr, code := mcpeek(t, "summary", "demo.shop_get_order", "--json", "--max-fields", "10")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want, err := os.ReadFile("../../tui/testdata/TestPlannerView.golden")
	if err != nil {
		t.Fatal(err)
	}
	if out != string(want) {
		t.Errorf("summary --json differs from the planner view\n got:\n%s\nwant:\n%s", out, want)
	}
}

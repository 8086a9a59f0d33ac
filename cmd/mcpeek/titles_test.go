package main

import (
	"strings"
	"testing"
)

// TestToolTitlesShown: a tool's title leads its line in tools and is a
// field of tools --json.
func TestToolTitlesShown(t *testing.T) {
	t.Parallel()
	demo := useDemo(t)
	out, stderr, code := demo.mcpeek(t, "tools")
	if code != 0 || !strings.Contains(out, "      Metric time series — Return a metric") {
		t.Errorf("exit %d: %s%s", code, out, stderr)
	}
	out, _, _ = demo.mcpeek(t, "tools", "--json")
	if !strings.Contains(out, `"title": "Metric time series"`) {
		t.Errorf("tools --json has no title:\n%.500s", out)
	}
}

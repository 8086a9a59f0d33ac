package main

import (
	"strings"
	"testing"
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

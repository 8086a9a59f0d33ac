package main

import (
	"strings"
	"testing"
)

// TestDetachRefusedOnStdio: server-everything over stdio ends with the
// run, and its task with it, so call --detach is refused in one sentence,
// before the call is sent, and no follow-up command is printed.
func TestDetachRefusedOnStdio(t *testing.T) {
	t.Parallel()
	cfg := everythingConfig(t)
	out, stderr, code := mcpeek(t, "call", "everything.simulate-research-query", "--args", `{"topic": "tides"}`, "--detach", "--config", cfg)
	if code == 0 || out != "" || strings.Contains(stderr, "mcpeek task") ||
		!strings.Contains(stderr, "--detach cannot work with everything: a stdio server ends with this run") {
		t.Errorf("--detach on a stdio server: exit %d\nstdout: %s\nstderr: %s", code, out, stderr)
	}
}

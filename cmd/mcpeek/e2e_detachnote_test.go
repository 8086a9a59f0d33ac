package main

import (
	"strings"
	"testing"
)

// The note of call --detach says when mcpeek task can follow the task:
// server-everything (over stdio it ends with the run; over HTTP too it
// keeps tasks per session) knows no task of an earlier run, and the note
// says what to do then.
func TestDetachNoteIsTrue(t *testing.T) {
	t.Parallel()
	cfg := everythingConfig(t)
	out, stderr, code := mcpeek(t, "call", "everything.simulate-research-query", "--args", `{"topic": "tides"}`, "--detach", "--config", cfg)
	id := strings.TrimSpace(out)
	if code != 0 || id == "" {
		t.Fatalf("--detach: exit %d\n%s\n%s", code, out, stderr)
	}
	for _, w := range []string{"follow it with: mcpeek task get|result|cancel everything " + id,
		"that works when the server outlives this run and keeps its tasks across sessions",
		"call without --detach to wait for the result"} {
		if !strings.Contains(stderr, w) {
			t.Errorf("the note lacks %q:\n%s", w, stderr)
		}
	}
	_, stderr, code = mcpeek(t, "task", "get", "everything", id, "--config", cfg)
	if code == 0 {
		t.Errorf("task get of a task of an earlier run: exit 0; the note would promise what works:\n%s", stderr)
	}
}

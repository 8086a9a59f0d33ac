package main

import (
	"strings"
	"testing"
)

// TestEverythingTaskErrors: what a user trips on with `mcpeek task`
// against server-everything, which keeps its tasks per session: an id it
// does not know (as is every id of an earlier run) says why that may be;
// an empty id is refused before the server is asked.
func TestEverythingTaskErrors(t *testing.T) {
	t.Parallel()
	cfg := everythingConfig(t)
	for _, verb := range []string{"get", "cancel", "result"} {
		_, stderr, code := mcpeek(t, "task", verb, "everything", "no-such-task", "--config", cfg)
		if code != 1 || !strings.Contains(stderr, "not found") ||
			!strings.Contains(stderr, "a server that keeps its tasks per session knows none that an earlier mcpeek run started") {
			t.Errorf("task %s of an unknown id: exit %d\n%s", verb, code, stderr)
		}
		_, stderr, code = mcpeek(t, "task", verb, "everything", "", "--config", cfg)
		if code != 1 || !strings.Contains(stderr, "everything: no task id given") {
			t.Errorf("task %s of an empty id: exit %d\n%s", verb, code, stderr)
		}
	}
}

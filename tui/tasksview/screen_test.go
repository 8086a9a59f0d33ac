package tasksview

import (
	"fmt"
	"mcpeek/tui/kit"
	"strings"
	"testing"
	"time"

	"mcpeek/mcpclient"
)

type running struct{ t mcpclient.Task }

func (r running) Report() (mcpclient.Task, bool) { return r.t, true }

// Past Keep the oldest ended task goes, not a task a call still follows;
// a followed task is drawn as its call last reported it.
func TestKeepDropsTheOldestEnded(t *testing.T) {
	t.Parallel()
	var s Screen[struct{}]
	now := time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)
	first := &Entry[struct{}]{Task: mcpclient.Task{Server: "a", ID: "0"}, ToolID: "a.slow", Started: now,
		Call: running{mcpclient.Task{Server: "a", ID: "0", Status: mcpclient.TaskWorking, Message: "halfway"}}}
	s.Add(first)
	for i := 1; i <= Keep; i++ {
		s.Add(&Entry[struct{}]{Task: mcpclient.Task{Server: "a", ID: fmt.Sprint(i), Status: mcpclient.TaskCompleted}, Started: now, Ended: now})
	}
	if len(s.Entries()) != Keep || s.Entries()[0] != first || s.Find("a", "1") != nil || s.Find("a", "2") == nil {
		t.Fatalf("kept %d, first %q", len(s.Entries()), s.Entries()[0].Task.ID)
	}
	s.SelectNewest()
	if got := s.Render(&kit.Styles{}, 200, Keep+1, now); !strings.Contains(got, "working") || !strings.Contains(got, "halfway") {
		t.Errorf("the followed task is not drawn as reported:\n%s", got)
	}
}

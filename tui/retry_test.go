package tui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
)

// Trap 5: a server that failed stays in error, and its pane counts down to
// the next attempt, numbered; the countdown moves with a tick each second.
func TestServerInErrorCountsDownToItsRetry(t *testing.T) {
	t.Parallel()
	b := demoBackend(t)
	clock := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	b.servers[1].Retry = model.Retry{Attempt: 3, At: clock.Add(8 * time.Second)}
	b.servers[1].Roots = []string{"file:///srv/data"}
	h := newHarness(t, b, 100, 30)
	var ticks []tea.Msg
	h.m.clock.now = func() time.Time { return clock }
	h.m.clock.after = func(d time.Duration, msg tea.Msg) tea.Cmd {
		if _, ok := msg.(retryTickMsg); ok {
			ticks = append(ticks, msg)
		}
		return nil
	}
	h.keys("G") // the broken server
	scr := h.screen()
	for _, want := range []string{"1 in error", "retrying in 8s (attempt 3)", "roots offered: file:///srv/data"} {
		if !strings.Contains(scr, want) {
			t.Errorf("the screen lacks %q:\n%s", want, scr)
		}
	}
	if len(ticks) != 1 {
		t.Fatalf("%d countdown ticks asked for, want 1", len(ticks))
	}
	clock = clock.Add(time.Second)
	h.send(ticks[0])
	if scr := h.screen(); !strings.Contains(scr, "retrying in 7s (attempt 3)") {
		t.Errorf("the countdown did not move:\n%s", scr)
	}
	if len(ticks) != 2 {
		t.Errorf("%d ticks, want the next one asked for", len(ticks))
	}

	// The attempt under way: still in error, still counted in the header.
	b.servers[1].Retry.At = time.Time{}
	h.send(ServerChangedMsg{})
	if scr := h.screen(); !strings.Contains(scr, "retrying now (attempt 3)") || !strings.Contains(scr, "1 in error") {
		t.Errorf("during the attempt:\n%s", scr)
	}
}

func TestRetryText(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, c := range []struct {
		r    model.Retry
		want string
	}{
		{model.Retry{}, ""},
		{model.Retry{Attempt: 2}, "retrying now (attempt 2)"},
		{model.Retry{Attempt: 2, At: now.Add(1500 * time.Millisecond)}, "retrying in 2s (attempt 2)"},
		{model.Retry{Attempt: 9, At: now.Add(4*time.Minute + 16*time.Second)}, "retrying in 4m16s (attempt 9)"},
		{model.Retry{Attempt: 4, At: now.Add(-time.Second)}, "retrying now (attempt 4)"},
	} {
		if got := retryText(c.r, now); got != c.want {
			t.Errorf("retryText(%+v) = %q, want %q", c.r, got, c.want)
		}
	}
}

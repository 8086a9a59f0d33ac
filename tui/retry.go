package tui

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
)

// A server that failed stays in error while the Manager tries it again,
// with a backoff; its pane counts down to the next attempt. The countdown
// is redrawn by a tick each second while a pane shows one.

// retryTickMsg redraws a countdown to a server's next attempt.
type retryTickMsg struct{ ticket ticket }

// retryText says when a failed server is tried again: "retrying in 8s
// (attempt 3)", "retrying now (attempt 3)"; "" when no retry is planned.
func retryText(r model.Retry, now time.Time) string {
	if !r.Pending() {
		return ""
	}
	attempt := " (attempt " + itoa(r.Attempt) + ")"
	left := r.At.Sub(now)
	if r.At.IsZero() || left <= 0 {
		return "retrying now" + attempt
	}
	return "retrying in " + (left + time.Second - 1).Truncate(time.Second).String() + attempt
}

// rootsText says which roots a server was offered: the directories it may
// work in, or none, when it works where its own arguments say.
func rootsText(roots []string) string {
	if len(roots) == 0 {
		return "roots: none offered (--root offers some)"
	}
	return "roots offered: " + strings.Join(roots, ", ")
}

// retryTick keeps a countdown shown on the right moving: one tick at a
// time, asked again after each while the selected server's retry is ahead.
func (m *Model) retryTick() tea.Cmd {
	if m.fleet.retryTicket != 0 {
		return nil // one is on its way
	}
	srv, ok := m.selectedServer()
	if r, _ := m.tools.Row(); !ok || r.Tool >= 0 || !srv.Retry.Pending() || !srv.Retry.At.After(m.clock.now()) {
		return nil
	}
	m.fleet.retryTicket = m.tickets.next()
	return m.clock.after(time.Second, retryTickMsg{ticket: m.fleet.retryTicket})
}

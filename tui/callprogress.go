package tui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/tui/tasksview"
)

// A call under way: its progress reports reach the model one at a time
// through a command that waits for the next, a timer redraws the time it
// has taken, and esc cancels it.

// waitProgress waits for the next progress report of a call, or its end.
func waitProgress(rc *runningCall) tea.Cmd {
	id, t, updates, finished := rc.call.toolID, rc.ticket, rc.updates, rc.finished
	return func() tea.Msg {
		select {
		case p := <-updates:
			return callProgressMsg{tool: id, ticket: t, progress: p}
		case <-finished:
			return nil
		}
	}
}

// callProgressed moves the bar of the call a report is for, and waits for
// the next report.
func (m *Model) callProgressed(msg callProgressMsg) tea.Cmd {
	rc := m.running(msg.tool)
	if rc == nil || stale(msg.ticket, rc.ticket) {
		return nil
	}
	rc.progress, rc.reported = msg.progress, true
	return waitProgress(rc)
}

// cancelCall cancels the call under way of a tool: the context's end
// makes the client send notifications/cancelled. Its answer, if one
// still comes, is dropped.
func (m *Model) cancelCall(toolID string) tea.Cmd {
	rc := m.running(toolID)
	if rc == nil {
		return nil
	}
	rc.cancel()
	m.taskEnded(rc, nil, nil)
	delete(m.calls.byTool, toolID)
	if v := m.views[toolID]; v != nil {
		v.ShowOutcome(nil) // the result view goes back to the last outcome
	}
	if rc.task.Load() != nil {
		return m.setStatus("cancelled the call of "+model.SanitizeLine(toolID)+" (tasks/cancel sent)", false)
	}
	return m.setStatus("cancelled the call of "+model.SanitizeLine(toolID)+" (notifications/cancelled sent)", false)
}

// startCallTick starts the timer that redraws elapsed times, unless one
// runs.
func (m *Model) startCallTick() tea.Cmd {
	if m.calls.tick != 0 {
		return nil
	}
	m.calls.tick = m.tickets.next()
	return m.after(time.Second, callTickMsg{ticket: m.calls.tick})
}

// callTicked redraws, and ticks again while calls are under way.
func (m *Model) callTicked(msg callTickMsg) tea.Cmd {
	if stale(msg.ticket, m.calls.tick) {
		return nil
	}
	m.calls.tick = 0
	m.noteTasks()
	if len(m.calls.byTool) == 0 {
		return nil
	}
	return m.startCallTick()
}

// callsSegment is the calls under way in a few cells of the status bar,
// seen from any tool: "⟳ demo.util_wait 3s", or "⟳ 2 calls".
func (m *Model) callsSegment() string {
	s := &m.styles
	switch len(m.calls.byTool) {
	case 0:
		return ""
	case 1:
		for id, rc := range m.calls.byTool {
			return s.StateStarting.Render(s.Icons.Starting) + s.Dim.Render(" "+model.SanitizeLine(id)+" "+
				time.Since(rc.started).Truncate(time.Second).String())
		}
	}
	return s.StateStarting.Render(s.Icons.Starting) + s.Dim.Render(" "+plural(len(m.calls.byTool), "call"))
}

// taskLine is the live line of a call that became a task: "working:
// Gathering sources... · task 7f3a1c2d… · TTL 5m0s, 4m52s left". The
// status comes first, whole; a long task id (most are UUIDs) is cut to
// its first 8 characters, as it matters least there.
func taskLine(t mcpclient.Task, now time.Time) string {
	line := model.SanitizeLine(t.String()) + " · task " + shortTaskID(model.SanitizeLine(t.ID))
	if t.TTL > 0 {
		line += " · TTL " + t.TTL.String()
		if exp := t.Expires(); !exp.IsZero() {
			line += ", " + max(exp.Sub(now), 0).Truncate(time.Second).String() + " left"
		}
	}
	return line
}

// shortTaskID cuts an id longer than 12 characters to its first 8 and an
// ellipsis: "c7ce4a1b…".
func shortTaskID(id string) string { return tasksview.ShortID(id) }

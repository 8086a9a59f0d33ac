package tui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/tui/tasksview"
)

// A call under way: its progress reports and the state of the task it
// became reach the model through the bridge, a timer redraws the time it
// has taken, and esc cancels it.

// callProgressed moves the bar of the call a report is for.
func (m *Model) callProgressed(msg callProgressMsg) {
	if rc := m.running(msg.tool); rc != nil && !stale(msg.ticket, rc.ticket) {
		rc.progress, rc.reported = msg.progress, true
	}
}

// callBecameTask keeps the newest state of the task a call became; the
// tasks screen lists it from then on.
func (m *Model) callBecameTask(msg callTaskMsg) {
	if rc := m.running(msg.tool); rc != nil && !stale(msg.ticket, rc.ticket) {
		rc.task = &msg.task
		m.noteTasks()
	}
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
	if v := m.built.views[toolID]; v != nil {
		v.ShowOutcome(nil) // the result view goes back to the last outcome
	}
	if rc.task != nil {
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
	return m.clock.after(time.Second, callTickMsg{ticket: m.calls.tick})
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

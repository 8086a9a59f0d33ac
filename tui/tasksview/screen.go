package tasksview

import (
	"mcpeek/tui/kit"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/tui/uitext"
)

// Keep bounds the tasks the screen keeps: past it the oldest ended one is
// dropped.
const Keep = 100

// Follower is a call of the explorer's that follows its task while it
// runs: Report is its newest report, if one came.
type Follower interface {
	Report() (mcpclient.Task, bool)
}

// Entry is one task as last seen, and the call that made it if the user
// did.
type Entry[O any] struct {
	Task    mcpclient.Task
	ToolID  string   // SERVER.TOOL of the call; "" for a listed task
	Call    Follower // the call that follows it, nil once it ended
	Started time.Time
	Ended   time.Time // zero while it runs (as far as the explorer knows)
	// Outcome is the ended call's outcome, for enter; nil for none.
	Outcome *O
}

// Listed reports whether e is a task no call of the explorer follows.
func (e *Entry[O]) Listed() bool { return e.Call == nil && e.Outcome == nil && e.ToolID == "" }

// Live is the task as it is now: its call's newest report while the call
// follows it.
func (e *Entry[O]) Live() mcpclient.Task {
	if e.Call != nil {
		if t, ok := e.Call.Report(); ok {
			return t
		}
	}
	return e.Task
}

// Screen is the tasks of the session and the screen that lists them.
type Screen[O any] struct {
	// Open says the screen is shown.
	Open    bool
	entries []*Entry[O] // oldest first, Keep at most
	cursor  int
}

// Entries are the tasks kept, oldest first.
func (s *Screen[O]) Entries() []*Entry[O] { return s.entries }

// Find is the entry of a server's task, or nil.
func (s *Screen[O]) Find(server, id string) *Entry[O] {
	for _, e := range s.entries {
		if e.Task.Server == server && e.Task.ID == id {
			return e
		}
	}
	return nil
}

// Add keeps e, dropping the oldest ended entry (else the oldest) past
// Keep.
func (s *Screen[O]) Add(e *Entry[O]) {
	s.entries = append(s.entries, e)
	if len(s.entries) <= Keep {
		return
	}
	drop := 0
	for i, old := range s.entries {
		if old.Call == nil {
			drop = i
			break
		}
	}
	s.entries = append(s.entries[:drop], s.entries[drop+1:]...)
	s.cursor = min(s.cursor, len(s.entries)-1)
}

// Selected is the entry under the cursor, or nil.
func (s *Screen[O]) Selected() *Entry[O] {
	if s.cursor < 0 || s.cursor >= len(s.entries) {
		return nil
	}
	return s.entries[s.cursor]
}

// SelectNewest puts the cursor on the newest task.
func (s *Screen[O]) SelectNewest() { s.cursor = len(s.entries) - 1 }

// Move moves the cursor by a key, rows rows of tasks being shown, and
// keeps it on a task.
func (s *Screen[O]) Move(msg tea.KeyPressMsg, k *kit.KeyMap, rows int) {
	switch {
	case key.Matches(msg, k.Up):
		s.cursor--
	case key.Matches(msg, k.Down):
		s.cursor++
	case key.Matches(msg, k.PageUp):
		s.cursor -= rows
	case key.Matches(msg, k.PageDown):
		s.cursor += rows
	case key.Matches(msg, k.Top):
		s.cursor = 0
	case key.Matches(msg, k.Bottom):
		s.cursor = len(s.entries) - 1
	}
	s.cursor = min(max(s.cursor, 0), max(len(s.entries)-1, 0))
}

// Help is the short help while the screen is open.
func Help(k *kit.KeyMap) []key.Binding {
	back := k.Tasks
	back.SetHelp("T/esc", "back")
	return []key.Binding{k.Down, k.TaskResult, k.CancelTask, k.RefreshLists, back, k.Help, k.Quit}
}

// Render draws the screen width cells wide: a head line, then a line per
// task in rows rows, the cursor's kept in sight. Its cost is the screen's
// height.
func (s *Screen[O]) Render(st *kit.Styles, width, rows int, now time.Time) string {
	hint := "  " + uitext.Plural(len(s.entries), "task") + " of this session · enter: result · c: cancel · U: tasks/list again · T: back"
	if uitext.Width("Tasks"+hint) > width {
		hint = "  " + uitext.Plural(len(s.entries), "task") + " · enter result · c cancel · U relist · T back"
	}
	head := st.PaneTitleFocus.Render("Tasks") + st.Dim.Render(hint)
	lines := []string{uitext.Fit(head, width)}
	if len(s.entries) == 0 {
		for _, l := range uitext.Wrap("No tasks yet. A tool whose execution.taskSupport is required runs as a task; ctrl+t in the call form runs an optional one as a task.", width) {
			lines = append(lines, st.Dim.Render(l))
		}
		return strings.Join(lines, "\n")
	}
	top := min(max(s.cursor-rows+1, 0), max(len(s.entries)-rows, 0))
	for i := top; i < min(top+rows, len(s.entries)); i++ {
		e := s.entries[i]
		text := row(e.Live(), e.ToolID, e.Started, e.Ended, now, width)
		if i == s.cursor {
			lines = append(lines, st.Cursor.Render(uitext.Fit(text, width)))
			continue
		}
		style := st.Dim
		switch e.Live().Status {
		case mcpclient.TaskWorking, mcpclient.TaskInputRequired:
			style = st.StateStarting
		case mcpclient.TaskCompleted:
			style = st.StateConnected
		case mcpclient.TaskFailed:
			style = st.StateError
		}
		lines = append(lines, style.Render(uitext.Fit(text, width)))
	}
	return strings.Join(lines, "\n")
}

// row is a task's line: "working  everything.simulate-research-query
// task 7f3a · 12s · TTL 4m48s left · Gathering sources...". A line wider
// than width cuts the task id to its first 8 characters.
func row(t mcpclient.Task, toolID string, started, ended, now time.Time, width int) string {
	what := model.SanitizeLine(toolID)
	switch {
	case what != "":
	case t.Tool != "":
		what = model.SanitizeLine(t.Server+"."+t.Tool) + " (listed)"
	default:
		what = model.SanitizeLine(t.Server) + " (listed)"
	}
	end := now
	if !ended.IsZero() {
		end = ended
	}
	id := model.SanitizeLine(t.ID)
	parts := []string{uitext.PadRight(string(t.Status), 14) + " " + what, "task " + id,
		max(end.Sub(started), 0).Truncate(time.Second).String()}
	if exp := t.Expires(); !exp.IsZero() && !t.Status.Terminal() {
		parts = append(parts, "TTL "+max(exp.Sub(now), 0).Truncate(time.Second).String()+" left")
	}
	if t.Message != "" {
		parts = append(parts, model.SanitizeLine(t.Message))
	}
	if line := strings.Join(parts, " · "); uitext.Width(line) <= width {
		return line
	}
	parts[1] = "task " + ShortID(id)
	return strings.Join(parts, " · ")
}

// ShortID is a task id cut to its first 8 characters when longer than 12.
func ShortID(id string) string {
	if r := []rune(id); len(r) > 12 {
		return string(r[:8]) + "…"
	}
	return id
}

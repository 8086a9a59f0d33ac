package tui

import (
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/summarizer/schematree"
)

// A recursive unfold (e, L, 1-9) of a huge schema loads hundreds of
// thousands of lines: it runs a slice at a time on the UI loop (the tree
// is the model's, so no goroutine touches it), each slice bounded in time,
// with a message between slices so keys and frames go on. The status line
// counts the lines; any key but a movement stops it.

// unfoldSlice bounds one slice of an unfold, well under a frame budget of
// 50 ms.
const unfoldSlice = 20 * time.Millisecond

// unfoldStep is how many lines an unfold visits between looks at the clock.
const unfoldStep = 512

// unfoldJob is the unfold under way, if any.
type unfoldJob struct {
	u      *schematree.Unfolding
	ticket ticket
}

// unfoldStepMsg asks for the next slice of the unfold tagged ticket.
type unfoldStepMsg struct{ ticket ticket }

// startUnfold runs a first slice of u and, if it is not done, asks for
// the next.
func (m *Model) startUnfold(u *schematree.Unfolding) tea.Cmd {
	m.unfold = unfoldJob{u: u, ticket: m.tickets.next()}
	return m.unfoldSlice()
}

// unfoldSlice runs one slice of the unfold under way.
func (m *Model) unfoldSlice() tea.Cmd {
	u := m.unfold.u
	if u == nil {
		return nil
	}
	deadline := m.now().Add(unfoldSlice)
	for !u.Step(unfoldStep) && m.now().Before(deadline) {
	}
	if u.Done() {
		m.unfold = unfoldJob{}
		if u.Capped() {
			return m.setStatus(ExpandLimited.Text, true)
		}
		if m.status.text != "" && !m.status.isErr {
			m.status = statusLine{} // the progress line
		}
		return nil
	}
	t := m.unfold.ticket
	return tea.Batch(m.setStatus("unfolding… "+thousands(u.Lines())+" lines (any key but a move stops)", false),
		func() tea.Msg { return unfoldStepMsg{ticket: t} })
}

// stopUnfold gives up the unfold under way unless msg only moves the
// cursor.
func (m *Model) stopUnfold(msg tea.KeyPressMsg) {
	if m.unfold.u == nil {
		return
	}
	k := &m.keys
	if key.Matches(msg, k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.NextSibling, k.PrevSibling) {
		return
	}
	m.unfold = unfoldJob{}
	m.status = statusLine{}
}

package tui

import tea "charm.land/bubbletea/v2"

// wheelLines is how far one wheel notch scrolls.
const wheelLines = 3

// inLeft reports whether screen column x is in the tools pane.
func (m *Model) inLeft(x int) bool {
	if m.term.layout.single {
		return m.term.focus == focusTools
	}
	return x < m.term.layout.leftW
}

// handleClick selects the row clicked in the pane under the pointer (and
// gives that pane the keys); what a click does there is the pane's.
func (m *Model) handleClick(ms tea.Mouse) tea.Cmd {
	if ms.Button != tea.MouseLeft || m.dialogs.Top() != nil || m.input.mode != inputNone || m.keyboardScreen() {
		return nil
	}
	y := ms.Y - titleRows
	if y < 0 || y >= m.term.layout.bodyH {
		return nil
	}
	if m.traffic.open {
		return m.act(m.traffic.Click(y))
	}
	if m.inLeft(ms.X) {
		m.term.focus = focusTools
		if !m.tools.Click(y - listHeadRows) {
			return nil
		}
		return m.showSelected()
	}
	if m.current == nil {
		return nil
	}
	m.term.focus = focusView
	if row := y - viewHeadRows; row >= 0 {
		return m.act(m.currentPane().Click(row))
	}
	return nil
}

// keyboardScreen reports whether a whole screen that takes only keys (the
// server log, the tasks) covers the explorer: a click or a wheel notch
// must not act on the panes beneath it.
func (m *Model) keyboardScreen() bool { return m.offers.logs.Open || m.tasks.Open }

// handleWheel scrolls the pane under the pointer.
func (m *Model) handleWheel(ms tea.Mouse) {
	var n int
	switch ms.Button {
	case tea.MouseWheelDown:
		n = wheelLines
	case tea.MouseWheelUp:
		n = -wheelLines
	default:
		return
	}
	switch {
	case m.dialogs.Top() != nil, m.keyboardScreen():
	case m.traffic.open:
		m.traffic.Scroll(n)
	case m.inLeft(ms.X):
		m.tools.Scroll(n)
	case m.current != nil:
		m.currentPane().Scroll(n)
	}
}

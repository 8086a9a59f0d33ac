package tui

import tea "charm.land/bubbletea/v2"

// wheelLines is how far one wheel notch scrolls.
const wheelLines = 3

// inLeft reports whether screen column x is in the tools pane.
func (m *Model) inLeft(x int) bool {
	if m.layout.single {
		return m.focus == paneTools
	}
	return x < m.layout.leftW
}

// handleClick selects the row clicked; a click on the selected tree line
// folds or unfolds it.
func (m *Model) handleClick(ms tea.Mouse) tea.Cmd {
	if ms.Button != tea.MouseLeft || m.fatal != nil || m.mode != inputNone {
		return nil
	}
	y := ms.Y - titleRows
	if y < 0 || y >= m.layout.bodyH {
		return nil
	}
	if v := &m.tview; v.open {
		// A click on a call selects it; a click on the selected one opens it.
		if row := y - trafficListHead; v.detail == nil && !v.opening && row >= 0 && v.top+row <= m.traffic.last() {
			if v.top+row == v.cursor {
				v.req++
				v.opening = true
				return openCall(*m.traffic.at(v.cursor), v.req)
			}
			v.move(&m.traffic, v.top+row-v.cursor)
		}
		return nil
	}
	if m.inLeft(ms.X) {
		m.focus = paneTools
		row := y - listHeadRows
		if row < 0 || m.tools.offset+row >= len(m.tools.rows) {
			return nil
		}
		m.tools.cursor = m.tools.offset + row
		return m.showSelected()
	}
	if m.current == nil {
		return nil
	}
	m.focus = paneView
	t := m.currentTree()
	row := y - viewHeadRows
	if t == nil || row < 0 {
		return nil
	}
	before := t.Cursor()
	if t.Select(row) && t.Cursor() == before {
		t.Toggle(before)
	}
	return nil
}

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
	if v := &m.tview; v.open {
		if v.detail != nil {
			v.detail.scroll(n, m.layout.bodyH)
		} else {
			v.scroll(&m.traffic, n)
		}
		return
	}
	if m.inLeft(ms.X) {
		m.tools.scroll(n)
		return
	}
	if m.current == nil {
		return
	}
	if t := m.currentTree(); t != nil {
		t.Scroll(n)
	} else if d := m.currentDoc(); d != nil {
		d.scroll(n, m.layout.treeH)
	}
}

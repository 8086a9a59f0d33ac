package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/schematree"
)

// handleKey routes a key press: the pending copy, the text input, global
// keys, then the focused pane.
func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := &m.keys
	switch {
	case m.fatal != nil:
		if key.Matches(msg, k.Quit) {
			return m.quit()
		}
		return nil
	case m.yank:
		return m.handleYank(msg)
	case m.mode != inputNone:
		return m.handleInput(msg)
	}
	switch {
	case key.Matches(msg, k.Quit):
		return m.quit()
	case key.Matches(msg, k.Help):
		m.showHelp = !m.showHelp
		m.resize(m.width, m.height)
		return nil
	case key.Matches(msg, k.Gateway):
		return m.toggleGateway()
	case key.Matches(msg, k.Traffic):
		m.toggleTraffic()
		return nil
	}
	if m.tview.open {
		return m.trafficKey(msg)
	}
	switch {
	case key.Matches(msg, k.Pane):
		m.switchPane()
		return nil
	case key.Matches(msg, k.View):
		m.view = (m.view + 1) % viewCount
		m.sizeTrees()
		return nil
	case key.Matches(msg, k.Planner):
		m.toggleView(viewPlanner)
		return nil
	case key.Matches(msg, k.Compare):
		m.toggleView(viewCompare)
		return nil
	case key.Matches(msg, k.Reconnect):
		if srv, ok := m.selectedServer(); ok {
			return reconnect(m.backend, srv.Name)
		}
		return nil
	case key.Matches(msg, k.Desc):
		m.showDesc, m.descChosen = !m.showDesc, true
		return nil
	}
	if cmd, ok := m.knobsKey(msg); ok {
		return cmd
	}
	if m.focus == paneTools {
		return m.toolsKey(msg)
	}
	return m.viewKey(msg)
}

// toggleView shows view k, or the summary again when k is already shown.
func (m *Model) toggleView(k viewKind) {
	if m.view == k {
		k = viewSummary
	}
	m.view = k
	m.sizeTrees()
}

func (m *Model) switchPane() {
	if m.focus == paneTools && (m.current != nil || m.loading != "") {
		m.focus = paneView
	} else {
		m.focus = paneTools
	}
}

// toolsKey handles the servers-and-tools pane.
func (m *Model) toolsKey(msg tea.KeyPressMsg) tea.Cmd {
	k := &m.keys
	l := &m.tools
	switch {
	case key.Matches(msg, k.Down):
		l.move(1)
	case key.Matches(msg, k.Up):
		l.move(-1)
	case key.Matches(msg, k.PageDown):
		l.move(l.height)
	case key.Matches(msg, k.PageUp):
		l.move(-l.height)
	case key.Matches(msg, k.Top):
		l.move(-len(l.rows))
	case key.Matches(msg, k.Bottom):
		l.move(len(l.rows))
	case key.Matches(msg, k.Filter):
		m.startInput(inputFilter, l.filter)
		return nil
	case key.Matches(msg, k.Copy):
		m.yank = true
		return nil
	case key.Matches(msg, k.Fold):
		r, ok := l.selected()
		if !ok {
			return nil
		}
		if r.tool >= 0 {
			// Step up to the server row.
			for l.cursor > 0 && l.rows[l.cursor].tool >= 0 {
				l.cursor--
			}
			l.clampOffset()
		} else if l.filter == "" {
			m.tools.folded[m.servers[r.server].Name] = true
			l.rebuild(m.servers, m.info)
		}
	case key.Matches(msg, k.Unfold), key.Matches(msg, k.Toggle):
		r, ok := l.selected()
		if !ok {
			return nil
		}
		if r.tool >= 0 {
			if m.current != nil {
				m.focus = paneView
			}
			return nil
		}
		name := m.servers[r.server].Name
		if m.tools.folded[name] {
			delete(m.tools.folded, name)
			l.rebuild(m.servers, m.info)
		} else if key.Matches(msg, k.Unfold) {
			l.move(1)
		}
	default:
		return nil
	}
	return m.showSelected()
}

// viewKey handles the right pane: a tree, or a document (raw, planner,
// compare) that scrolls.
func (m *Model) viewKey(msg tea.KeyPressMsg) tea.Cmd {
	if m.current == nil {
		return nil
	}
	k := &m.keys
	t := m.currentTree()
	if t == nil {
		if r := m.currentDoc(); r != nil {
			scrollKey(msg, k, r, m.layout.treeH)
		}
		return nil
	}
	switch {
	case key.Matches(msg, k.Down):
		t.Down(1)
	case key.Matches(msg, k.Up):
		t.Up(1)
	case key.Matches(msg, k.PageDown):
		t.Down(t.Height())
	case key.Matches(msg, k.PageUp):
		t.Up(t.Height())
	case key.Matches(msg, k.Top):
		t.Top()
	case key.Matches(msg, k.Bottom):
		t.Bottom()
	case key.Matches(msg, k.Fold):
		t.Left()
	case key.Matches(msg, k.Unfold):
		t.Right()
	case key.Matches(msg, k.Toggle):
		t.Toggle(t.Cursor())
	case key.Matches(msg, k.FoldAll):
		t.CollapseBelow(t.Cursor())
	case key.Matches(msg, k.UnfoldAll):
		if t.ExpandBelow(t.Cursor()) {
			return m.setStatus("stopped unfolding at "+itoa(schematree.ExpandLimit)+" lines", true)
		}
	case key.Matches(msg, k.ExpandAll):
		if t.ExpandAll() {
			return m.setStatus("stopped unfolding at "+itoa(schematree.ExpandLimit)+" lines", true)
		}
	case key.Matches(msg, k.CollapseAll):
		t.CollapseAll()
	case key.Matches(msg, k.Depth):
		t.ExpandToDepth(int(msg.Code - '0'))
	case key.Matches(msg, k.NextSibling):
		t.NextSibling()
	case key.Matches(msg, k.PrevSibling):
		t.PrevSibling()
	case key.Matches(msg, k.Filter):
		m.searchOrigin = t.Cursor()
		m.startInput(inputSearch, "")
	case key.Matches(msg, k.Next):
		return m.findNext(false)
	case key.Matches(msg, k.Prev):
		return m.findNext(true)
	case key.Matches(msg, k.Copy):
		m.yank = true
	}
	return nil
}

// toggleTraffic opens the traffic screen, or goes back to the explorer.
func (m *Model) toggleTraffic() {
	v := &m.tview
	v.open = !v.open
	v.detail, v.opening = nil, false
	if m.showHelp {
		m.resize(m.width, m.height) // the full help differs
	}
	v.follow(&m.traffic)
}

// trafficKey handles the traffic screen: the list of calls, or the call
// opened.
func (m *Model) trafficKey(msg tea.KeyPressMsg) tea.Cmd {
	k := &m.keys
	v := &m.tview
	if d := v.detail; d != nil {
		if key.Matches(msg, k.Back) {
			v.detail = nil
		} else {
			scrollKey(msg, k, d, m.layout.bodyH)
		}
		return nil
	}
	l := &m.traffic
	switch {
	case key.Matches(msg, k.Back):
		if v.opening {
			v.opening = false
		} else {
			m.toggleTraffic()
		}
	case key.Matches(msg, k.Down):
		v.move(l, 1)
	case key.Matches(msg, k.Up):
		v.move(l, -1)
	case key.Matches(msg, k.PageDown):
		v.move(l, v.height)
	case key.Matches(msg, k.PageUp):
		v.move(l, -v.height)
	case key.Matches(msg, k.Top):
		v.move(l, -l.n)
	case key.Matches(msg, k.Follow):
		v.move(l, l.n)
	case key.Matches(msg, k.Open):
		if l.n == 0 {
			return nil
		}
		v.req++
		v.opening = true
		return openCall(*l.at(v.cursor), v.req)
	}
	return nil
}

// scrollKey moves a scrolling document (raw, planner, compare, a traffic
// call) by a movement key, in a pane height rows tall.
func scrollKey(msg tea.KeyPressMsg, k *keyMap, d scroller, height int) {
	_, total := d.span()
	page := d.rows(height)
	switch {
	case key.Matches(msg, k.Down):
		d.scroll(1, height)
	case key.Matches(msg, k.Up):
		d.scroll(-1, height)
	case key.Matches(msg, k.PageDown):
		d.scroll(page, height)
	case key.Matches(msg, k.PageUp):
		d.scroll(-page, height)
	case key.Matches(msg, k.Top):
		d.scroll(-total, height)
	case key.Matches(msg, k.Bottom):
		d.scroll(total, height)
	}
}

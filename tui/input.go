package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/schematree"
)

// startInput opens the text input at the bottom for a filter or a search.
func (m *Model) startInput(mode inputMode, value string) {
	in := &m.input
	in.mode = mode
	if mode == inputSearch {
		in.field.Prompt = "search: "
	} else {
		in.field.Prompt = "filter: "
	}
	in.field.SetValue(value)
	in.field.CursorEnd()
	in.field.SetWidth(max(m.width-len(in.field.Prompt)-1, 1))
	in.field.Focus()
	if mode == inputFilter {
		m.tools.before = m.tools.key(m.servers)
	}
}

// handleInput edits the filter or search; every keystroke applies it.
func (m *Model) handleInput(msg tea.KeyPressMsg) tea.Cmd {
	k := &m.keys
	in := &m.input
	switch {
	case key.Matches(msg, k.Cancel):
		mode := in.mode
		in.mode = inputNone
		in.field.Blur()
		if mode == inputFilter {
			m.tools.setFilter("", m.servers, m.info)
			m.tools.selectKey(m.servers, m.tools.before)
			return m.showSelected()
		}
		if t := m.currentTree(); t != nil && in.origin != nil {
			t.Reveal(in.origin)
		}
		return nil
	case key.Matches(msg, k.Accept):
		mode := in.mode
		in.mode = inputNone
		in.field.Blur()
		if t := m.currentTree(); mode == inputSearch && in.search != "" && t != nil && !matcher(in.search)(t.Cursor()) {
			return m.setStatus("no opened line matches "+in.search+" (e opens all)", true)
		}
		return nil
	case key.Matches(msg, k.ResultDown), key.Matches(msg, k.ResultUp):
		dir := 1
		if key.Matches(msg, k.ResultUp) {
			dir = -1
		}
		if in.mode == inputFilter {
			m.tools.moveToTool(dir)
			return m.showSelected()
		}
		return m.findNext(dir < 0)
	}
	var cmd tea.Cmd
	in.field, cmd = in.field.Update(msg)
	val := in.field.Value()
	if in.mode == inputFilter {
		if val != m.tools.filter {
			m.tools.setFilter(val, m.servers, m.info)
			return tea.Batch(cmd, m.showSelected())
		}
		return cmd
	}
	if val != in.search {
		in.search = val
		if t := m.currentTree(); t != nil && in.origin != nil && val != "" {
			t.Reveal(in.origin)
			t.Find(matcher(val), false)
		}
	}
	return cmd
}

// matcher finds lines whose path holds the query, ignoring case.
func matcher(q string) func(*schematree.Node) bool {
	q = strings.ToLower(q)
	return func(n *schematree.Node) bool {
		return n.Kind != schematree.KindNote && n.Kind != schematree.KindMore && strings.Contains(strings.ToLower(n.Path), q)
	}
}

// findNext moves to the next (or previous) line matching the last search.
func (m *Model) findNext(backward bool) tea.Cmd {
	t := m.currentTree()
	if t == nil || m.input.search == "" {
		return nil
	}
	if !t.Find(matcher(m.input.search), backward) {
		return m.setStatus("no line matches "+m.input.search, true)
	}
	return nil
}

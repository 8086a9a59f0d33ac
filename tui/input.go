package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/schematree"
)

// startInput opens the text input at the bottom for a filter or a search.
func (m *Model) startInput(mode inputMode, value string) {
	m.mode = mode
	m.input.Prompt = "/"
	if mode == inputSearch {
		m.input.Prompt = "search: "
	} else {
		m.input.Prompt = "filter: "
	}
	m.input.SetValue(value)
	m.input.CursorEnd()
	m.input.SetWidth(max(m.width-len(m.input.Prompt)-1, 1))
	m.input.Focus()
}

// handleInput edits the filter or search; every keystroke applies it.
func (m *Model) handleInput(msg tea.KeyPressMsg) tea.Cmd {
	k := &m.keys
	switch {
	case key.Matches(msg, k.Cancel):
		mode := m.mode
		m.mode = inputNone
		m.input.Blur()
		if mode == inputFilter {
			m.tools.filter = ""
			m.tools.rebuild(m.servers, m.info)
			return m.showSelected()
		}
		if t := m.currentTree(); t != nil && m.searchOrigin != nil {
			t.Reveal(m.searchOrigin)
		}
		return nil
	case key.Matches(msg, k.Accept):
		mode := m.mode
		m.mode = inputNone
		m.input.Blur()
		if t := m.currentTree(); mode == inputSearch && m.search != "" && t != nil && !matcher(m.search)(t.Cursor()) {
			return m.setStatus("no opened line matches "+m.search+" (e opens all)", true)
		}
		return nil
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	val := m.input.Value()
	if m.mode == inputFilter {
		if val != m.tools.filter {
			m.tools.filter = val
			m.tools.rebuild(m.servers, m.info)
			return tea.Batch(cmd, m.showSelected())
		}
		return cmd
	}
	if val != m.search {
		m.search = val
		if t := m.currentTree(); t != nil && m.searchOrigin != nil && val != "" {
			t.Reveal(m.searchOrigin)
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
	if t == nil || m.search == "" {
		return nil
	}
	if !t.Find(matcher(m.search), backward) {
		return m.setStatus("no line matches "+m.search, true)
	}
	return nil
}

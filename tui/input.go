package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/tui/kit"
)

// maxQuery is the most characters a filter or a search holds: a longer
// paste is cut. No name or line is found by more, and each key of a query
// is tested against every tool of every server (a 200 KB paste over 1,223
// tools held the screen for a second and a half).
const maxQuery = 256

// startInput opens the text input at the bottom for a filter or a search,
// empty: each / starts a new query. The filter kept from the last one is
// shown greyed as the placeholder, and stays applied until the first key
// replaces it (enter keeps it, esc clears it). While the input is open
// every printable key is text: none runs a command.
func (m *Model) startInput(mode inputMode) {
	in := &m.input
	in.mode = mode
	in.field.Placeholder = ""
	if mode == inputSearch {
		in.field.Prompt = "search: "
	} else {
		in.field.Prompt = "filter: "
		in.field.Placeholder = m.tools.Filter()
	}
	in.field.SetValue("")
	in.field.SetWidth(max(m.term.width-len(in.field.Prompt)-12, 1))
	in.field.Focus()
	if mode == inputFilter {
		m.tools.OpenFilter(m.fleet.servers)
	}
}

// searchTarget is what a search would look through now: the traffic
// screen, or the focused view of the tool; nil when the tools pane has
// the keys (/ filters it) or no view is shown.
func (m *Model) searchTarget() kit.Searcher {
	switch {
	case m.traffic.open:
		return &m.traffic
	case m.term.focus == focusTools:
		return nil
	}
	if p, ok := m.currentPane().(kit.Searcher); ok {
		return p
	}
	return nil
}

// openSearch opens the search of what has the keys, or the tools filter
// when nothing else can be searched: / always opens an input, so that
// the letters typed after it never run commands.
func (m *Model) openSearch() tea.Cmd {
	t := m.searchTarget()
	if t == nil {
		m.term.focus = focusTools
		m.startInput(inputFilter)
		return nil
	}
	t.MarkSearch()
	m.input.owner, m.input.at, m.input.total = t, 0, 0
	m.startInput(inputSearch)
	m.input.search = ""
	return nil
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
			m.tools.CloseFilter(m.fleet.servers, m.toolInfoOf)
			return m.showSelected()
		}
		if in.owner != nil {
			in.owner.UnmarkSearch()
		}
		in.search, in.at, in.total = "", 0, 0
		return nil
	case key.Matches(msg, k.Accept):
		mode := in.mode
		in.mode = inputNone
		in.field.Blur()
		if mode == inputSearch && in.search != "" && in.total == 0 {
			return m.setStatus("nothing matches "+in.search, true)
		}
		return nil
	case key.Matches(msg, k.ResultDown), key.Matches(msg, k.ResultUp):
		dir := 1
		if key.Matches(msg, k.ResultUp) {
			dir = -1
		}
		if in.mode == inputFilter {
			m.tools.MoveToTool(dir)
			return m.showSelected()
		}
		return m.findNext(dir)
	}
	var cmd tea.Cmd
	was := in.field.Value()
	in.field, cmd = in.field.Update(msg)
	// The kept filter goes when the query changes (or backspace is pressed
	// in an empty one), not on a key that edits nothing.
	edited := in.field.Value() != was || (was == "" && msg.Code == tea.KeyBackspace)
	return m.inputEdited(cmd, edited)
}

// inputEdited applies the filter or the search as the input now holds it,
// after a key or a paste; cmd is the input's own, edited whether the key or
// paste changed the query.
func (m *Model) inputEdited(cmd tea.Cmd, edited bool) tea.Cmd {
	in := &m.input
	val := in.field.Value()
	if in.mode == inputFilter {
		if edited && val != m.tools.Filter() {
			m.tools.SetFilter(val, m.fleet.servers, m.toolInfoOf)
			return tea.Batch(cmd, m.showSelected())
		}
		return cmd
	}
	if val != in.search {
		in.search = val
		in.at, in.total = 0, 0
		if in.owner != nil {
			if val == "" {
				in.owner.UnmarkSearch()
			} else {
				in.at, in.total, in.more = in.owner.Find(val, 0)
			}
		}
	}
	return cmd
}

// findNext moves to the next (dir 1) or previous (-1) match of the last
// search, in what has the keys now (a search begins there if it is not
// where the last one ran).
func (m *Model) findNext(dir int) tea.Cmd {
	in := &m.input
	t := m.searchTarget()
	if t == nil || in.search == "" {
		return nil
	}
	if t != in.owner {
		t.MarkSearch()
		in.owner = t
	}
	in.at, in.total, in.more = t.Find(in.search, dir)
	if in.total == 0 {
		return m.setStatus("nothing matches "+in.search, true)
	}
	return nil
}

// searchCount is the search's counter for the status bar ("3/17"), while
// the pane searched is the one shown; "" otherwise.
func (m *Model) searchCount() string {
	in := &m.input
	if in.mode == inputFilter || in.search == "" || in.owner == nil || in.owner != m.searchTarget() {
		return ""
	}
	more := ""
	if in.more {
		more = "+" // lines are left to load: the next keystroke or n goes on
	}
	if in.total == 0 {
		return "no match" + more
	}
	return itoa(in.at) + "/" + itoa(in.total) + more
}

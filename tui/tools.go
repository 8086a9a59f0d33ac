package tui

import (
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"strings"

	"mcpeek/model"
)

// toolRow is one line of the servers-and-tools pane: a server (tool < 0)
// or one of its tools.
type toolRow struct {
	server, tool int
}

// toolList is the servers-and-tools pane: the rows that pass the filter,
// a cursor and a scroll offset. Rows are rebuilt when the servers or the
// filter change, never per frame.
type toolList struct {
	rows           []toolRow
	cursor, offset int
	height         int
	filter         string
	folded         map[string]bool // servers whose tools are hidden
	// matches is the set of tool ids that passed filter; a longer query
	// that extends it only tests those (the filter is incremental).
	matches     map[string]bool
	matchFilter string
}

// matchTool reports whether a tool passes the query: a fuzzy match on its
// name (the letters in order), or the words found in its title or
// description.
func matchTool(ti toolInfo, q string) bool {
	if q == "" {
		return true
	}
	if subsequence(ti.name, q) {
		return true
	}
	return strings.Contains(ti.text, q)
}

func subsequence(s, q string) bool {
	i := 0
	for j := 0; j < len(s) && i < len(q); j++ {
		if s[j] == q[i] {
			i++
		}
	}
	return i == len(q)
}

// rebuild lays the rows out for servers under the current filter, keeping
// the cursor on the same server or tool when it is still there.
func (l *toolList) rebuild(servers []model.Server, info map[string]toolInfo) {
	var keepServer, keepTool string
	if r, ok := l.selected(); ok && r.server < len(servers) {
		keepServer = servers[r.server].Name
		if r.tool >= 0 && r.tool < len(servers[r.server].Tools) {
			keepTool = servers[r.server].Tools[r.tool].Name
		}
	}
	l.refilter(servers, info)
	l.rows = l.rows[:0]
	newCursor := -1
	for si, s := range servers {
		var tools []toolRow
		for ti, t := range s.Tools {
			if l.filter == "" || l.matches[t.ID()] {
				tools = append(tools, toolRow{si, ti})
			}
		}
		if l.filter != "" && len(tools) == 0 {
			continue
		}
		if s.Name == keepServer && keepTool == "" {
			newCursor = len(l.rows)
		}
		l.rows = append(l.rows, toolRow{si, -1})
		if l.folded[s.Name] && l.filter == "" {
			continue
		}
		for _, r := range tools {
			if s.Name == keepServer && s.Tools[r.tool].Name == keepTool {
				newCursor = len(l.rows)
			}
			l.rows = append(l.rows, r)
		}
	}
	if newCursor >= 0 {
		l.cursor = newCursor
	}
	l.cursor = min(max(l.cursor, 0), max(len(l.rows)-1, 0))
	l.clampOffset()
}

// refilter recomputes matches, testing only the last matches when the
// query extends the last one.
func (l *toolList) refilter(servers []model.Server, info map[string]toolInfo) {
	q := strings.ToLower(l.filter)
	if q == "" {
		l.matches, l.matchFilter = nil, ""
		return
	}
	narrowing := l.matches != nil && l.matchFilter != "" && strings.HasPrefix(q, l.matchFilter)
	next := map[string]bool{}
	for _, s := range servers {
		for _, t := range s.Tools {
			id := t.ID()
			if narrowing && !l.matches[id] {
				continue
			}
			if matchTool(info[id], q) {
				next[id] = true
			}
		}
	}
	l.matches, l.matchFilter = next, q
}

// selected is the row under the cursor.
func (l *toolList) selected() (toolRow, bool) {
	if l.cursor < 0 || l.cursor >= len(l.rows) {
		return toolRow{}, false
	}
	return l.rows[l.cursor], true
}

func (l *toolList) move(n int) {
	l.cursor = min(max(l.cursor+n, 0), max(len(l.rows)-1, 0))
	l.clampOffset()
}

func (l *toolList) scroll(n int) {
	l.offset = min(max(l.offset+n, 0), max(len(l.rows)-l.height, 0))
	l.cursor = min(max(l.cursor, l.offset), l.offset+l.height-1)
	l.cursor = min(l.cursor, max(len(l.rows)-1, 0))
}

func (l *toolList) clampOffset() {
	h := max(l.height, 1)
	if l.cursor < l.offset {
		l.offset = l.cursor
	}
	if l.cursor >= l.offset+h {
		l.offset = l.cursor - h + 1
	}
	l.offset = min(max(l.offset, 0), max(len(l.rows)-h, 0))
}

// toolsView draws the servers-and-tools pane.
type toolsView struct {
	styles  *Styles
	width   int
	focused bool
	spinner string
}

// render draws the visible rows: O(height).
func (p toolsView) render(l *toolList, servers []model.Server, info map[string]toolInfo) string {
	s := p.styles
	var b strings.Builder
	for i := l.offset; i < len(l.rows) && i < l.offset+l.height; i++ {
		if i > l.offset {
			b.WriteByte('\n')
		}
		r := l.rows[i]
		srv := servers[r.server]
		var segs []seg
		var right seg
		if r.tool < 0 {
			icon, st := p.stateIcon(srv.State)
			segs = []seg{{icon + " ", st}, {model.SanitizeLine(srv.Name), s.Server}}
			switch {
			case srv.State == model.StateError:
				right = seg{"error", s.ErrText}
			case srv.State == model.StateStarting && len(srv.Tools) == 0:
				right = seg{"…", s.Dim}
			default:
				right = seg{itoa(len(srv.Tools)), s.Dim}
			}
		} else {
			t := srv.Tools[r.tool]
			ti := info[t.ID()]
			mark, mst := s.Icons.NoOutput, s.Faint
			if ti.hasOutput {
				mark, mst = s.Icons.Output, s.Marker
			}
			segs = []seg{{"  " + mark + " ", mst}, {model.SanitizeLine(t.Name), s.Tool}}
			switch {
			case ti.badSchema:
				right = seg{"!", s.ErrText}
			case ti.hidesFields:
				right = seg{s.Icons.Hidden, s.HiddenMark}
			}
		}
		// The right-hand mark keeps its column; the name is cut first.
		rw := 0
		if right.text != "" {
			rw = len([]rune(right.text)) + 1
		}
		var lb strings.Builder
		cursor := i == l.cursor
		s.renderLine(&lb, segs, p.width-rw, cursor, p.focused)
		line := fit(lb.String(), p.width-rw)
		if rw > 0 {
			if cursor {
				st := s.Cursor
				if !p.focused {
					st = s.CursorBlur
				}
				line += st.Render(" " + right.text)
			} else {
				line += " " + right.style.Render(right.text)
			}
		}
		b.WriteString(line)
	}
	return b.String()
}

func (p toolsView) stateIcon(st model.ConnState) (string, lipgloss.Style) {
	s := p.styles
	switch st {
	case model.StateStarting:
		if p.spinner != "" {
			return p.spinner, s.StateStarting
		}
		return s.Icons.Starting, s.StateStarting
	case model.StateConnected:
		return s.Icons.Connected, s.StateConnected
	case model.StateError:
		return s.Icons.Error, s.StateError
	}
	return s.Icons.Disabled, s.StateOff
}

// wantWidth is the width that shows every server and tool name whole:
// two cells of indent and mark before a tool, a count or mark after.
func (l *toolList) wantWidth(servers []model.Server) int {
	w := 0
	for _, s := range servers {
		w = max(w, ansi.StringWidth(model.SanitizeLine(s.Name))+2+4)
		for _, t := range s.Tools {
			w = max(w, ansi.StringWidth(model.SanitizeLine(t.Name))+4+2)
		}
	}
	return w
}

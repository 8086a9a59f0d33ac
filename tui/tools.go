package tui

import (
	"cmp"
	"slices"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"mcpeek/model"
	"mcpeek/summarizer/search"
	"mcpeek/tui/kit"
	"mcpeek/tui/toolview"
	"mcpeek/tui/uitext"
)

// toolRow is one line of the servers-and-tools pane: a server (tool < 0),
// one of its tools, or (tool < 0, gone > 0) one of the lock file's tools
// it no longer lists, which selects as its server does.
type toolRow struct {
	server, tool int
	gone         int // from 1: the server's gone tool shown, 0 for none
	// offer is the resource, template or prompt shown (tool < 0), of kind
	// offerNone on the other rows (offerrows.go).
	offer offerRef
}

// isServer reports whether the row is a server's own.
func (r toolRow) isServer() bool { return r.tool < 0 && r.gone == 0 && r.offer.kind == offerNone }

// toolList is the servers-and-tools pane: the rows that pass the filter,
// a cursor and a scroll offset. Rows are rebuilt when the servers or the
// filter change, never per frame. Under a filter the best matches come
// first: servers by their best tool, tools by rank (search.Tool).
type toolList struct {
	rows           []toolRow
	cursor, offset int
	height         int
	filter         string
	folded         map[string]bool // servers whose tools are hidden
	// matches ranks the tools that pass filter, by id; a longer query
	// that extends it only tests those (the filter is incremental).
	matches     map[string]search.Score
	matchFilter string
	// before is the row selected when the filter opened: esc goes back.
	before toolKey
	// gone are the lock file's tools each server no longer lists, by
	// server: shown dimmed at the end of its tools.
	gone map[string][]string
	// offers are the servers' resources, templates and prompts, shown
	// after their tools; nil for none.
	offers *offerState
}

// toolKey names a row whatever the filter: a server, or one of its tools
// or offers.
type toolKey struct{ server, tool, offer string }

// key names the row under the cursor.
func (l *toolList) key(servers []model.Server) toolKey {
	r, ok := l.selected()
	if !ok || r.server >= len(servers) {
		return toolKey{}
	}
	k := toolKey{server: servers[r.server].Name}
	if r.tool >= 0 && r.tool < len(servers[r.server].Tools) {
		k.tool = servers[r.server].Tools[r.tool].Name
	}
	k.offer = l.offerKey(k.server, r.offer)
	return k
}

// selectKey puts the cursor on the row named k, if it is shown.
func (l *toolList) selectKey(servers []model.Server, k toolKey) bool {
	for i, r := range l.rows {
		s := servers[r.server]
		if s.Name != k.server {
			continue
		}
		if l.offerKey(s.Name, r.offer) != k.offer {
			continue
		}
		if (r.tool < 0 && k.tool == "") || (r.tool >= 0 && s.Tools[r.tool].Name == k.tool) {
			l.cursor = i
			l.clampOffset()
			return true
		}
	}
	return false
}

// setFilter filters the rows by q and selects the best match.
func (l *toolList) setFilter(q string, servers []model.Server, info map[string]toolInfo) {
	l.filter = q
	l.rebuild(servers, info)
	if q != "" {
		l.cursor = 0
		l.moveToTool(1)
		if r, ok := l.selected(); ok && r.tool < 0 {
			l.moveToOffer() // no tool matches: the best offer
		}
	}
}

// moveToTool moves the cursor to the next tool row in direction dir (1 or
// -1), from the row after (before) the cursor; it stays where it is when
// there is none.
func (l *toolList) moveToTool(dir int) {
	start := l.cursor
	if r, ok := l.selected(); ok && r.tool >= 0 {
		start += dir
	}
	for i := start; i >= 0 && i < len(l.rows); i += dir {
		if l.rows[i].tool >= 0 {
			l.cursor = i
			l.clampOffset()
			return
		}
	}
}

// moveToServer moves the cursor to the next (dir 1) or previous (-1)
// server's row: J and K jump between servers.
func (l *toolList) moveToServer(dir int) {
	for i := l.cursor + dir; i >= 0 && i < len(l.rows); i += dir {
		if l.rows[i].isServer() {
			l.cursor = i
			l.clampOffset()
			return
		}
	}
}

// rebuild lays the rows out for servers under the current filter, keeping
// the cursor on the same server or tool when it is still there.
func (l *toolList) rebuild(servers []model.Server, info map[string]toolInfo) {
	keep := l.key(servers)
	l.refilter(servers, info)
	l.rows = l.rows[:0]
	type group struct {
		server int
		best   search.Score
		tools  []toolRow
		offers []toolRow
	}
	var groups []group
	for si, s := range servers {
		g := group{server: si}
		for ti, t := range s.Tools {
			if l.filter == "" {
				g.tools = append(g.tools, toolRow{server: si, tool: ti})
			} else if sc := l.matches[t.ID()]; sc != search.NoMatch {
				g.tools = append(g.tools, toolRow{server: si, tool: ti})
				g.best = max(g.best, sc)
			}
		}
		var best search.Score
		g.offers, best = l.offerRows(si, s.Name)
		g.best = max(g.best, best)
		if l.filter != "" {
			if len(g.tools) == 0 && len(g.offers) == 0 {
				continue
			}
			// Best first; of equal ones, the shorter name (the closer match).
			slices.SortStableFunc(g.tools, func(a, b toolRow) int {
				ta, tb := s.Tools[a.tool], s.Tools[b.tool]
				return cmp.Or(cmp.Compare(l.matches[tb.ID()], l.matches[ta.ID()]), cmp.Compare(len(ta.Name), len(tb.Name)))
			})
		}
		groups = append(groups, g)
	}
	if l.filter != "" {
		slices.SortStableFunc(groups, func(a, b group) int { return cmp.Compare(b.best, a.best) })
	}
	for _, g := range groups {
		l.rows = append(l.rows, toolRow{server: g.server, tool: -1})
		if l.folded[servers[g.server].Name] && l.filter == "" {
			continue
		}
		l.rows = append(l.rows, g.tools...)
		if l.filter == "" {
			for i := range l.gone[servers[g.server].Name] {
				l.rows = append(l.rows, toolRow{server: g.server, tool: -1, gone: i + 1})
			}
		}
		l.rows = append(l.rows, g.offers...)
	}
	if !l.selectKey(servers, keep) {
		l.cursor = min(max(l.cursor, 0), max(len(l.rows)-1, 0))
	}
	l.clampOffset()
}

// listed forgets the matches kept for the filter: the servers' tools were
// listed again, and the tools a query matched so far are no longer all
// there is to narrow (a filter typed while a server connected matched
// none of the tools it then listed).
func (l *toolList) listed() { l.matches, l.matchFilter = nil, "" }

// refilter recomputes matches, testing only the last matches when the
// query extends the last one (a longer query never matches more).
func (l *toolList) refilter(servers []model.Server, info map[string]toolInfo) {
	q := strings.ToLower(l.filter)
	l.refilterOffers(servers, q)
	if q == "" {
		l.matches, l.matchFilter = nil, ""
		return
	}
	narrowing := l.matches != nil && l.matchFilter != "" && strings.HasPrefix(q, l.matchFilter)
	next := map[string]search.Score{}
	for _, s := range servers {
		for _, t := range s.Tools {
			id := t.ID()
			if narrowing && l.matches[id] == search.NoMatch {
				continue
			}
			ti := info[id]
			if sc := search.Tool(ti.name, ti.text, q); sc != search.NoMatch {
				next[id] = sc
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
	styles  *kit.Styles
	width   int
	focused bool
	spinner string
	marks   *changeState // nil for none
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
		segs, right, marks := p.row(l, r, srv, info)
		// The right-hand mark keeps its column; the name is cut first.
		rights := right.Text
		for _, mk := range marks {
			rights += mk.Text
		}
		rw := 0
		if rights != "" {
			rw = cells(rights) + 1
		}
		cutName(segs, p.width-rw)
		var lb strings.Builder
		cursor := i == l.cursor
		toolview.RenderLine(s, &lb, segs, p.width-rw, cursor, p.focused)
		line := fit(lb.String(), p.width-rw)
		if rw > 0 {
			if cursor {
				st := s.Cursor
				if !p.focused {
					st = s.CursorBlur
				}
				line += st.Render(" " + rights)
			} else {
				line += " " + right.Style.Render(right.Text)
				for _, mk := range marks {
					line += mk.Style.Render(mk.Text)
				}
			}
		}
		b.WriteString(line)
	}
	return b.String()
}

// cutName cuts the name of a row (its second segment, after the icon)
// in the middle when the row is wider than width: names of a big server
// share long prefixes and differ at their end (github_repos_get_12,
// github_repos_get_164), which a cut at the end would hide.
func cutName(segs []seg, width int) {
	over := uitext.SegsWidth(segs) - width
	if len(segs) < 2 || over <= 0 {
		return
	}
	segs[1].Text = cutMiddle(segs[1].Text, max(cells(segs[1].Text)-over, 1))
}

// row is what one row shows: its icon and name (segs), the mark or count
// at its right, and the change marks after that, each in its own style.
func (p toolsView) row(l *toolList, r toolRow, srv model.Server, info map[string]toolInfo) (segs []seg, right seg, marks []seg) {
	s := p.styles
	switch {
	case r.offer.kind != offerNone:
		segs, right = p.offerRow(l, r, srv)
	case r.gone > 0:
		segs = []seg{{Text: "  " + s.Icons.Gone + " ", Style: s.RemovedTool}, {Text: model.SanitizeLine(l.gone[srv.Name][r.gone-1]), Style: s.RemovedTool}}
		right = seg{Text: "gone", Style: s.Faint}
	case r.tool < 0:
		icon, st := p.stateIcon(srv.State)
		segs = []seg{{Text: icon + " ", Style: st}, {Text: model.SanitizeLine(srv.Name), Style: s.Server}}
		if tried(srv) {
			segs = append(segs, seg{Text: " tried", Style: s.Dim})
		}
		switch {
		case srv.State == model.StateError:
			right = seg{Text: "error", Style: s.ErrText}
		case srv.State == model.StateNeedsLogin:
			right = seg{Text: "login", Style: s.StateStarting}
		case srv.State == model.StateStarting && len(srv.Tools) == 0:
			right = seg{Text: "…", Style: s.Dim}
		default:
			right = seg{Text: thousands(len(srv.Tools)), Style: s.Dim}
		}
		if p.marks != nil {
			marks = p.marks.serverSegs(s, srv.Name)
		}
	default:
		t := srv.Tools[r.tool]
		ti := info[t.ID()]
		mark, mst := s.Icons.NoOutput, s.Faint
		if ti.hasOutput {
			mark, mst = s.Icons.Output, s.Marker
		}
		segs = []seg{{Text: "  " + mark + " ", Style: mst}, {Text: model.SanitizeLine(t.Name), Style: s.Tool}}
		segs = append(segs, toolview.AppSegs(s, t)...)
		switch {
		case !t.HeaderFault.IsZero():
			right = toolview.DroppedSeg(s)
		case ti.badSchema:
			right = seg{Text: "!", Style: s.ErrText}
		case ti.hidesFields:
			right = seg{Text: s.Icons.Hidden, Style: s.HiddenMark}
		}
		if p.marks != nil {
			marks = p.marks.toolSegs(s, t)
		}
	}
	return segs, right, marks
}

// wantWidth is the width that shows every row whole: its icon and name,
// then the count or marks at its right, as render draws them. A tool's
// change marks are counted as the columns they keep while some tool has
// one (asking each tool for its marks costs a lint profile each).
func (p toolsView) wantWidth(l *toolList, servers []model.Server, info map[string]toolInfo) int {
	cols := 0
	if p.marks != nil {
		cols = btoi(p.marks.anyChange) + btoi(p.marks.anyRejected)
	}
	w := 0
	for si, srv := range servers {
		segs, right, marks := p.row(l, toolRow{server: si, tool: -1}, srv, info)
		n := uitext.SegsWidth(segs)
		if rights := uitext.SegsWidth(append([]seg{right}, marks...)); rights > 0 {
			n += rights + 1
		}
		w = max(w, n)
		w = max(w, p.offersWidth(l, srv.Name))
		for _, t := range srv.Tools {
			ti := info[t.ID()]
			rights := cols + btoi(ti.badSchema || ti.hidesFields || !t.HeaderFault.IsZero())
			n := 4 + ansi.StringWidth(model.SanitizeLine(t.Name)) + uitext.SegsWidth(toolview.AppSegs(p.styles, t))
			if rights > 0 {
				n += rights + 1
			}
			w = max(w, n)
		}
	}
	return w
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (p toolsView) stateIcon(st model.ConnState) (string, lipgloss.Style) {
	s := p.styles
	icon := s.Icons.State(st)
	switch st {
	case model.StateStarting:
		if p.spinner != "" {
			icon = p.spinner
		}
		return icon, s.StateStarting
	case model.StateConnected:
		return icon, s.StateConnected
	case model.StateError:
		return icon, s.StateError
	case model.StateNeedsLogin:
		return icon, s.StateStarting
	}
	return icon, s.StateOff
}

// tried reports whether a server is one of the registry tried (mcpeek
// try, or enter in the registry pane), not one of the user's config.
func tried(srv model.Server) bool { return strings.HasPrefix(srv.Source, "tried,") }

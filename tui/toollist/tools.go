package toollist

import (
	"cmp"
	"slices"

	"mcpeek/model"
	"mcpeek/summarizer/search"
	"mcpeek/tui/kit"
	"mcpeek/tui/uitext"
)

// Row is one line of the list: a server (Tool < 0), one of its tools,
// one of the lock file's tools it no longer lists (Tool < 0, Gone > 0),
// which selects as its server does, or one of its offers (Offer not the
// zero O).
type Row[O comparable] struct {
	Server, Tool int
	Gone         int // from 1: the server's gone tool shown, 0 for none
	Offer        O
}

// IsOffer reports whether the row is one of a server's offers.
func (r Row[O]) IsOffer() bool {
	var none O
	return r.Offer != none
}

// IsServer reports whether the row is a server's own.
func (r Row[O]) IsServer() bool { return r.Tool < 0 && r.Gone == 0 && !r.IsOffer() }

// Info is what the list shows and filters on of one tool.
type Info struct {
	HasOutput   bool   // it declares an output schema
	HidesFields bool   // its summary hides fields at the budget
	BadSchema   bool   // its schema could not be read
	Name, Text  string // the name; title and description (the filter ranks them)
}

// InfoOf is what the list shows of the tool with the id.
type InfoOf func(id string) Info

// Offers are what the servers offer besides tools, shown as rows after
// their tools, each named by a value of the root's type O (its zero value
// for none).
type Offers[O comparable] interface {
	// Key names a server's offer whatever the lists' order ("" for none).
	Key(server string, o O) string
	// Refilter ranks every server's offers against q, in lower case ("":
	// no filter).
	Refilter(servers []model.Server, q string)
	// Rows are a server's offers to show: all of them in order without a
	// filter, else those that match, best first, and the best score.
	Rows(server string, filtered bool) ([]O, search.Score)
	// Matches counts the offers that pass the filter.
	Matches() int
	// Line is what an offer's row shows: its icon and name, and the mark
	// at its right.
	Line(s *kit.Styles, server string, o O) (segs []uitext.Seg, right uitext.Seg)
	// Width is the width that shows a server's offer rows whole.
	Width(server string) int
}

// Key names a row whatever the filter: a server, or one of its tools or
// offers.
type Key struct{ Server, Tool, Offer string }

// List is the servers-and-tools pane: the rows that pass the filter, a
// cursor and a scroll offset. Rows are rebuilt when the servers or the
// filter change, never per frame. Under a filter the best matches come
// first: servers by their best tool, tools by rank (search.Tool).
type List[O comparable] struct {
	rows           []Row[O]
	cursor, offset int
	height         int
	filter         string
	folded         map[string]bool // servers whose tools are hidden
	// matches ranks the tools that pass filter, by id; a longer query
	// that extends it only tests those (the filter is incremental).
	matches     map[string]search.Score
	matchFilter string
	// before is the row selected when the filter opened: esc goes back.
	before Key
	// gone are the lock file's tools each server no longer lists, by
	// server: shown dimmed at the end of its tools.
	gone map[string][]string
	// offers are the servers' resources, templates and prompts, shown
	// after their tools; nil for none.
	offers Offers[O]
}

// New is an empty list showing offers (nil for none) after each server's
// tools.
func New[O comparable](offers Offers[O]) List[O] {
	return List[O]{folded: map[string]bool{}, height: 1, offers: offers}
}

// Rows are the rows shown, top to bottom.
func (l *List[O]) Rows() []Row[O] { return l.rows }

// Cursor is the index of the row under the cursor.
func (l *List[O]) Cursor() int { return l.cursor }

// Offset is the index of the first row in view.
func (l *List[O]) Offset() int { return l.offset }

// SetGone sets the lock file's tools each server no longer lists, by
// server; Rebuild shows them.
func (l *List[O]) SetGone(gone map[string][]string) { l.gone = gone }

// SetHeight sets the rows in view.
func (l *List[O]) SetHeight(h int) {
	l.height = h
	l.clampOffset()
}

// offerKey names an offer row ("" for the other rows).
func (l *List[O]) offerKey(server string, r Row[O]) string {
	if l.offers == nil || !r.IsOffer() {
		return ""
	}
	return l.offers.Key(server, r.Offer)
}

// Selected names the row under the cursor.
func (l *List[O]) Selected(servers []model.Server) Key {
	r, ok := l.Row()
	if !ok || r.Server >= len(servers) {
		return Key{}
	}
	k := Key{Server: servers[r.Server].Name}
	if r.Tool >= 0 && r.Tool < len(servers[r.Server].Tools) {
		k.Tool = servers[r.Server].Tools[r.Tool].Name
	}
	k.Offer = l.offerKey(k.Server, r)
	return k
}

// Select puts the cursor on the row named k, if it is shown.
func (l *List[O]) Select(servers []model.Server, k Key) bool {
	for i, r := range l.rows {
		s := servers[r.Server]
		if s.Name != k.Server || l.offerKey(s.Name, r) != k.Offer {
			continue
		}
		if (r.Tool < 0 && k.Tool == "") || (r.Tool >= 0 && s.Tools[r.Tool].Name == k.Tool) {
			l.cursor = i
			l.clampOffset()
			return true
		}
	}
	return false
}

// Reveal puts the cursor on the row named k, clearing the filter and
// unfolding its server if it is hidden; false if it is not listed.
func (l *List[O]) Reveal(servers []model.Server, info InfoOf, k Key) bool {
	if l.Select(servers, k) {
		return true
	}
	l.SetFilter("", servers, info)
	delete(l.folded, k.Server)
	l.Rebuild(servers, info)
	return l.Select(servers, k)
}

// SelectWhere puts the cursor on the first row for which pick says true;
// false if there is none.
func (l *List[O]) SelectWhere(pick func(Row[O]) bool) bool {
	for i, r := range l.rows {
		if pick(r) {
			l.cursor = i
			l.clampOffset()
			return true
		}
	}
	return false
}

// MoveToTool moves the cursor to the next tool row in direction dir (1 or
// -1), from the row after (before) the cursor; it stays where it is when
// there is none.
func (l *List[O]) MoveToTool(dir int) {
	start := l.cursor
	if r, ok := l.Row(); ok && r.Tool >= 0 {
		start += dir
	}
	for i := start; i >= 0 && i < len(l.rows); i += dir {
		if l.rows[i].Tool >= 0 {
			l.cursor = i
			l.clampOffset()
			return
		}
	}
}

// moveToServer moves the cursor to the next (dir 1) or previous (-1)
// server's row: J and K jump between servers.
func (l *List[O]) moveToServer(dir int) {
	for i := l.cursor + dir; i >= 0 && i < len(l.rows); i += dir {
		if l.rows[i].IsServer() {
			l.cursor = i
			l.clampOffset()
			return
		}
	}
}

// UpToServer moves the cursor up to the row of the server of the row
// under it.
func (l *List[O]) UpToServer() {
	for l.cursor > 0 && l.cursor < len(l.rows) && !l.rows[l.cursor].IsServer() {
		l.cursor--
	}
	l.clampOffset()
}

// group is a server's rows while the list is laid out.
type group[O comparable] struct {
	server int
	best   search.Score
	tools  []Row[O]
	offers []Row[O]
}

// Rebuild lays the rows out for servers under the current filter, keeping
// the cursor on the same server or tool when it is still there.
func (l *List[O]) Rebuild(servers []model.Server, info InfoOf) {
	keep := l.Selected(servers)
	l.refilter(servers, info)
	l.rows = l.rows[:0]
	var groups []group[O]
	for si, s := range servers {
		g := l.group(si, s)
		if l.filter != "" && len(g.tools) == 0 && len(g.offers) == 0 {
			continue
		}
		groups = append(groups, g)
	}
	if l.filter != "" {
		slices.SortStableFunc(groups, func(a, b group[O]) int { return cmp.Compare(b.best, a.best) })
	}
	for _, g := range groups {
		l.rows = append(l.rows, Row[O]{Server: g.server, Tool: -1})
		if l.folded[servers[g.server].Name] && l.filter == "" {
			continue
		}
		l.rows = append(l.rows, g.tools...)
		if l.filter == "" {
			for i := range l.gone[servers[g.server].Name] {
				l.rows = append(l.rows, Row[O]{Server: g.server, Tool: -1, Gone: i + 1})
			}
		}
		l.rows = append(l.rows, g.offers...)
	}
	if !l.Select(servers, keep) {
		l.cursor = min(max(l.cursor, 0), max(len(l.rows)-1, 0))
	}
	l.clampOffset()
}

// group is the server's tools and offers under the filter, best first.
func (l *List[O]) group(si int, s model.Server) group[O] {
	g := group[O]{server: si}
	for ti, t := range s.Tools {
		if l.filter == "" {
			g.tools = append(g.tools, Row[O]{Server: si, Tool: ti})
		} else if sc := l.matches[t.ID().String()]; sc != search.NoMatch {
			g.tools = append(g.tools, Row[O]{Server: si, Tool: ti})
			g.best = max(g.best, sc)
		}
	}
	if l.offers != nil {
		offers, best := l.offers.Rows(s.Name, l.filter != "")
		for _, o := range offers {
			g.offers = append(g.offers, Row[O]{Server: si, Tool: -1, Offer: o})
		}
		g.best = max(g.best, best)
	}
	if l.filter != "" {
		// Best first; of equal ones, the shorter name (the closer match).
		slices.SortStableFunc(g.tools, func(a, b Row[O]) int {
			ta, tb := s.Tools[a.Tool], s.Tools[b.Tool]
			return cmp.Or(cmp.Compare(l.matches[tb.ID().String()], l.matches[ta.ID().String()]), cmp.Compare(len(ta.Name), len(tb.Name)))
		})
	}
	return g
}

// Row is the row under the cursor.
func (l *List[O]) Row() (Row[O], bool) {
	if l.cursor < 0 || l.cursor >= len(l.rows) {
		return Row[O]{}, false
	}
	return l.rows[l.cursor], true
}

func (l *List[O]) move(n int) {
	l.cursor = min(max(l.cursor+n, 0), max(len(l.rows)-1, 0))
	l.clampOffset()
}

// Scroll scrolls the rows by n, keeping the cursor in view.
func (l *List[O]) Scroll(n int) {
	l.offset = min(max(l.offset+n, 0), max(len(l.rows)-l.height, 0))
	l.cursor = min(max(l.cursor, l.offset), l.offset+l.height-1)
	l.cursor = min(l.cursor, max(len(l.rows)-1, 0))
}

// Click puts the cursor on the row-th row in view; false if there is none.
func (l *List[O]) Click(row int) bool {
	if row < 0 || l.offset+row >= len(l.rows) {
		return false
	}
	l.cursor = l.offset + row
	return true
}

func (l *List[O]) clampOffset() {
	h := max(l.height, 1)
	if l.cursor < l.offset {
		l.offset = l.cursor
	}
	if l.cursor >= l.offset+h {
		l.offset = l.cursor - h + 1
	}
	l.offset = min(max(l.offset, 0), max(len(l.rows)-h, 0))
}

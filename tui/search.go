package tui

import (
	"strings"
	"time"

	"mcpeek/model"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/resultview"
)

// searcher is a pane whose text the search looks through: / opens the
// search in every pane, n and N step through the matches, and the status
// bar counts them ("3/17"). Every view of a tool is one, and the traffic
// screen.
type searcher interface {
	// markSearch remembers where a search begins: esc goes back there.
	markSearch()
	// unmarkSearch goes back to where the search began.
	unmarkSearch()
	// find moves to a match of q: the first at or after where the search
	// began (dir 0), or the one after (dir 1) or before (dir -1) the
	// current match, wrapping around. It returns the match's number from
	// 1 and how many there are (0, 0 when nothing matches), and whether
	// lines are left to look through (a tree loads its folds a slice per
	// keystroke).
	find(q string, dir int) (at, total int, more bool)
}

// searchScanLines bounds how many lines a search loads in a tree to look
// inside its folds: model.ScanCap, the same cap as every schema walk.
const searchScanLines = model.ScanCap

// searchLoadSlice bounds the time one keystroke of a search spends
// loading lines, so that a frame never waits long: what is left is
// loaded by the next keystrokes (and n), and the counter says "+" until
// then.
const searchLoadSlice = 25 * time.Millisecond

// foldQuery lower-cases a query once for every line it is tested on.
func foldQuery(q string) string { return strings.ToLower(q) }

// lineMatches reports whether a tree line matches a lower-cased query:
// its own name holds it, or, for a query with a dot or brackets, its path
// ends with it ("price_set.shop_money", "line_items[]"), so that the lines
// under a match do not match too. A value of a call result matches by its
// value too. Notes and "*" lines never match.
func lineMatches(n *schematree.Node, q string) bool {
	if n.Kind == schematree.KindNote || n.Kind == schematree.KindMore {
		return false
	}
	if strings.ContainsAny(q, ".[") {
		p := n.Path.String()
		return len(p) >= len(q) && strings.HasSuffix(strings.ToLower(p), q)
	}
	if _, ok := resultview.ValueOf(n); ok && containsFold(n.Type, q) {
		return true
	}
	return containsFold(n.Name, q)
}

// containsFold reports whether s holds lower-cased q, ignoring case.
func containsFold(s, q string) bool {
	if len(q) > len(s) {
		return false
	}
	return strings.Contains(strings.ToLower(s), q)
}

// findInTree searches a tree's whole schema: lines under folds are loaded
// (at most searchScanLines each call) and a match under a fold opens it.
// from is where the search began (dir 0).
func findInTree(t *schematree.Tree, from *schematree.Node, q string, dir int) (at, total int, more bool) {
	q = foldQuery(q)
	if q == "" || t.Cursor() == nil {
		return 0, 0, false
	}
	deadline := time.Now().Add(searchLoadSlice)
	more = true
	for more && time.Now().Before(deadline) {
		more = t.LoadFolded(searchScanLines, 256)
	}
	ref := t.Cursor()
	if dir == 0 && from != nil {
		ref = from
	}
	var hits []*schematree.Node
	refAt := -1 // hits before ref in list order
	for n := t.First(); n != nil; n = n.Next() {
		if n == ref {
			refAt = len(hits)
		}
		if lineMatches(n, q) {
			hits = append(hits, n)
		}
	}
	if len(hits) == 0 {
		return 0, 0, more
	}
	refAt = max(refAt, 0)
	i := pick(hits, refAt, ref, dir)
	t.Jump(hits[i])
	return i + 1, len(hits), more
}

// pick chooses the match: at or after position refAt (dir 0), after the
// one at ref (dir 1), before it (dir -1), wrapping around.
func pick[T comparable](hits []T, refAt int, ref T, dir int) int {
	n := len(hits)
	switch {
	case dir == 0:
		return refAt % n
	case dir > 0:
		if refAt < n && hits[refAt] == ref {
			return (refAt + 1) % n
		}
		return refAt % n
	}
	return (refAt - 1 + n) % n
}

// lineDoc is a scrolling document whose lines can be read as plain text:
// the search looks through them.
type lineDoc interface {
	scroller
	// lineText is the plain text of line i.
	lineText(i int) string
}

// docSearch is the search of a document: the line of the current match.
type docSearch struct {
	origin int // the first line shown when the search began
	found  int // the line of the current match, -1 for none
}

// find moves the document to a match of q (see searcher.find), putting
// the matching line on the top row.
func (s *docSearch) find(d lineDoc, height int, q string, dir int) (at, total int) {
	q = foldQuery(q)
	if d == nil || q == "" {
		return 0, 0
	}
	top, lines := d.span()
	ref := s.found
	if dir == 0 || ref < 0 {
		ref = s.origin
		if dir != 0 {
			ref = top
		}
	}
	var hits []int
	refAt := -1
	for i := range lines {
		if refAt < 0 && i >= ref {
			refAt = len(hits)
		}
		if containsFold(d.lineText(i), q) {
			hits = append(hits, i)
		}
	}
	if len(hits) == 0 {
		s.found = -1
		return 0, 0
	}
	if refAt < 0 {
		refAt = len(hits)
	}
	i := pick(hits, refAt, ref, dir)
	s.found = hits[i]
	d.scroll(s.found-top, height)
	return i + 1, len(hits)
}

// mark remembers the first line shown.
func (s *docSearch) mark(d lineDoc) {
	s.found = -1
	if d != nil {
		s.origin, _ = d.span()
	}
}

// unmark scrolls back to where the search began.
func (s *docSearch) unmark(d lineDoc, height int) {
	if d != nil {
		top, _ := d.span()
		d.scroll(s.origin-top, height)
	}
	s.found = -1
}

// The tree views search their whole schema.

func (p *treePane) markSearch() { p.origin = p.t.Cursor() }
func (p *treePane) unmarkSearch() {
	if p.origin != nil {
		p.t.Reveal(p.origin)
	}
}
func (p *treePane) find(q string, dir int) (int, int, bool) { return findInTree(p.t, p.origin, q, dir) }

// The documents (raw, planner, compare) search their lines.

func (p *docPane) lines() lineDoc {
	d, _ := p.doc.(lineDoc)
	return d
}
func (p *docPane) markSearch()   { p.search.mark(p.lines()) }
func (p *docPane) unmarkSearch() { p.search.unmark(p.lines(), p.height) }
func (p *docPane) find(q string, dir int) (int, int, bool) {
	at, total := p.search.find(p.lines(), p.height, q, dir)
	return at, total, false
}

// The traffic screen searches the calls' tools and ops, or the call opened.

func (p *trafficPane) markSearch() {
	if p.detail != nil {
		p.search.mark(p.detail)
		return
	}
	p.origin = p.list.cursor
}

func (p *trafficPane) unmarkSearch() {
	if p.detail != nil {
		p.search.unmark(p.detail, p.height)
		return
	}
	p.list.move(&p.log, p.origin-p.list.cursor)
}

func (p *trafficPane) find(q string, dir int) (int, int, bool) {
	if p.detail != nil {
		at, total := p.search.find(p.detail, p.height, q, dir)
		return at, total, false
	}
	q = foldQuery(q)
	l := &p.log
	if q == "" || l.n == 0 {
		return 0, 0, false
	}
	ref := p.list.cursor
	if dir == 0 {
		ref = p.origin
	}
	var hits []int
	refAt := -1
	for seq := l.first(); seq <= l.last(); seq++ {
		if refAt < 0 && seq >= ref {
			refAt = len(hits)
		}
		ev := l.at(seq)
		if containsFold(ev.Tool+" "+ev.Op+" "+string(ev.Code), q) {
			hits = append(hits, seq)
		}
	}
	if len(hits) == 0 {
		return 0, 0, false
	}
	if refAt < 0 {
		refAt = len(hits)
	}
	i := pick(hits, refAt, ref, dir)
	p.list.move(l, hits[i]-p.list.cursor)
	return i + 1, len(hits), false
}

// Plain text of a document's lines, for the search.

func (d *rawDoc) lineText(i int) string {
	var b strings.Builder
	for _, t := range d.lines[i] {
		b.WriteString(t.text)
	}
	return b.String()
}

func (p *plannerDoc) lineText(i int) string    { return p.json.lineText(i) }
func (d *trafficDetail) lineText(i int) string { return d.doc.lineText(i) }

func (d *compareDoc) lineText(i int) string {
	if !d.wide {
		return d.stacked[i].text()
	}
	var left, right string
	if i < len(d.legacy) {
		left = d.legacy[i].text()
	}
	if i < len(d.folded) {
		right = d.folded[i].text()
	}
	return left + " │ " + right
}

// text is the line's plain text.
func (l docLine) text() string {
	var b strings.Builder
	for _, sp := range l {
		b.WriteString(sp.text)
	}
	return b.String()
}

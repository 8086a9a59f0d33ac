package traffic

import "mcpeek/tui/docview"

// The screen searches the calls' tools, ops and codes, or the call opened.

// MarkSearch remembers where a search begins: esc goes back there.
func (p *Screen) MarkSearch() {
	if p.detail != nil {
		p.search.Mark(p.detail)
		return
	}
	p.origin = p.list.cursor
}

// UnmarkSearch goes back to where the search began.
func (p *Screen) UnmarkSearch() {
	if p.detail != nil {
		p.search.Unmark(p.detail, p.height)
		return
	}
	p.list.move(&p.log, p.origin-p.list.cursor)
}

// Find moves to a match of q: the first at or after where the search
// began (dir 0), or the one after (dir 1) or before (dir -1) the current
// match, wrapping around. It returns the match's number from 1 and how
// many there are (0, 0 when nothing matches).
func (p *Screen) Find(q string, dir int) (at, total int) {
	if p.detail != nil {
		return p.search.Find(p.detail, p.height, q, dir)
	}
	q = docview.FoldQuery(q)
	l := &p.log
	if q == "" || l.n == 0 {
		return 0, 0
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
		if docview.ContainsFold(ev.Tool+" "+ev.Op+" "+string(ev.Code), q) {
			hits = append(hits, seq)
		}
	}
	if len(hits) == 0 {
		return 0, 0
	}
	if refAt < 0 {
		refAt = len(hits)
	}
	i := docview.Pick(hits, refAt, ref, dir)
	p.list.move(l, hits[i]-p.list.cursor)
	return i + 1, len(hits)
}

package tui

import (
	"cmp"
	"slices"

	"github.com/charmbracelet/x/ansi"

	"mcpeek/model"
	"mcpeek/summarizer/search"
)

// A server's resources, templates and prompts are rows after its tools
// (and after the tools it no longer lists), in that order; under a filter
// those that match, best first. They select as rows of their own: the
// right pane shows the offer (offerpane.go), and the tool keys do nothing
// there.

// offerKey names an offer row whatever the lists' order ("" for the rows
// that are not offers).
func (l *toolList) offerKey(server string, r offerRef) string {
	so := l.offers.get(server)
	if r.kind == offerNone || !so.valid(r) {
		return ""
	}
	return r.kind.String() + ":" + so.name(r)
}

// moveToOffer moves the cursor to the first offer row, if any.
func (l *toolList) moveToOffer() {
	for i, r := range l.rows {
		if r.offer.kind != offerNone {
			l.cursor = i
			l.clampOffset()
			return
		}
	}
}

// matchCount is how many offers pass the filter.
func (o *offerState) matchCount() int {
	n := 0
	for _, m := range o.matches {
		n += len(m)
	}
	return n
}

// offerRows are server's offer rows under the filter, and the best score
// among them.
func (l *toolList) offerRows(si int, server string) ([]toolRow, search.Score) {
	so := l.offers.get(server)
	if so == nil {
		return nil, search.NoMatch
	}
	var rows []toolRow
	if l.filter == "" {
		for _, r := range so.refs() {
			rows = append(rows, toolRow{server: si, tool: -1, offer: r})
		}
		return rows, search.NoMatch
	}
	scores := l.offers.matches[server]
	best := search.NoMatch
	for r, sc := range scores {
		rows = append(rows, toolRow{server: si, tool: -1, offer: r})
		best = max(best, sc)
	}
	slices.SortFunc(rows, func(a, b toolRow) int {
		return cmp.Or(cmp.Compare(scores[b.offer], scores[a.offer]), cmp.Compare(a.offer.kind, b.offer.kind), cmp.Compare(a.offer.i, b.offer.i))
	})
	return rows, best
}

// refilterOffers ranks every server's offers against q (lower case).
func (l *toolList) refilterOffers(servers []model.Server, q string) {
	if l.offers == nil {
		return
	}
	if q == "" {
		l.offers.matches = nil
		return
	}
	l.offers.matches = map[string]map[offerRef]search.Score{}
	for _, s := range servers {
		so := l.offers.get(s.Name)
		if so == nil {
			continue
		}
		got := map[offerRef]search.Score{}
		for r, t := range so.texts {
			if sc := search.Tool(t[0], t[1], q); sc != search.NoMatch {
				got[r] = sc
			}
		}
		l.offers.matches[s.Name] = got
	}
}

// offerRow is what an offer row shows: its kind's icon and name, and at
// its right the marks of a subscribed or updated resource.
func (p toolsView) offerRow(l *toolList, r toolRow, srv model.Server) (segs []seg, right seg) {
	s := p.styles
	so := l.offers.get(srv.Name)
	if !so.valid(r.offer) {
		return []seg{{Text: "  ?", Style: s.Faint}}, seg{}
	}
	segs = []seg{{Text: "  " + offerIcon(r.offer.kind) + " ", Style: s.Marker}, {Text: model.SanitizeLine(so.name(r.offer)), Style: s.Tool}}
	if r.offer.kind == offerResource {
		uri := so.resources[r.offer.i].URI
		switch {
		case so.marks.Changed(uri):
			right = seg{Text: "updated", Style: s.Accent}
		case so.marks.Subscribed(uri):
			right = seg{Text: "sub", Style: s.Dim}
		}
	}
	return segs, right
}

// offerIcon marks an offer row's kind.
func offerIcon(k offerKind) string {
	switch k {
	case offerResource:
		return "▤"
	case offerTemplate:
		return "▦"
	case offerPrompt:
		return "»"
	}
	return " "
}

// offersWidth is the width that shows server's offer rows whole. It walks
// every offer: it runs when the servers or lists change, never per frame.
func (p toolsView) offersWidth(l *toolList, server string) int {
	so := l.offers.get(server)
	w := 0
	for _, r := range so.refs() {
		n := 4 + ansi.StringWidth(model.SanitizeLine(so.name(r)))
		if r.kind == offerResource {
			n += len(" updated")
		}
		w = max(w, n)
	}
	return w
}

package tui

import (
	"cmp"
	"slices"

	"github.com/charmbracelet/x/ansi"

	"mcpeek/model"
	"mcpeek/summarizer/search"
	"mcpeek/tui/kit"
	"mcpeek/tui/toollist"
)

// A server's resources, templates and prompts are rows of the tools pane
// (package toollist) after its tools (and after the tools it no longer
// lists), in that order; under a filter those that match, best first.
// They select as rows of their own: the right pane shows the offer
// (offerpane.go), and the tool keys do nothing there. offerState is the
// list's toollist.Offers.

var _ toollist.Offers[offerRef] = (*offerState)(nil)

// Key names an offer whatever the lists' order ("" for none).
func (o *offerState) Key(server string, r offerRef) string {
	so := o.get(server)
	if r.kind == offerNone || !so.valid(r) {
		return ""
	}
	return r.kind.String() + ":" + so.name(r)
}

// Matches is how many offers pass the filter.
func (o *offerState) Matches() int {
	n := 0
	for _, m := range o.matches {
		n += len(m)
	}
	return n
}

// Rows are server's offers under the filter, and the best score among
// them.
func (o *offerState) Rows(server string, filtered bool) ([]offerRef, search.Score) {
	so := o.get(server)
	if so == nil {
		return nil, search.NoMatch
	}
	if !filtered {
		return so.refs(), search.NoMatch
	}
	scores := o.matches[server]
	best := search.NoMatch
	var rows []offerRef
	for r, sc := range scores {
		rows = append(rows, r)
		best = max(best, sc)
	}
	slices.SortFunc(rows, func(a, b offerRef) int {
		return cmp.Or(cmp.Compare(scores[b], scores[a]), cmp.Compare(a.kind, b.kind), cmp.Compare(a.i, b.i))
	})
	return rows, best
}

// Refilter ranks every server's offers against q (lower case).
func (o *offerState) Refilter(servers []model.Server, q string) {
	if q == "" {
		o.matches = nil
		return
	}
	o.matches = map[string]map[offerRef]search.Score{}
	for _, s := range servers {
		so := o.get(s.Name)
		if so == nil {
			continue
		}
		got := map[offerRef]search.Score{}
		for r, t := range so.texts {
			if sc := search.Tool(t[0], t[1], q); sc != search.NoMatch {
				got[r] = sc
			}
		}
		o.matches[s.Name] = got
	}
}

// Line is what an offer row shows: its kind's icon and name, and at its
// right the marks of a subscribed or updated resource.
func (o *offerState) Line(s *kit.Styles, server string, r offerRef) (segs []seg, right seg) {
	so := o.get(server)
	if !so.valid(r) {
		return []seg{{Text: "  ?", Style: s.Faint}}, seg{}
	}
	segs = []seg{{Text: "  " + offerIcon(r.kind) + " ", Style: s.Marker}, {Text: model.SanitizeLine(so.name(r)), Style: s.Tool}}
	if r.kind == offerResource {
		uri := so.resources[r.i].URI
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

// Width is the width that shows server's offer rows whole. It walks
// every offer: it runs when the servers or lists change, never per frame.
func (o *offerState) Width(server string) int {
	so := o.get(server)
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

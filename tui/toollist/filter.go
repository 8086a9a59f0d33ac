package toollist

import (
	"strings"

	"mcpeek/model"
	"mcpeek/summarizer/search"
)

// Filter is the query the rows are filtered by, "" for none.
func (l *List[O]) Filter() string { return l.filter }

// SetFilter filters the rows by q and selects the best match.
func (l *List[O]) SetFilter(q string, servers []model.Server, info InfoOf) {
	l.filter = q
	l.Rebuild(servers, info)
	if q != "" {
		l.cursor = 0
		l.MoveToTool(1)
		if r, ok := l.Row(); ok && r.Tool < 0 {
			l.moveToOffer() // no tool matches: the best offer
		}
	}
}

// OpenFilter remembers the row selected as the filter opens: CloseFilter
// goes back to it.
func (l *List[O]) OpenFilter(servers []model.Server) { l.before = l.Selected(servers) }

// CloseFilter clears the filter and selects the row selected when it
// opened.
func (l *List[O]) CloseFilter(servers []model.Server, info InfoOf) {
	l.SetFilter("", servers, info)
	l.Select(servers, l.before)
}

// moveToOffer moves the cursor to the first offer row, if any.
func (l *List[O]) moveToOffer() {
	l.SelectWhere(Row[O].IsOffer)
}

// MatchCount is how many tools and offers pass the filter.
func (l *List[O]) MatchCount() int {
	n := len(l.matches)
	if l.offers != nil {
		n += l.offers.Matches()
	}
	return n
}

// Matches reports whether the tool with the id passes the filter.
func (l *List[O]) Matches(id string) bool {
	_, ok := l.matches[id]
	return ok
}

// Listed forgets the matches kept for the filter: the servers' tools were
// listed again, and the tools a query matched so far are no longer all
// there is to narrow (a filter typed while a server connected matched
// none of the tools it then listed).
func (l *List[O]) Listed() { l.matches, l.matchFilter = nil, "" }

// refilter recomputes matches, testing only the last matches when the
// query extends the last one (a longer query never matches more).
func (l *List[O]) refilter(servers []model.Server, info InfoOf) {
	q := strings.ToLower(l.filter)
	if l.offers != nil {
		l.offers.Refilter(servers, q)
	}
	if q == "" {
		l.matches, l.matchFilter = nil, ""
		return
	}
	narrowing := l.matches != nil && l.matchFilter != "" && strings.HasPrefix(q, l.matchFilter)
	next := map[string]search.Score{}
	for _, s := range servers {
		for _, t := range s.Tools {
			id := t.ID()
			if narrowing && l.matches[id.String()] == search.NoMatch {
				continue
			}
			ti := info(id.String())
			if sc := search.Tool(ti.Name, ti.Text, q); sc != search.NoMatch {
				next[id.String()] = sc
			}
		}
	}
	l.matches, l.matchFilter = next, q
}

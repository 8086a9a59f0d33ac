package docview

import "strings"

// FoldQuery lower-cases a query once for every line it is tested on.
func FoldQuery(q string) string { return strings.ToLower(q) }

// ContainsFold reports whether s holds lower-cased q, ignoring case.
func ContainsFold(s, q string) bool {
	if len(q) > len(s) {
		return false
	}
	return strings.Contains(strings.ToLower(s), q)
}

// Pick chooses a match among hits: at or after position refAt (dir 0),
// after the one at ref (dir 1), before it (dir -1), wrapping around.
func Pick[T comparable](hits []T, refAt int, ref T, dir int) int {
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

// Search is the search of a document: where it began and the line of the
// current match.
type Search struct {
	origin int // the first line shown when the search began
	found  int // the line of the current match, -1 for none
}

// Find moves the document to a match of q, putting the matching line on
// the top row: the first at or after where the search began (dir 0), or
// the one after (dir 1) or before (dir -1) the current match, wrapping
// around. It returns the match's number from 1 and how many there are
// (0, 0 when nothing matches).
func (s *Search) Find(d Lines, height int, q string, dir int) (at, total int) {
	q = FoldQuery(q)
	if d == nil || q == "" {
		return 0, 0
	}
	top, lines := d.Span()
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
		if ContainsFold(d.LineText(i), q) {
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
	i := Pick(hits, refAt, ref, dir)
	s.found = hits[i]
	d.Scroll(s.found-top, height)
	return i + 1, len(hits)
}

// Mark remembers the first line shown, where the search begins.
func (s *Search) Mark(d Lines) {
	s.found = -1
	if d != nil {
		s.origin, _ = d.Span()
	}
}

// Unmark scrolls back to where the search began.
func (s *Search) Unmark(d Lines, height int) {
	if d != nil {
		top, _ := d.Span()
		d.Scroll(s.origin-top, height)
	}
	s.found = -1
}

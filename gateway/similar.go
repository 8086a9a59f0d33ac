package gateway

import (
	"slices"
	"strings"
)

// closest returns up to n candidates that look like s: those containing it
// (or contained in it), then those within a small edit distance, nearest
// first.
func closest(s string, candidates []string, n int) []string {
	s = strings.ToLower(s)
	type scored struct {
		name string
		d    int
	}
	var hits []scored
	limit := max(2, len(s)/3)
	for _, c := range candidates {
		lc := strings.ToLower(c)
		d := editDistance(s, lc)
		if s != "" && (strings.Contains(lc, s) || strings.Contains(s, lc)) {
			d = min(d, 1) // a part of the name counts as near
		}
		if d <= limit {
			hits = append(hits, scored{c, d})
		}
	}
	slices.SortStableFunc(hits, func(a, b scored) int {
		if a.d != b.d {
			return a.d - b.d
		}
		return strings.Compare(a.name, b.name)
	})
	var out []string
	for i := 0; i < len(hits) && len(out) < n; i++ {
		out = append(out, hits[i].name)
	}
	return out
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

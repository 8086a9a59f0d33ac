// Package similar finds the names that look like one that matched
// nothing, for a "did you mean": the gateway's NOT_FOUND answers and the
// command line's unknown server or tool use it alike. Its work is bounded
// whatever the name: it reads the first MaxCompared bytes and suggests
// names at most MaxDistance edits away.
package similar

import (
	"context"
	"slices"
	"strings"
	"unicode/utf8"
)

// The search is bounded whatever the caller sends: a name can be as long
// as a request body (megabytes) and a registry holds thousands of ops, so
// it reads at most MaxCompared bytes of the name and looks for names at
// most MaxDistance edits away.
const (
	MaxCompared = 256
	MaxDistance = 16
)

// Closest returns up to n candidates that look like s: those containing it
// (or contained in it), then those within a small edit distance, nearest
// first. It reads only the first MaxCompared bytes of s, so one candidate
// costs at most O(MaxCompared × MaxDistance); when ctx ends it stops
// and returns what it found so far.
func Closest(ctx context.Context, s string, candidates []string, n int) []string {
	s = strings.ToLower(cut(s, MaxCompared))
	type scored struct {
		name string
		d    int
	}
	var hits []scored
	limit := min(max(2, len(s)/3), MaxDistance)
	for i, c := range candidates {
		if i%64 == 0 && ctx.Err() != nil {
			break
		}
		lc := strings.ToLower(c)
		d, near := 0, false
		switch {
		case lc == s:
			d, near = 0, true
		case s != "" && (strings.Contains(lc, s) || strings.Contains(s, lc)):
			d, near = 1, true // a part of the name counts as near
		default:
			d, near = editDistanceWithin(s, lc, limit)
		}
		if near {
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

// editDistanceWithin is the Levenshtein distance between a and b, in bytes,
// when it is at most k; ok is false when it is more. Two strings whose
// lengths differ by more than k are never compared; otherwise only the
// cells within k of the diagonal are filled, and it stops at the first row
// where every cell is over k: O(len(a) × k).
func editDistanceWithin(a, b string, k int) (d int, ok bool) {
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(b)-len(a) > k {
		return 0, false
	}
	over := k + 1 // every distance over k is stored as k+1
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = min(j, over)
	}
	for i := 1; i <= len(a); i++ {
		lo, hi := max(1, i-k), min(len(b), i+k)
		cur[lo-1] = over
		if lo == 1 {
			cur[0] = min(i, over)
		}
		rowMin := cur[lo-1]
		for j := lo; j <= hi; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost, over)
			rowMin = min(rowMin, cur[j])
		}
		if hi < len(b) {
			cur[hi+1] = over // the next row reads one cell past this band
		}
		if rowMin > k {
			return 0, false
		}
		prev, cur = cur, prev
	}
	return prev[len(b)], prev[len(b)] <= k
}

// cut returns at most n bytes of s, never splitting a UTF-8 sequence.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// DidYouMean is " (did you mean a or b?)" with the names nearest to name,
// nearest first; "" when none is near.
func DidYouMean(name string, candidates []string) string {
	near := Closest(context.Background(), name, candidates, 3)
	if len(near) == 0 {
		return ""
	}
	return " (did you mean " + strings.Join(near, " or ") + "?)"
}

// DidYouMeanIn is "; did you mean scope.a or scope.b?" with the names
// nearest to name, each named within scope (a server's tool or prompt);
// "" when none is near.
func DidYouMeanIn(scope, name string, candidates []string) string {
	near := Closest(context.Background(), name, candidates, 3)
	if len(near) == 0 {
		return ""
	}
	for i, n := range near {
		near[i] = scope + "." + n
	}
	return "; did you mean " + strings.Join(near, " or ") + "?"
}

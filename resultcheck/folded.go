package resultcheck

import (
	"strings"

	"mcpeek/summarizer"
)

// FoldedData is a line of a folded summary that hid fields the result
// filled: "this result filled 14 fields hidden behind line_items[]".
type FoldedData struct {
	// Line is the summary line (its Path, Fold and Hint say where).
	Line summarizer.Line
	// Fields counts the declared fields hidden behind the line that held
	// a value other than null, each path once however many items held it.
	Fields int
	// Keys counts the distinct keys of an object without declared
	// properties (a FoldUnknownKeys line), at most 1,000.
	Keys int
	// Paths are the first of those fields' paths, at most maxFoldedPaths.
	Paths []string
}

// maxFoldedPaths bounds the paths one FoldedData lists.
const maxFoldedPaths = 50

// Folded says which lines of a folded summary of the same schema hid
// fields that carried data, in the lines' order. A field with a line of
// its own is not hidden; any other is counted once, at the nearest line
// above it on its path, or at the "*" line when its top-level field has
// no line. Lines behind which nothing carried data are left out.
func (r *Report) Folded(lines []summarizer.Line) []FoldedData {
	at := make(map[string]int, len(lines))
	overflow := -1
	for i, l := range lines {
		switch {
		case l.Fold == summarizer.FoldOverflow:
			overflow = i
		case strings.HasPrefix(l.Path, "(root)"):
			at[strings.TrimPrefix(l.Path, "(root)")] = i
		default:
			at[l.Path] = i
		}
	}
	out := make([]FoldedData, len(lines))
	for i, l := range lines {
		out[i].Line = l
	}
	for i := range r.entries {
		x := &r.entries[i]
		if x.envelope {
			continue
		}
		if j, ok := at[x.path]; ok {
			out[j].Keys = max(out[j].Keys, len(x.names))
			continue // the field has a line of its own
		}
		if !x.isField() || !x.hasData() {
			continue
		}
		j := overflow
		for p := x.parent; p >= 0 && !r.entries[p].envelope; p = r.entries[p].parent {
			if k, ok := at[r.entries[p].path]; ok {
				j = k
				break
			}
		}
		if j < 0 {
			continue
		}
		out[j].Fields++
		if len(out[j].Paths) < maxFoldedPaths {
			out[j].Paths = append(out[j].Paths, x.path)
		}
	}
	kept := out[:0]
	for _, f := range out {
		if f.Fields > 0 || f.Keys > 0 {
			kept = append(kept, f)
		}
	}
	return kept
}

package resultcheck

import "mcpeek/summarizer"

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
	// Hidden are the marks of the fields hidden behind the line (an
	// undeclared key's when its object has no line either), attributed as
	// Fields are: what the line's fold hides that breaks the schema.
	Hidden Hidden `json:"-"`
}

// maxFoldedPaths bounds the paths one FoldedData lists.
const maxFoldedPaths = 50

// Folded says which lines of a folded summary of the same schema hid
// fields that carried data, or marks, in the lines' order. A field with a line of
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
		default:
			at[l.Path.Quoted()] = i // as the check keeps its paths
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
	r.hideMarks(out, at, overflow)
	kept := out[:0]
	for _, f := range out {
		if f.Fields > 0 || f.Keys > 0 || f.Hidden.Total() > 0 {
			kept = append(kept, f)
		}
	}
	return kept
}

// hideMarks counts each mark whose line the summary lacks at the nearest
// line above it, as Folded counts fields (or at the "*" line): a mark on
// a field with a line of its own, or on an undeclared key of an object
// with one, is shown there.
func (r *Report) hideMarks(out []FoldedData, at map[string]int, overflow int) {
	for i := range r.entries {
		x := &r.entries[i]
		if x.envelope || len(x.marks) == 0 {
			continue
		}
		shown := r.shownAt(int32(i))
		if shown < 0 || r.entries[shown].kind == entryRoot {
			continue // the header counts the root's own marks
		}
		if _, ok := at[r.entries[shown].path]; ok {
			continue
		}
		j := overflow
		for p := r.entries[shown].parent; p >= 0 && !r.entries[p].envelope; p = r.entries[p].parent {
			if k, ok := at[r.entries[p].path]; ok {
				j = k
				break
			}
		}
		if j < 0 {
			continue
		}
		for _, m := range r.marksOf(int32(i)) {
			out[j].Hidden.add(m)
		}
	}
}

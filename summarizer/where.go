package summarizer

import (
	"cmp"
	"slices"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
)

// Whereabouts says how a summary lets a planner reach one field path: the
// line that lists it, or the fold marker that holds it and how many
// inspect_tool_output calls list it.
type Whereabouts struct {
	// Path is the normalised path.
	Path fieldpath.Path
	// Calls is how many inspect_tool_output calls a planner needs before
	// some answer lists the path: 0 when the summary lists it, 1 or 2, or
	// Hidden.
	Calls int
	// Line is the summary line that lists the path (Calls 0).
	Line *Line
	// Fold is the summary line whose marker holds the path: the nearest
	// fold above it (the `*` line for a top-level field left out). Nil when
	// the path is listed, or when no marker covers it.
	Fold *Line
	// Via are the field_paths of the calls, in order (Calls of them).
	Via []string
}

// Hidden is Whereabouts.Calls for a path that no two inspect calls list:
// past the scan or the inspector's caps, or under no fold marker.
const Hidden = -1

// Where finds how the summary lines (from Summarize) let a planner reach
// path: listed, or one or two inspect_tool_output calls away with the
// inspector's options (the defaults when zero). The first call is a fold
// marker's field_path, the nearest first; the second opens the deepest
// node above path that the first answer names (a child or a line). The
// error, for a path that names nothing, is a *PathError.
func Where(s *model.Schema, lines []Line, path string, inspect Options) (Whereabouts, error) {
	t, err := Locate(s, path)
	if err != nil {
		return Whereabouts{}, err
	}
	w := Whereabouts{Path: t.Path, Calls: Hidden}
	var folds []*Line
	for i := range lines {
		l := &lines[i]
		if l.Fold != FoldOverflow && l.Path.Equal(t.Path) {
			w.Calls, w.Line = 0, l
			return w, nil
		}
		if l.Folded() && under(l.Hint, t.Path) {
			folds = append(folds, l)
		}
	}
	// The nearest fold first: its answer is the smallest.
	slices.SortStableFunc(folds, func(a, b *Line) int { return cmp.Compare(b.Hint.Len(), a.Hint.Len()) })
	if len(folds) > 0 {
		w.Fold = folds[0]
	}
	answers := make([]Inspection, len(folds))
	for i, f := range folds {
		ins, err := InspectPath(s, f.Hint, inspect)
		if err != nil {
			continue
		}
		answers[i] = ins
		if names(ins, t.Path) {
			w.Calls, w.Fold, w.Via = 1, f, []string{ins.FieldPath}
			return w, nil
		}
	}
	for i, f := range folds {
		first := answers[i]
		for k := len(t.above) - 1; k >= 0; k-- {
			a := t.above[k]
			if a.Len() <= first.Path.Len() || !names(first, a) {
				continue
			}
			if second, err := InspectPath(s, a, inspect); err == nil && names(second, t.Path) {
				w.Calls, w.Fold, w.Via = 2, f, []string{first.FieldPath, second.FieldPath}
				return w, nil
			}
			break
		}
	}
	return w, nil
}

// under reports whether path lies below the node at base (both normalised).
func under(base, path fieldpath.Path) bool {
	return path.Len() > base.Len() && path.HasPrefix(base)
}

// names reports whether an inspect answer lists path (absolute): among its
// children or its flattened_fields.
func names(ins Inspection, path fieldpath.Path) bool {
	rel, ok := path.Rel(ins.Path)
	if !ok || rel.IsRoot() {
		return false
	}
	for _, c := range ins.Children {
		if c.Path.Equal(path) {
			return true
		}
	}
	for _, l := range ins.Flattened {
		if l.Path.Equal(rel) {
			return true
		}
	}
	return false
}

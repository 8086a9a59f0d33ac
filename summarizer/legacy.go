package summarizer

import (
	"mcpeek/model"
	"mcpeek/model/fieldpath"
)

// Legacy returns what planners were shown before folding (the "first N fields" cut): the
// first MaxFields leaf paths of a depth-first walk in declaration order,
// down to MaxDepth levels, cut off hard with no marker of what is missing.
// It exists to be compared with Summarize.
func Legacy(s *model.Schema, opts Options) []Line {
	opts = opts.orDefaults(MaxSummaryFields, DefaultSummaryMaxDepth)
	w, _, ok := walkDataRoot(s, opts.MaxDepth)
	if !ok {
		return Summarize(s, opts).Lines // a primitive root is one line either way
	}
	for w.ensure(len(w.entries)) {
	}
	var out []Line
	var visit func(i int)
	visit = func(i int) {
		e := &w.entries[i]
		if len(out) >= opts.MaxFields {
			return
		}
		if i > 0 && !e.isContainer() {
			out = append(out, Line{Path: w.path(i), Label: e.node.Label(), Node: e.node})
			return
		}
		if e.count < 0 {
			return
		}
		for c := int(e.first); c < int(e.first+e.count); c++ {
			visit(c)
		}
	}
	visit(0)
	return out
}

// walkDataRoot starts a walk at the schema's data root, arrays unwrapped.
// ok is false when the data root is not an object with known keys.
func walkDataRoot(s *model.Schema, maxDepth int) (w *walker, rootPath fieldpath.Path, ok bool) {
	root, _ := s.DataRoot()
	keys := append([]int32(nil), root.Refs...)
	term, arrays := root.Unwrap(&keys)
	if term.Shape != model.Object || !term.KnownKeys {
		return nil, fieldpath.Path{}, false
	}
	return newWalker(term, arrays, keys, maxDepth), fieldpath.Root(fieldpath.Output).Items(arrays), true
}

// Coverage counts which leaves of a schema a view lets a planner reach:
// listed with a line of their own, or one inspect_tool_output call away
// (an immediate child of a fold-marked container, or a top-level field
// behind the `*` line). Leaves are every non-object node a full walk
// reaches (recursion rule and SCAN_CAP apply).
type Coverage struct {
	Leaves  int `json:"leaves"`
	Listed  int `json:"listed"`
	OneStep int `json:"one_step"`
	// Beyond are the paths of leaves neither listed nor one step away, in
	// scan order (at most MaxBeyondShown of them; BeyondCount counts all).
	// A folded view still reaches them, two or more inspect calls down; the
	// legacy view, which has no markers, hides them.
	Beyond      []string `json:"beyond,omitempty"`
	BeyondCount int      `json:"beyond_count"`
}

// MaxBeyondShown bounds Coverage.Beyond.
const MaxBeyondShown = 200

// Reachability says how a view lets a planner reach one leaf.
type Reachability uint8

// The ways a view reaches a leaf.
const (
	// Listed: the leaf has a line of its own.
	Listed Reachability = iota
	// OneStep: one inspect_tool_output call away (its container carries a
	// fold marker, or it is a top-level field behind the `*` line).
	OneStep
	// Beyond: two or more calls away in a folded view; in the legacy view,
	// which has no markers, nothing says it exists.
	Beyond
)

// Leaf is one leaf of a schema and how a view reaches it.
type Leaf struct {
	Path  string
	Reach Reachability
}

// Leaves lists every leaf a full walk of the schema reaches (recursion
// rule and SCAN_CAP apply), in scan order, each with how the view given as
// summary lines (the output of Summarize or Legacy) reaches it.
func Leaves(s *model.Schema, lines []Line) []Leaf {
	var out []Leaf
	eachLeaf(s, lines, func(path string, r Reachability) { out = append(out, Leaf{Path: path, Reach: r}) })
	return out
}

// Reach measures the coverage of a view given as summary lines (the output
// of Summarize or Legacy).
func Reach(s *model.Schema, lines []Line) Coverage {
	var c Coverage
	eachLeaf(s, lines, func(path string, r Reachability) {
		c.Leaves++
		switch r {
		case Listed:
			c.Listed++
		case OneStep:
			c.OneStep++
		default:
			c.BeyondCount++
			if len(c.Beyond) < MaxBeyondShown {
				c.Beyond = append(c.Beyond, path)
			}
		}
	})
	return c
}

// eachLeaf calls f for every leaf in scan order with how lines reach it.
func eachLeaf(s *model.Schema, lines []Line, f func(path string, r Reachability)) {
	w, rootPath, ok := walkDataRoot(s, 0)
	if !ok {
		return
	}
	listed := map[fieldpath.Key]bool{}
	folded := map[fieldpath.Key]bool{}
	for _, l := range lines {
		switch l.Fold {
		case FoldOverflow:
			folded[rootPath.Key()] = true // the overflow line opens the root
			continue
		case FoldChildren, FoldUnknownKeys:
			folded[l.Path.Key()] = true
		}
		listed[l.Path.Key()] = true
	}
	for i := 1; w.ensure(i); i++ {
		e := &w.entries[i]
		if e.isContainer() {
			continue
		}
		path := w.path(i)
		switch {
		case listed[path.Key()]:
			f(path.String(), Listed)
		case folded[w.path(int(e.parent)).Key()]:
			f(path.String(), OneStep)
		default:
			f(path.String(), Beyond)
		}
	}
}

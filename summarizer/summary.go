package summarizer

import (
	"encoding/json"
	"strings"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
)

// Summary is the folded view of an output schema a planner is shown.
type Summary struct {
	// Lines are the output_fields, as values.
	Lines []Line
	// HasHiddenFields is true exactly when some line carries a fold marker.
	HasHiddenFields bool
}

// OutputFields writes the lines as the planner reads them.
func (s Summary) OutputFields() []string { return Strings(s.Lines) }

// MarshalJSON writes {"output_fields": [...], "has_hidden_fields": ...}.
func (s Summary) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		OutputFields    []string `json:"output_fields"`
		HasHiddenFields bool     `json:"has_hidden_fields"`
	}{s.OutputFields(), s.HasHiddenFields})
}

// Summarize folds the schema's data root into at most MaxFields lines plus
// an overflow line, following docs/summary.md step by step.
func Summarize(s *model.Schema, opts Options) Summary {
	opts = opts.orDefaults(MaxSummaryFields, DefaultSummaryMaxDepth)
	root, _ := s.DataRoot()
	keys := append([]int32(nil), root.Refs...)
	term, arrays := root.Unwrap(&keys)
	rootPath := fieldpath.Root(fieldpath.Output).Items(arrays)

	if term.Shape != model.Object {
		return Summary{Lines: []Line{{Path: rootPath, Label: term.Label(), Node: term, Step: StepRoot}}}
	}
	if !term.KnownKeys {
		l := newLine(rootPath, fieldpath.Root(fieldpath.Output), term, true)
		l.Step = StepRoot
		return Summary{Lines: []Line{l}, HasHiddenFields: true}
	}

	w := newWalker(term, arrays, keys, 0)
	w.ensure(1)
	sel := selection{max: opts.MaxFields}
	tier2 := int(w.entries[0].count) // entries 1..tier2
	if tier2 < 0 {
		tier2 = 0
	}

	// Steps 3.1-3.4 on the top level, then 3.5: a lone wrapper's item.
	sel.chooseLevel(w, 1, tier2, topLevelSteps)
	if c, ok := loneWrapper(w, tier2); ok && w.expanded(c) {
		first := int(w.entries[c].first)
		sel.chooseLevel(w, first, first+int(w.entries[c].count)-1, wrappedSteps)
	}
	// Step 3.6: deeper Tier 1 leaves in scan order, down to MaxDepth.
	for i := tier2 + 1; !sel.full() && w.ensure(i) && int(w.entries[i].depth) <= opts.MaxDepth; i++ {
		if e := &w.entries[i]; !e.isContainer() && isTier1(e.segment()) {
			sel.choose(i, StepDeepTier1)
		}
	}
	// Step 3.7: Tier 3, every scanned node of depth 2..MaxDepth.
	for i := tier2 + 1; !sel.full() && w.ensure(i) && int(w.entries[i].depth) <= opts.MaxDepth; i++ {
		sel.choose(i, StepTier3)
	}

	// Step 4: Tier 2 in declaration order, then the rest in chosen order.
	chosen := sel.marks(len(w.entries))
	out := make([]Line, 0, len(sel.order)+1)
	hidden := false
	emit := func(i int) {
		e := &w.entries[i]
		fold := e.isContainer() && !w.allChildrenIn(i, chosen)
		l := newLine(w.path(i), fieldpath.Root(fieldpath.Output), e.node, fold)
		l.Step = sel.step(i)
		hidden = hidden || l.Folded()
		out = append(out, l)
	}
	shownTier2 := 0
	for i := 1; i <= tier2; i++ {
		if chosen[i] {
			emit(i)
			shownTier2++
		}
	}
	for _, i := range sel.order {
		if i > tier2 {
			emit(i)
		}
	}
	if more := len(term.Props) - shownTier2; more > 0 {
		out = append(out, overflowLine(rootPath, more))
		hidden = true
	}
	return Summary{Lines: out, HasHiddenFields: hidden}
}

// levelSteps are the steps 3.1 to 3.4 as chooseLevel runs them over one
// level: which entries each takes, in order, and the Step it records.
type levelSteps [5]Step

var (
	topLevelSteps = levelSteps{StepTier1, StepContainer, StepLeaf, StepLink, StepErrors}
	wrappedSteps  = levelSteps{StepWrappedTier1, StepWrappedContainer, StepWrappedLeaf, StepWrappedLink, StepWrappedLink}
)

// chooseLevel runs steps 3.1 to 3.4 over the sibling entries first..last:
// Tier 1 leaves, then containers, then the other leaves, `*_url` links,
// then (on the top level) the containers named `errors` or `error`, each
// in declaration order. Inside a lone wrapper no container is set apart.
func (s *selection) chooseLevel(w *walker, first, last int, steps levelSteps) {
	apart := steps == topLevelSteps
	leaf := func(i int) bool { return !w.entries[i].isContainer() }
	link := func(i int) bool { return strings.HasSuffix(w.entries[i].name, "_url") }
	errs := func(i int) bool { return apart && isErrorMember(w.entries[i].name) }
	wants := [...]func(i int) bool{
		func(i int) bool { return leaf(i) && isTier1(w.entries[i].segment()) },
		func(i int) bool { return !leaf(i) && !errs(i) },
		func(i int) bool { return leaf(i) && !link(i) },
		leaf,
		func(int) bool { return true },
	}
	for k, want := range wants {
		for i := first; i <= last && !s.full(); i++ {
			if want(i) {
				s.choose(i, steps[k])
			}
		}
	}
}

// isErrorMember reports whether a top-level container describes a failed
// call rather than the payload: `errors` or `error`.
func isErrorMember(name string) bool { return name == "errors" || name == "error" }

// loneWrapper finds the one container among the top-level entries 1..tier2
// when there is exactly one besides those named `errors` or `error`, and at
// most two leaves beside it: the shape of list and fetch tools ({result[]},
// {total_count, workflow_runs[]}, {errors[], order}).
func loneWrapper(w *walker, tier2 int) (int, bool) {
	container, leaves := -1, 0
	for i := 1; i <= tier2; i++ {
		e := &w.entries[i]
		switch {
		case !e.isContainer():
			leaves++
		case isErrorMember(e.name):
		case container >= 0:
			return 0, false
		default:
			container = i
		}
	}
	return container, container >= 0 && leaves <= 2
}

// selection is the ordered set of chosen entries, bounded by max, with
// the step that chose each.
type selection struct {
	max   int
	order []int
	steps []Step // by entry index; StepNone: not chosen
}

func (s *selection) full() bool { return len(s.order) >= s.max }

// step is the step that chose entry i (StepNone: not chosen).
func (s *selection) step(i int) Step {
	if i < len(s.steps) {
		return s.steps[i]
	}
	return StepNone
}

func (s *selection) choose(i int, step Step) {
	if s.full() || s.step(i) != StepNone {
		return
	}
	for len(s.steps) <= i {
		s.steps = append(s.steps, StepNone)
	}
	s.steps[i] = step
	s.order = append(s.order, i)
}

func (s *selection) marks(n int) []bool {
	m := make([]bool, n)
	for _, i := range s.order {
		m[i] = true
	}
	return m
}

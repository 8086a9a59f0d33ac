package schematree

import (
	"slices"

	"mcpeek/model"
)

// stepKind is how one step of a Route goes down: a property, an object's
// additionalProperties, or a union's alternative.
type stepKind uint8

const (
	stepProp stepKind = iota
	stepAdditional
	stepAlt
)

// step is one step of a Route, linked to the step before it: a line's
// route shares every step above it with its parent's, so a line costs one
// step, not a copy of its whole route.
type step struct {
	up   *step
	kind stepKind
	i    int
}

// Route says where a schema-tree line's node is: which schema (Section,
// "output" or "input") and the steps from that schema's root. Resolve
// finds the same node in another parse of the same document.
type Route struct {
	Section string
	last    *step // nil at the section's root
}

// to is the route one step further down: O(1), sharing r's steps.
func (r Route) to(k stepKind, i int) Route {
	return Route{Section: r.Section, last: &step{up: r.last, kind: k, i: i}}
}

// Route is the line's route, for lines of a schema tree that can open.
func (n *Node) Route() (Route, bool) {
	d, ok := n.data.(*schemaData)
	if !ok || d == nil {
		return Route{}, false
	}
	return d.route, true
}

// Resolve follows the route in s (the same document the tree was built
// from), arrays unwrapped at every step as the tree's lines are.
func (r Route) Resolve(s *model.Schema) (*model.Node, bool) {
	var steps []*step
	for st := r.last; st != nil; st = st.up {
		steps = append(steps, st)
	}
	n, _ := s.Root().Unwrap(nil)
	for _, st := range slices.Backward(steps) {
		var next *model.Node
		switch {
		case st.kind == stepProp && n.Shape == model.Object && st.i < len(n.Props):
			next = n.Child(st.i)
		case st.kind == stepAdditional && n.Shape == model.Object:
			next = n.AdditionalProperties()
		case st.kind == stepAlt && n.Shape == model.Union && st.i < len(n.Alts):
			next = n.Alt(st.i)
		}
		if next == nil {
			return nil, false
		}
		n, _ = next.Unwrap(nil)
	}
	return n, true
}

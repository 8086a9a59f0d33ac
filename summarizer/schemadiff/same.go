package schemadiff

import (
	"math"

	"mcpeek/model"
)

// sources tells whether two subschemas, one from each version of a schema,
// are written the same, the $refs they hold pointing to schemas written the
// same too. Such a pair resolves to nodes that compare equal, so the walk
// skips it without resolving it: when a pull request changes one field of
// a large schema, only the path to that field is resolved and compared.
//
// It answers no, to be safe, when a $ref loops back to a schema being
// compared through $ref, allOf, anyOf and oneOf alone: the model resolves
// such a loop differently depending on where it entered it, so the pair
// must be resolved and compared as the walk finds it. A loop through a
// property or array items (a recursive schema) is fine.
type sources struct {
	a, b *model.Schema
	// known holds the verdicts on pairs of $ref targets that did not rest
	// on a target still being compared.
	known map[[2]*model.Value]bool
	// open holds the $ref targets being compared, in the order entered.
	open []openTarget
	// steps counts the property and items steps on the current path.
	steps int
	// budget bounds the work on schemas whose $refs loop a lot; when it
	// runs out the answer is no.
	budget int
}

// openTarget is a pair of $ref targets being compared, and the number of
// property and items steps taken when the walk entered it.
type openTarget struct {
	key   [2]*model.Value
	steps int
}

// none is the verdict's lowest open target when it rests on none.
const none = math.MaxInt

func newSources(a, b *model.Schema) *sources {
	return &sources{a: a, b: b, known: map[[2]*model.Value]bool{}, budget: 1 << 20}
}

// same reports whether x (from a) and y (from b) are written the same,
// $refs followed.
func (s *sources) same(x, y *model.Value) bool {
	ok, _ := s.compare(x, y)
	return ok
}

// compare is same, and returns the index in open of the first target the
// verdict assumed to be the same while it was still being compared, or
// none.
func (s *sources) compare(x, y *model.Value) (same bool, low int) {
	if s.budget--; s.budget < 0 {
		return false, none
	}
	if x == nil || y == nil {
		return x == y, none
	}
	if x.Kind != y.Kind {
		return false, none
	}
	switch x.Kind {
	case model.JSONNull:
		return true, none
	case model.JSONBool:
		return x.Bool == y.Bool, none
	case model.JSONNumber, model.JSONString:
		return x.Str == y.Str, none
	case model.JSONArray:
		if len(x.Items) != len(y.Items) {
			return false, none
		}
		low = none
		for i := range x.Items {
			ok, l := s.compare(x.Items[i], y.Items[i])
			low = min(low, l)
			if !ok {
				return false, low
			}
		}
		return true, low
	}
	if len(x.Members) != len(y.Members) {
		return false, none
	}
	low = none
	for i, m := range x.Members {
		if m.Name != y.Members[i].Name {
			return false, low
		}
		lazy := lazyStep(m.Name)
		if lazy {
			s.steps++
		}
		ok, l := s.compare(m.Value, y.Members[i].Value)
		if lazy {
			s.steps--
		}
		low = min(low, l)
		if !ok {
			return false, low
		}
	}
	if ref := x.Get("$ref"); ref != nil && ref.Kind == model.JSONString {
		ok, l := s.target(s.a.LookupRef(ref.Str), s.b.LookupRef(ref.Str))
		return ok, min(low, l)
	}
	return true, low
}

// target compares the schemas one $ref points to in each version.
func (s *sources) target(x, y *model.Value) (same bool, low int) {
	if x == nil || y == nil {
		return x == y, none
	}
	key := [2]*model.Value{x, y}
	if v, ok := s.known[key]; ok {
		return v, none
	}
	for i, o := range s.open {
		if o.key == key {
			// A loop: fine through a property or items, else resolved by order.
			return o.steps < s.steps, i
		}
	}
	at := len(s.open)
	s.open = append(s.open, openTarget{key: key, steps: s.steps})
	same, low = s.compare(x, y)
	s.open = s.open[:at]
	if !same || low >= at { // rests on nothing still open above
		s.known[key] = same
		return same, none
	}
	return same, low
}

// lazyStep reports whether the model resolves the schemas under a member of
// that name only when they are read (properties, array items, unknown
// keys), rather than while resolving the schema that holds them.
func lazyStep(name string) bool {
	switch name {
	case "properties", "items", "prefixItems", "additionalProperties":
		return true
	}
	return false
}

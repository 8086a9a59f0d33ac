package schemadiff

import (
	"fmt"
	"slices"
	"strings"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
)

// direction says which way data flows through a schema, which decides the
// class of a change: an input accepting less breaks the callers who send
// what it refuses; an output sending more (or less than promised) breaks
// the callers who read it.
type direction uint8

const (
	input direction = iota
	output
)

func (d direction) String() string { return d.side().String() }

// side is the side of a tool the schema read this way is.
func (d direction) side() fieldpath.Side {
	if d == input {
		return fieldpath.Input
	}
	return fieldpath.Output
}

// comparer walks two resolved versions of one schema side by side and
// records their differences. A pair of nodes is compared once (seen), so a
// recursive schema ends: its nodes form a finite graph, and so do the pairs.
// A pair of children written the same (sources) is skipped unresolved.
type comparer struct {
	tool    model.ToolID
	dir     direction
	out     []Change
	seen    map[[2]*model.Node]bool
	sources *sources
}

func (c *comparer) add(path fieldpath.Path, class Class, kind Kind, format string, args ...any) {
	c.out = append(c.out, Change{Tool: c.tool, Path: path, Class: class, Kind: kind, Detail: fmt.Sprintf(format, args...)})
}

// pick returns the input or the output variant of a class and kind.
func (c *comparer) pick(in, out Class, inKind, outKind Kind) (Class, Kind) {
	if c.dir == input {
		return in, inKind
	}
	return out, outKind
}

// node compares one field's schema in its two versions: description,
// nullability, type, then what the shape holds (properties, items,
// alternatives, enum values).
func (c *comparer) node(path fieldpath.Path, a, b *model.Node) {
	key := [2]*model.Node{a, b}
	if c.seen[key] {
		return
	}
	c.seen[key] = true

	if a.Description != b.Description {
		_, kind := c.pick(Routing, Routing, InputDescription, OutputDescription)
		c.out = append(c.out, wordsChange(Change{Tool: c.tool, Path: path, Kind: kind}, a.Description, b.Description, "description "))
	}
	c.nullability(path, a, b)
	if a.Shape == model.Union && b.Shape == model.Union {
		c.alternatives(path, a, b)
		return
	}
	c.types(path, a, b)
	switch {
	case a.Shape == model.Object && b.Shape == model.Object:
		c.object(path, a, b)
	case a.Shape == model.Array && b.Shape == model.Array:
		if !c.sources.same(a.ItemsSource(), b.ItemsSource()) {
			c.node(path.Items(1), a.Items(), b.Items())
		}
	case a.Shape == model.Scalar && b.Shape == model.Scalar:
		c.enum(path, a, b)
	case a.Shape == model.Union:
		if i := matchingAlt(a, b); i >= 0 {
			c.node(path, a.Alt(i), b)
		}
	case b.Shape == model.Union:
		if j := matchingAlt(b, a); j >= 0 {
			c.node(path.Alt(b.Alts[j].Name), a, b.Alt(j))
		}
	}
}

// nullability compares whether null is allowed.
func (c *comparer) nullability(path fieldpath.Path, a, b *model.Node) {
	if a.Shape == model.Any || b.Shape == model.Any {
		return // anything includes null; the type comparison says the rest
	}
	na, nb := hasNull(a), hasNull(b)
	switch {
	case na && !nb && c.dir == input:
		c.add(path, Breaking, InputNullRemoved, "null is no longer accepted")
	case !na && nb && c.dir == input:
		c.add(path, Compatible, InputNullAdded, "null is now accepted")
	case !na && nb:
		c.add(path, Breaking, OutputNullable, "may now be null")
	case na && !nb:
		c.add(path, Compatible, OutputNotNullable, "is no longer null")
	}
}

func hasNull(n *model.Node) bool {
	return n.Nullable || n.Shape == model.Scalar && slices.Contains(n.Types, "null")
}

// types compares the set of types each version allows (null aside).
func (c *comparer) types(path fieldpath.Path, a, b *model.Node) {
	ta, tb := typeSet(a), typeSet(b)
	detail := typeLabel(ta) + " → " + typeLabel(tb)
	switch relation(ta, tb) {
	case narrower:
		class, kind := c.pick(Breaking, Compatible, InputTypeNarrowed, OutputTypeNarrowed)
		c.add(path, class, kind, "type %s", detail)
	case wider:
		class, kind := c.pick(Compatible, Breaking, InputTypeWidened, OutputTypeChanged)
		c.add(path, class, kind, "type %s", detail)
	case different:
		class, kind := c.pick(Breaking, Breaking, InputTypeChanged, OutputTypeChanged)
		c.add(path, class, kind, "type %s", detail)
	}
}

// typeSet lists the non-null types a node allows; nil means any value.
func typeSet(n *model.Node) []string {
	switch n.Shape {
	case model.Scalar:
		var out []string
		for _, t := range n.Types {
			if t != "null" {
				out = append(out, t)
			}
		}
		if out == nil {
			out = []string{} // null only: no other type, but not any
		}
		return out
	case model.Object:
		return []string{"object"}
	case model.Array:
		return []string{"array"}
	case model.Union:
		out := []string{}
		for i := range n.Alts {
			t := typeSet(n.Alt(i))
			if t == nil {
				return nil
			}
			for _, name := range t {
				if !slices.Contains(out, name) {
					out = append(out, name)
				}
			}
		}
		return out
	}
	return nil
}

func typeLabel(set []string) string {
	switch {
	case set == nil:
		return "any"
	case len(set) == 0:
		return "null"
	}
	return strings.Join(set, " | ")
}

// setRelation is how the values a new type set allows compare with the old.
type setRelation uint8

const (
	same      setRelation = iota
	narrower              // the new set allows less
	wider                 // the new set allows more
	different             // each allows something the other does not
)

// relation compares two type sets; nil is any value, and integer is
// counted as part of number.
func relation(a, b []string) setRelation {
	switch {
	case a == nil && b == nil:
		return same
	case a == nil:
		return narrower
	case b == nil:
		return wider
	}
	aInB, bInA := covers(b, a), covers(a, b)
	switch {
	case aInB && bInA:
		return same
	case bInA:
		return narrower
	case aInB:
		return wider
	}
	return different
}

// covers reports whether every type of sub is allowed by set.
func covers(set, sub []string) bool {
	for _, t := range sub {
		if !slices.Contains(set, t) && !(t == "integer" && slices.Contains(set, "number")) {
			return false
		}
	}
	return true
}

// object compares two objects: closedness, then each property by name in
// the old order (changed or removed), then the new ones, then the schema of
// unknown keys.
func (c *comparer) object(path fieldpath.Path, a, b *model.Node) {
	if c.dir == input && !a.Closed && b.Closed {
		c.add(path, Breaking, InputClosed, "additionalProperties is now false: callers that send other keys are refused")
	}
	if c.dir == input && a.Closed && !b.Closed {
		c.add(path, Compatible, InputOpened, "additionalProperties is no longer false: other keys are accepted")
	}
	index := make(map[string]int, len(b.Props))
	for j, q := range b.Props {
		index[q.Name] = j
	}
	old := make(map[string]bool, len(a.Props))
	for i, p := range a.Props {
		old[p.Name] = true
		j, ok := index[p.Name]
		if !ok {
			c.removed(fieldPath(path, p.Name, a.Child(i)), b)
			continue
		}
		q := b.Props[j]
		if p.Required != q.Required {
			c.required(fieldPath(path, q.Name, b.Child(j)), q.Required)
		}
		if !c.sources.same(a.ChildSource(i), b.ChildSource(j)) {
			c.node(path.Prop(q.Name), a.Child(i), b.Child(j))
		}
	}
	for j, q := range b.Props {
		if !old[q.Name] {
			c.added(fieldPath(path, q.Name, b.Child(j)), q.Required)
		}
	}
	if aa, ab := a.AdditionalProperties(), b.AdditionalProperties(); aa != nil && ab != nil && !c.sources.same(a.AdditionalSource(), b.AdditionalSource()) {
		c.node(path.AnyKey(), aa, ab)
	}
}

// fieldPath writes a property's path as a summary line does: with "[]"
// for each array level of its value ("tags[]").
func fieldPath(parent fieldpath.Path, name string, n *model.Node) fieldpath.Path {
	_, arrays := n.Unwrap(nil)
	return parent.Prop(name).Items(arrays)
}

func (c *comparer) removed(path fieldpath.Path, now *model.Node) {
	switch {
	case c.dir == output:
		c.add(path, Breaking, OutputRemoved, "output field removed: callers that read it get nothing")
	case now.Closed:
		c.add(path, Breaking, InputRemoved, "input removed while additionalProperties is false: callers that send it are refused")
	default:
		c.add(path, Compatible, InputRemoved, "input no longer declared; other keys are still allowed, so callers that send it are not refused (it may be ignored)")
	}
}

func (c *comparer) added(path fieldpath.Path, required bool) {
	switch {
	case c.dir == output:
		c.add(path, Compatible, OutputAdded, "output field added")
	case required:
		c.add(path, Breaking, InputRequiredAdded, "new required input: callers that do not send it are refused")
	default:
		c.add(path, Compatible, InputAdded, "new optional input")
	}
}

// required reports a property that became required (is) or optional.
func (c *comparer) required(path fieldpath.Path, is bool) {
	switch {
	case is && c.dir == input:
		c.add(path, Breaking, InputRequired, "input became required: callers that do not send it are refused")
	case c.dir == input:
		c.add(path, Compatible, InputOptional, "input became optional")
	case is:
		c.add(path, Compatible, OutputRequired, "output field is now always present")
	default:
		c.add(path, Breaking, OutputOptional, "output field became optional: callers may not find it")
	}
}

// alternatives compares two unions alternative by alternative: in place
// when both list the same types in the same order, else each old
// alternative with the first unused new one of the same type.
func (c *comparer) alternatives(path fieldpath.Path, a, b *model.Node) {
	pairs := make([]int, len(a.Alts)) // old index -> new index, or -1
	used := make([]bool, len(b.Alts))
	inPlace := len(a.Alts) == len(b.Alts)
	for i := range a.Alts {
		inPlace = inPlace && a.Alt(i).BaseLabel() == b.Alt(i).BaseLabel()
	}
	for i := range a.Alts {
		pairs[i] = -1
		if inPlace {
			pairs[i], used[i] = i, true
			continue
		}
		for j := range b.Alts {
			if !used[j] && a.Alt(i).BaseLabel() == b.Alt(j).BaseLabel() {
				pairs[i], used[j] = j, true
				break
			}
		}
	}
	for i, j := range pairs {
		if j < 0 {
			class, kind := c.pick(Breaking, Compatible, InputTypeNarrowed, OutputTypeNarrowed)
			c.add(path.Alt(a.Alts[i].Name), class, kind, "alternative removed (%s)", a.Alt(i).Label())
			continue
		}
		if !c.sources.same(a.AltSource(i), b.AltSource(j)) {
			c.node(path.Alt(b.Alts[j].Name), a.Alt(i), b.Alt(j))
		}
	}
	for j := range b.Alts {
		if !used[j] {
			class, kind := c.pick(Compatible, Breaking, InputTypeWidened, OutputTypeChanged)
			c.add(path.Alt(b.Alts[j].Name), class, kind, "alternative added (%s)", b.Alt(j).Label())
		}
	}
}

// matchingAlt returns the index of the first alternative of union whose
// type is other's, or -1.
func matchingAlt(union, other *model.Node) int {
	for i := range union.Alts {
		if union.Alt(i).BaseLabel() == other.BaseLabel() {
			return i
		}
	}
	return -1
}

// enum compares the values a scalar is restricted to (null aside).
func (c *comparer) enum(path fieldpath.Path, a, b *model.Node) {
	ea, eb := enumValues(a), enumValues(b)
	switch {
	case ea == nil && eb == nil:
	case ea == nil:
		class, kind := c.pick(Breaking, Compatible, InputEnumNarrowed, OutputEnumNarrowed)
		c.add(path, class, kind, "now restricted to %s", valueList(eb))
	case eb == nil:
		class, kind := c.pick(Compatible, Compatible, InputEnumWidened, OutputEnumWidened)
		c.add(path, class, kind, "no longer restricted to %s", valueList(ea))
	default:
		if gone := minus(ea, eb); len(gone) > 0 {
			class, kind := c.pick(Breaking, Compatible, InputEnumNarrowed, OutputEnumNarrowed)
			c.add(path, class, kind, "values removed: %s", valueList(gone))
		}
		if added := minus(eb, ea); len(added) > 0 {
			if c.dir == input {
				c.add(path, Compatible, InputEnumWidened, "values added: %s", valueList(added))
			} else {
				c.add(path, Compatible, OutputEnumWidened, "values added: %s; callers that handle every value should handle these", valueList(added))
			}
		}
	}
}

// enumValues returns a node's enum values, null left out (nullability is
// compared apart), or nil when it has no enum.
func enumValues(n *model.Node) []*model.Value {
	if n.Enum == nil {
		return nil
	}
	out := []*model.Value{}
	for _, v := range n.Enum {
		if v.Kind != model.JSONNull {
			out = append(out, v)
		}
	}
	return out
}

// minus returns the values of a that mean no value of b (1.0 means 1,
// objects' members in any order).
func minus(a, b []*model.Value) []*model.Value {
	in := make(map[string]bool, len(b))
	for _, v := range b {
		in[string(v.AppendCanonical(nil))] = true
	}
	var out []*model.Value
	for _, v := range a {
		if !in[string(v.AppendCanonical(nil))] {
			out = append(out, v)
		}
	}
	return out
}

// valueList writes enum values for a report line, at most ten.
func valueList(values []*model.Value) string {
	const most = 10
	var texts []string
	for _, v := range values[:min(len(values), most)] {
		texts = append(texts, string(v.AppendJSON(nil)))
	}
	if len(values) > most {
		return strings.Join(texts, ", ") + fmt.Sprintf(" (+%d more)", len(values)-most)
	}
	return strings.Join(texts, ", ")
}

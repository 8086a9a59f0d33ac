package resultcheck

import (
	"encoding/json"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
)

// entryKind says what a path names.
type entryKind uint8

const (
	entryRoot   entryKind = iota // the data root (or the envelope around it)
	entryField                   // a declared property
	entryAnyKey                  // an object's additionalProperties values
	entryAlt                     // a union's alternative
	entryExtra                   // a key the schema does not declare
)

// entry is one distinct path of the result: what the walk met there. Every
// array item of a path shares its entry.
type entry struct {
	path     string
	parent   int32
	kind     entryKind
	envelope bool        // outside the data of an envelope
	node     *model.Node // the object or union whose children kids and alts index
	kids     []int32     // entry of each property of node, -1 when none yet
	alts     []int32     // entry of each alternative of node
	anyKey   int32       // entry of the additionalProperties values, -1
	extra    map[string]int32

	present int // times the key was in the result
	values  int // values met here
	nulls   int
	objects int // objects walked here
	types   uint8
	sample  json.RawMessage
	keys    int // keys of the first object, -1
	items   int // items of the first array, -1

	names map[string]struct{} // distinct keys of objects without declared properties
	marks []markAgg
}

// markAgg is one kind of mark at one entry, counted over its occurrences.
type markAgg struct {
	kind     Kind
	expected string
	observed string
	count    int
}

// maxMarksPerPath bounds the distinct marks one path keeps.
const maxMarksPerPath = 8

// maxNames bounds the distinct keys counted under one object without
// declared properties.
const maxNames = 1000

func (x *entry) kid(i int) int32 {
	if i >= len(x.kids) {
		return -1
	}
	return x.kids[i]
}

// isField reports whether the entry is a declared field (counted as
// present or absent).
func (x *entry) isField() bool { return x.kind == entryField || x.kind == entryAnyKey }

// hasData reports whether a non-null value was met here.
func (x *entry) hasData() bool { return x.values > x.nulls }

// joinPath is the path of a step below the node at parent: the step as a
// path writes it (a property's name through fieldpath.Name) and one "[]"
// per array level of its schema.
func joinPath(parent, step string, child *model.Node) string {
	_, levels := child.Unwrap(nil)
	return fieldpath.Join(parent, step+fieldpath.Arrays(levels))
}

// newEntry appends an entry; -1 when the path budget is spent.
func (c *checker) newEntry(x entry) int32 {
	if len(c.entries) >= c.opts.MaxPaths {
		c.truncate("the result has more distinct paths than the limit of " + itoa(c.opts.MaxPaths))
		return -1
	}
	x.anyKey, x.keys, x.items = -1, -1, -1
	c.entries = append(c.entries, x)
	return int32(len(c.entries) - 1)
}

// kid is the entry of property i of the object entry e.
func (c *checker) kid(e int32, i int) int32 {
	if e < 0 || c.dry {
		return -1
	}
	x := &c.entries[e]
	if x.kids == nil {
		x.kids = make([]int32, len(x.node.Props))
		for j := range x.kids {
			x.kids[j] = -1
		}
	}
	if k := x.kids[i]; k >= 0 {
		return k
	}
	n := x.node
	nx := entry{path: joinPath(x.path, fieldpath.Name(n.Props[i].Name), n.Child(i)), parent: e, kind: entryField, envelope: x.envelope}
	if e == c.envRoot && n.Props[i].Name == "data" {
		_, levels := n.Child(i).Unwrap(nil)
		nx.path, nx.envelope, nx.kind = fieldpath.Arrays(levels), false, entryRoot
	}
	k := c.newEntry(nx)
	c.entries[e].kids[i] = k
	return k
}

// alt is the entry of alternative i of the union entry e.
func (c *checker) alt(e int32, i int) int32 {
	if e < 0 || c.dry {
		return -1
	}
	x := &c.entries[e]
	if x.alts == nil {
		x.alts = make([]int32, len(x.node.Alts))
		for j := range x.alts {
			x.alts[j] = -1
		}
	}
	if k := x.alts[i]; k >= 0 {
		return k
	}
	k := c.newEntry(entry{path: joinPath(x.path, x.node.Alts[i].Name, x.node.Alt(i)), parent: e, kind: entryAlt, envelope: x.envelope})
	c.entries[e].alts[i] = k
	return k
}

// anyKey is the entry of the additionalProperties values of entry e.
func (c *checker) anyKey(e int32, ap *model.Node) int32 {
	if e < 0 || c.dry {
		return -1
	}
	if k := c.entries[e].anyKey; k >= 0 {
		return k
	}
	x := &c.entries[e]
	k := c.newEntry(entry{path: joinPath(x.path, fieldpath.AnyKey, ap), parent: e, kind: entryAnyKey, envelope: x.envelope})
	c.entries[e].anyKey = k
	return k
}

// extra is the entry of an undeclared key of entry e.
func (c *checker) extra(e int32, name string) int32 {
	if e < 0 || c.dry {
		return -1
	}
	name = clipKey(name)
	if k, ok := c.entries[e].extra[name]; ok {
		return k
	}
	x := &c.entries[e]
	k := c.newEntry(entry{path: fieldpath.Join(x.path, fieldpath.Name(name)), parent: e, kind: entryExtra, envelope: x.envelope})
	if k >= 0 {
		if c.entries[e].extra == nil {
			c.entries[e].extra = make(map[string]int32)
		}
		c.entries[e].extra[name] = k
	}
	return k
}

// present records that the key of entry e was in the result.
func (c *checker) present(e int32) {
	if e >= 0 && !c.dry {
		c.entries[e].present++
	}
}

// met records a value met at entry e.
func (c *checker) met(e int32, v *model.Value) {
	if e < 0 || c.dry {
		return
	}
	x := &c.entries[e]
	x.values++
	bit := typeBit(v)
	x.types |= bit
	switch {
	case bit == typeNull:
		x.nulls++
	case bit == typeObject:
		if x.keys < 0 {
			x.keys = len(v.Members)
		}
	case bit == typeArray:
	case x.sample == nil:
		x.sample = sample(v)
	}
}

// arrayMet records an array met at entry e (the value of an array field,
// whose items are met one by one).
func (c *checker) arrayMet(e int32, v *model.Value) {
	if e >= 0 && !c.dry && c.entries[e].items < 0 {
		c.entries[e].items = len(v.Items)
	}
}

// name records a key of an object without declared properties.
func (c *checker) name(e int32, key string) {
	if e < 0 || c.dry {
		return
	}
	x := &c.entries[e]
	if len(x.names) >= maxNames {
		return
	}
	if x.names == nil {
		x.names = make(map[string]struct{})
	}
	x.names[clipKey(key)] = struct{}{}
}

// mark records a finding at entry e. In a trial it only adds to the score.
func (c *checker) mark(e int32, k Kind, expected string, v *model.Value) {
	if c.dry {
		if k.Violation() {
			c.score += violationWeight
		} else {
			c.score += undeclaredWeight
		}
		return
	}
	c.totals[k]++
	if e < 0 {
		return
	}
	observed := ""
	switch {
	case v == nil:
	case k == EnumMismatch:
		observed = describe(v)
	default:
		observed = typeName(v)
	}
	x := &c.entries[e]
	for i := range x.marks {
		if m := &x.marks[i]; m.kind == k && (m.observed == observed || k == EnumMismatch) {
			m.count++
			return
		}
	}
	if len(x.marks) < maxMarksPerPath {
		x.marks = append(x.marks, markAgg{kind: k, expected: expected, observed: observed, count: 1})
	}
}

// The weights of a trial's findings when alternatives are scored: a
// violation outweighs undeclared keys, which outweigh absent properties
// (each counting 1).
const (
	violationWeight  = 1 << 20
	undeclaredWeight = 1 << 10
)

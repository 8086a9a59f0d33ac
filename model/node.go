package model

import (
	"sync/atomic"
	"unsafe"
)

// Shape is what a resolved schema node is, for folding purposes.
type Shape uint8

// The shapes of resolved nodes.
const (
	// Any accepts anything: no type, `true`, `{}`, an unresolvable $ref.
	Any Shape = iota
	// Scalar is a leaf with a type label (string, integer, "string | integer", null...).
	Scalar
	// Object has properties (KnownKeys) or unknown keys.
	Object
	// Array has an item node; arrays are not nodes of their own in paths.
	Array
	// Union is an anyOf/oneOf whose alternatives could not be merged.
	Union
)

// Node is one schema resolved for reading: $refs followed, allOf merged,
// anyOf/oneOf simplified and nullability remembered, exactly as
// docs/summary.md describes. Children are resolved lazily, so a
// recursive schema is a finite graph of Nodes, never an infinite tree.
type Node struct {
	schema *Schema

	// Shape says which of the fields below are meaningful.
	Shape Shape
	// Types are the declared non-null type names of a Scalar, in order.
	Types []string
	// Nullable is true when null is an allowed value.
	Nullable bool
	// KnownKeys is true for an object that declares properties (even none).
	KnownKeys bool
	// Closed is true for an object that allows no keys beyond Props
	// (additionalProperties or unevaluatedProperties false).
	Closed bool
	// Props are an object's properties in declaration order.
	Props []Prop
	// Alts are a union's (or a merged union's) non-null alternatives.
	Alts []Alt

	Title       string
	Description string
	Format      string
	Enum        []*Value
	Default     *Value
	// Constraints are the validation keywords of the schema itself
	// (minLength, pattern, maximum, ...), in ConstraintKeywords' order.
	Constraints []Keyword

	// Key identifies this node (one per raw schema) in recursion checks.
	Key int32
	// Refs are the ids of the $ref targets followed to build this node; a
	// traversal that meets one of them again on its path stops there.
	Refs []int32

	// primary is the id of the node's primary $ref (0: none), see PrimaryRef.
	primary int32
	// nullableKeyword is true when the schema itself says OpenAPI's
	// `nullable: true`: its author means the node, whatever its allOf parts say.
	nullableKeyword bool

	items      *lazy // array items (nil: none declared)
	additional *lazy // additionalProperties schema, when it is one
}

// Keyword is one keyword of a schema and its value.
type Keyword struct {
	Name  string
	Value *Value
}

// ConstraintKeywords are the validation keywords a Node keeps.
var ConstraintKeywords = []string{"minLength", "maxLength", "pattern", "minimum", "exclusiveMinimum",
	"maximum", "exclusiveMaximum", "multipleOf", "minItems", "maxItems", "uniqueItems",
	"minProperties", "maxProperties", "contentMediaType", "contentEncoding"}

// Prop is one property of an object node.
type Prop struct {
	Name     string
	Required bool
	node     *lazy
}

// Alt is one alternative of an anyOf or oneOf, named as in paths: "anyOf[1]".
type Alt struct {
	Name string
	node *lazy
}

// lazy is a child schema resolved on first use. built is set once, under
// the schema's lock, and read atomically, so any number of goroutines may
// read one Schema: the first to need a node resolves it, the others wait
// for that or find it done. Nodes hold lazies by pointer, so copying a Prop
// or a Node never reads built behind the lock's back.
type lazy struct {
	raw   *Value
	built unsafe.Pointer // *Node
}

func (l *lazy) load() *Node { return (*Node)(atomic.LoadPointer(&l.built)) }

// set reports whether the child is known (raw or already resolved).
func (l *lazy) set() bool { return l != nil && (l.raw != nil || l.load() != nil) }

// get resolves the child, taking the schema's lock if it must.
func (l *lazy) get(s *Schema) *Node {
	if n, ok := l.ready(s); ok {
		return n
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return l.getLocked(s)
}

// ready is the child when it needs no resolving: resolved already, or
// absent (any value).
func (l *lazy) ready(s *Schema) (*Node, bool) {
	if l == nil {
		return s.anyNode, true
	}
	if n := l.load(); n != nil {
		return n, true
	}
	if l.raw == nil {
		return s.anyNode, true
	}
	return nil, false
}

// getLocked is get for code that already holds the schema's lock (the
// resolution itself).
func (l *lazy) getLocked(s *Schema) *Node {
	if n, ok := l.ready(s); ok {
		return n
	}
	n := s.resolve(l.raw)
	atomic.StorePointer(&l.built, unsafe.Pointer(n))
	return n
}

// Child returns the resolved schema of the i-th property.
func (n *Node) Child(i int) *Node { return n.Props[i].node.get(n.schema) }

// Alt returns the resolved schema of the i-th alternative.
func (n *Node) Alt(i int) *Node { return n.Alts[i].node.get(n.schema) }

// Items returns an array's item schema (Any when it declares none).
func (n *Node) Items() *Node { return n.items.get(n.schema) }

// AdditionalProperties returns the schema of an object's unknown keys'
// values, or nil when the schema does not say.
func (n *Node) AdditionalProperties() *Node {
	if !n.additional.set() {
		return nil
	}
	return n.additional.get(n.schema)
}

// ChildSource returns the schema value the i-th property's node is resolved
// from, resolved or not. A node depends only on its source and the values
// its $refs point to (and theirs), except where $ref, allOf, anyOf and
// oneOf loop back with no property or array items in between: such a loop
// resolves differently depending on where resolution entered it. So two
// sources written the same, $refs followed and no such loop met, resolve
// to nodes that read the same, and a comparison may skip them unresolved.
func (n *Node) ChildSource(i int) *Value { return n.Props[i].node.source() }

// AltSource returns the schema value of the i-th alternative (see ChildSource).
func (n *Node) AltSource(i int) *Value { return n.Alts[i].node.source() }

// ItemsSource returns the schema value of an array's items (see
// ChildSource), or nil when it declares none.
func (n *Node) ItemsSource() *Value { return n.items.source() }

// AdditionalSource returns the schema value of an object's unknown keys
// (see ChildSource), or nil when the schema does not say.
func (n *Node) AdditionalSource() *Value { return n.additional.source() }

func (l *lazy) source() *Value {
	if l == nil {
		return nil
	}
	return l.raw
}

// IsContainer reports whether the node is an object (known keys or not).
func (n *Node) IsContainer() bool { return n.Shape == Object }

// BaseLabel is the node's label without " | null".
func (n *Node) BaseLabel() string {
	switch n.Shape {
	case Object:
		return "object"
	case Union:
		return "union"
	case Array:
		return "array"
	case Scalar:
		return joinTypes(n.Types)
	}
	return "any"
}

// Label is the label a summary line shows: "string", "object | null", ...
func (n *Node) Label() string {
	if n.Nullable && n.Shape != Any && !(n.Shape == Scalar && len(n.Types) == 1 && n.Types[0] == "null") {
		return n.BaseLabel() + " | null"
	}
	return n.BaseLabel()
}

func joinTypes(types []string) string {
	switch len(types) {
	case 0:
		return "any"
	case 1:
		return types[0]
	}
	s := types[0]
	for _, t := range types[1:] {
		s += " | " + t
	}
	return s
}

// PrimaryRef is the id of the node's primary $ref, the first $ref followed
// to reach it: its own; else the first among its allOf parts, depth first;
// else that of the single alternative its anyOf/oneOf leaves; for an array
// without one of its own, its items'. It is 0 for a node without one (an
// inline schema, a merged union of several objects). The recursion rule
// tests only this ref against the refs met on a node's path, so a base
// type that every resource inherits through allOf is not recursion.
func (n *Node) PrimaryRef() int32 {
	for i := 0; n.primary == 0 && n.Shape == Array && i <= maxArrayLevels; i++ {
		n = n.Items()
	}
	return n.primary
}

// Unwrap follows array items from n until a node that is not an array, and
// reports how many array levels it crossed. A self-referencing array chain
// ends at Any. refs collects the $ref ids met on the way (may be nil).
func (n *Node) Unwrap(refs *[]int32) (terminal *Node, arrays int) {
	seen := 0
	for n.Shape == Array {
		next := n.Items()
		if refs != nil {
			*refs = append(*refs, next.Refs...)
		}
		arrays++
		seen++
		if next == n || seen > maxArrayLevels {
			return n.schema.anyNode, arrays
		}
		n = next
	}
	return n, arrays
}

// maxArrayLevels bounds array-of-array chains (a self-referencing items
// chain would otherwise never end).
const maxArrayLevels = 64

package model

import "strings"

// merge combines the parts of an allOf (a $ref target, the node's own
// keywords, then the allOf parts, in that order) into one node. Properties
// merge in order of appearance, the first definition of a name winning. The
// node allows what every part allows: its types are those every part
// allows, in order of appearance, and it is nullable only when every part
// allows null (or the node itself says OpenAPI's `nullable: true`). Parts
// that share no type contradict each other: the node then has the types
// they declare. own supplies the annotations (description, title, ...) first.
func (s *Schema) merge(comps []*Node, own *Node) *Node {
	if len(comps) == 1 {
		return comps[0]
	}
	n := &Node{schema: s}
	allowed := anyType
	var types, declared []string
	var firstUnion *Node
	for _, c := range comps {
		allowed &= allows(c)
		if c.Shape == Union {
			n.Alts = append(n.Alts, c.Alts...)
			if firstUnion == nil {
				firstUnion = c
			}
		}
	}
	for _, c := range comps {
		for _, t := range declares(c) {
			declared = appendNew(declared, t)
			if t != "null" && allowed&typeBit(t) != 0 {
				types = appendNew(types, t)
			}
		}
	}
	nullable := allowed&nullType != 0
	if len(types) == 0 && allowed&^nullType == 0 && len(declared) > 0 && !nullable {
		// A contradiction: the types the parts declare.
		for _, t := range declared {
			if t == "null" {
				nullable = true
				continue
			}
			types = append(types, t)
		}
	}

	switch {
	case len(types) == 1 && types[0] == "object":
		n.Shape = Object
		var objects []*Node
		for _, c := range comps {
			if c.Shape == Object {
				objects = append(objects, c)
			}
		}
		mergeProps(n, objects, true)
	case len(types) == 1 && types[0] == "array":
		n.Shape = Array
		for _, c := range comps {
			if c.Shape == Array && c.items.set() {
				n.items = c.items
				break
			}
		}
	case len(types) > 0:
		n.Shape, n.Types = Scalar, types
	case len(declared) > 0: // only null is allowed
		n.Shape, n.Types, nullable = Scalar, []string{"null"}, false
	case firstUnion != nil:
		n.Shape, n.Alts = Union, firstUnion.Alts
	default:
		n.Shape = Any
	}
	n.Nullable = nullable || own.nullableKeyword
	annotate(n, append([]*Node{own}, comps...)...)
	return n
}

// typeSet is a set of JSON types, to intersect what allOf parts allow.
type typeSet uint8

const (
	nullType typeSet = 1 << iota
	booleanType
	objectType
	arrayType
	numberType
	integerType
	stringType
	anyType = nullType | booleanType | objectType | arrayType | numberType | integerType | stringType
)

func typeBit(name string) typeSet {
	switch name {
	case "null":
		return nullType
	case "boolean":
		return booleanType
	case "object":
		return objectType
	case "array":
		return arrayType
	case "number":
		return numberType
	case "integer":
		return integerType
	case "string":
		return stringType
	}
	return 0
}

// allows is the set of types a resolved node allows: `any` every type,
// `union` every type but null, a nullable node null too.
func allows(n *Node) typeSet {
	var set typeSet
	switch n.Shape {
	case Any:
		return anyType
	case Union:
		set = anyType &^ nullType
	case Object:
		set = objectType
	case Array:
		set = arrayType
	case Scalar:
		for _, t := range n.Types {
			set |= typeBit(t)
			if t == "number" {
				set |= integerType // an integer is a number
			}
		}
	}
	if n.Nullable {
		set |= nullType
	}
	return set
}

// declares lists the type names a resolved node declares, in order.
func declares(n *Node) []string {
	switch n.Shape {
	case Object:
		return []string{"object"}
	case Array:
		return []string{"array"}
	case Scalar:
		return n.Types
	}
	return nil
}

// flatAlternatives resolves a list of anyOf/oneOf alternatives, replacing
// one that is only an anyOf/oneOf itself (annotations aside) by its own
// alternatives, at any depth.
func (s *Schema) flatAlternatives(list []*Value, out []*Node) []*Node {
	for _, alt := range list {
		if inner := onlyAlternatives(alt); inner != nil {
			out = s.flatAlternatives(inner.Items, out)
			continue
		}
		out = append(out, s.resolve(alt))
	}
	return out
}

// onlyAlternatives returns the list of a schema that is an anyOf or a
// oneOf and nothing else but annotations, or nil.
func onlyAlternatives(v *Value) *Value {
	if v.Kind != JSONObject {
		return nil
	}
	var list *Value
	for _, m := range v.Members {
		switch {
		case m.Name == "anyOf" || m.Name == "oneOf":
			if list != nil || m.Value.Kind != JSONArray {
				return nil
			}
			list = m.Value
		case !isAnnotation(m.Name):
			return nil
		}
	}
	return list
}

// isAnnotation reports whether a keyword only annotates a schema (it
// neither allows nor forbids a value).
func isAnnotation(name string) bool {
	switch name {
	case "title", "description", "$comment", "examples", "example", "default", "deprecated",
		"readOnly", "writeOnly", "$schema", "$id", "$anchor", "$defs", "definitions",
		"discriminator", "externalDocs", "xml":
		return true
	}
	return strings.HasPrefix(name, "x-")
}

func isNullOnly(n *Node) bool {
	return n.Shape == Scalar && len(n.Types) == 1 && n.Types[0] == "null"
}

// applyAlternatives simplifies anyOf/oneOf on top of base (the node's own
// keywords merged with its $ref and allOf), as docs/summary.md describes.
// alts are the node's own alternatives (what the inspector lists); flat are
// them resolved and flattened (what decides the node).
func (s *Schema) applyAlternatives(base *Node, alts []Alt, flat []*Node) *Node {
	nullable := base.Nullable
	baseNull := isNullOnly(base)
	if baseNull {
		nullable = true // `type: "null"` beside alternatives: they say what else it may be
	}
	var kept []Alt
	for _, a := range alts {
		if !isNullOnly(a.node.getLocked(s)) {
			kept = append(kept, a)
		}
	}
	var nodes []*Node
	for _, an := range flat {
		if isNullOnly(an) {
			nullable = true
			continue
		}
		nullable = nullable || an.Nullable
		nodes = append(nodes, an)
	}

	var n *Node
	switch {
	case base.Shape != Any && allAny(nodes):
		n = copyNode(base) // alternatives that only add constraints
		if baseNull {
			nullable = false
		}
	case len(nodes) == 0:
		n = &Node{schema: s, Shape: Scalar, Types: []string{"null"}}
		nullable = false
	case len(nodes) == 1:
		n = copyNode(nodes[0])
		if base.Shape == Object && n.Shape == Object {
			n = s.merge([]*Node{base, nodes[0]}, base)
		}
		n.Refs, n.primary = nodes[0].Refs, nodes[0].primary
		// The field's own words describe it better than its type's.
		if base.Description != "" {
			n.Description = base.Description
		}
		if base.Title != "" {
			n.Title = base.Title
		}
		if base.Default != nil {
			n.Default = base.Default
		}
	case allShape(nodes, Object):
		n = &Node{schema: s, Shape: Object}
		parts := nodes
		if base.Shape == Object {
			parts = append([]*Node{base}, nodes...)
		}
		mergeProps(n, parts, false)
		for _, an := range nodes {
			n.Refs = append(n.Refs, an.Refs...)
		}
	case allShape(nodes, Array):
		n = &Node{schema: s, Shape: Array}
		raws := make([]*Value, len(nodes))
		for i, an := range nodes {
			if an.items != nil {
				raws[i] = an.items.raw
			}
			if raws[i] == nil {
				raws[i] = &Value{Kind: JSONBool, Bool: true}
			}
		}
		n.items = &lazy{raw: anyOf(raws)}
	case sameLabel(nodes):
		n = copyNode(nodes[0])
		n.Refs, n.primary = nil, 0
		n.Enum = nil
		for _, an := range nodes[1:] {
			if an.Format != n.Format {
				n.Format = ""
			}
		}
	default:
		n = &Node{schema: s, Shape: Union}
	}
	n.Nullable = nullable
	n.Alts = kept
	annotate(n, base)
	return n
}

// mergeProps sets n's properties to the union of the parts' properties, in
// order of appearance, the first definition of a name winning. With
// requiredIfAny a property is required when any part requires it (allOf);
// otherwise only when every part has it and requires it (a union).
func mergeProps(n *Node, parts []*Node, requiredIfAny bool) {
	var index propIndex
	total := 0
	for _, c := range parts {
		total += len(c.Props)
	}
	n.Props = make([]Prop, 0, total)
	for _, c := range parts {
		n.KnownKeys = n.KnownKeys || c.KnownKeys
		if !n.additional.set() {
			n.additional = c.additional
		}
		for _, p := range c.Props {
			if i, ok := index.find(n.Props, p.Name); ok {
				if requiredIfAny {
					n.Props[i].Required = n.Props[i].Required || p.Required
				}
				continue
			}
			n.Props = index.add(n.Props, p)
		}
	}
	// A closed part closes an allOf; a union is closed only when every
	// alternative is.
	n.Closed = !requiredIfAny
	for _, c := range parts {
		if requiredIfAny {
			n.Closed = n.Closed || c.Closed
		} else {
			n.Closed = n.Closed && c.Closed
		}
	}
	if requiredIfAny {
		return
	}
	for i := range n.Props {
		if !n.Props[i].Required {
			continue
		}
		for _, c := range parts {
			if !c.requires(n.Props[i].Name) {
				n.Props[i].Required = false
				break
			}
		}
	}
}

func (n *Node) requires(name string) bool {
	for _, p := range n.Props {
		if p.Name == name {
			return p.Required
		}
	}
	return false
}

// annotate fills n's empty annotations from the first source that has each.
func annotate(n *Node, sources ...*Node) {
	for _, src := range sources {
		if n.Title == "" {
			n.Title = src.Title
		}
		if n.Description == "" {
			n.Description = src.Description
		}
		if n.Format == "" && n.Shape != Object && n.Shape != Array {
			n.Format = src.Format
		}
		if n.Default == nil {
			n.Default = src.Default
		}
		if n.Constraints == nil {
			n.Constraints = src.Constraints
		}
		if n.Enum == nil && n.Shape == Scalar {
			n.Enum = src.Enum
		}
	}
}

func copyNode(n *Node) *Node {
	cp := *n
	return &cp
}

func allShape(nodes []*Node, shape Shape) bool {
	for _, n := range nodes {
		if n.Shape != shape {
			return false
		}
	}
	return len(nodes) > 0
}

// allAny reports whether no node resolves to more than any (true for none).
func allAny(nodes []*Node) bool {
	for _, n := range nodes {
		if n.Shape != Any {
			return false
		}
	}
	return true
}

func sameLabel(nodes []*Node) bool {
	for _, n := range nodes[1:] {
		if n.BaseLabel() != nodes[0].BaseLabel() {
			return false
		}
	}
	return true
}

func appendNew(list []string, names ...string) []string {
next:
	for _, name := range names {
		for _, have := range list {
			if have == name {
				continue next
			}
		}
		list = append(list, name)
	}
	return list
}

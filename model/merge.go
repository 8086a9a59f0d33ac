package model

// merge combines the parts of an allOf (a $ref target, the node's own
// keywords, then the allOf parts, in that order) into one node: properties
// in order of appearance with the first definition of a name winning, and
// the declared types in order of appearance. own supplies the annotations
// (description, title, ...) first.
func (s *Schema) merge(comps []*Node, own *Node) *Node {
	if len(comps) == 1 {
		return comps[0]
	}
	n := &Node{schema: s}
	var shaped, unions []*Node
	for _, c := range comps {
		switch c.Shape {
		case Any:
		case Union:
			unions = append(unions, c)
		default:
			shaped = append(shaped, c)
		}
	}
	if len(shaped) == 0 && len(unions) > 0 {
		shaped = unions[:1]
	}
	for _, u := range unions {
		n.Alts = append(n.Alts, u.Alts...)
	}

	switch {
	case len(shaped) == 0:
		n.Shape = Any
	case allShape(shaped, Object):
		n.Shape = Object
		mergeProps(n, shaped, true)
	case allShape(shaped, Array):
		n.Shape = Array
		for _, c := range shaped {
			if c.items.set() {
				n.items = c.items
				break
			}
		}
	case allShape(shaped, Union):
		n.Shape = Union
		n.Alts = shaped[0].Alts
	default:
		n.Shape = Scalar
		for _, c := range shaped {
			if c.Shape == Scalar {
				n.Types = appendNew(n.Types, c.Types...)
			} else {
				n.Types = appendNew(n.Types, c.BaseLabel())
			}
		}
	}
	n.Nullable = own.Nullable
	if len(shaped) > 0 && !n.Nullable {
		n.Nullable = true
		for _, c := range shaped {
			n.Nullable = n.Nullable && c.Nullable
		}
	}
	annotate(n, append([]*Node{own}, comps...)...)
	return n
}

// applyAlternatives simplifies anyOf/oneOf on top of base (the node's own
// keywords merged with its $ref and allOf), as docs/summary.md describes.
func (s *Schema) applyAlternatives(base *Node, alts []Alt) *Node {
	nullable := base.Nullable
	var kept []Alt
	var nodes []*Node
	for _, a := range alts {
		an := a.node.getLocked(s)
		if an.Shape == Scalar && len(an.Types) == 1 && an.Types[0] == "null" {
			nullable = true
			continue
		}
		kept = append(kept, a)
		nodes = append(nodes, an)
	}

	if base.Shape != Any && allShape(nodes, Any) {
		n := copyNode(base) // alternatives that only add constraints
		n.Nullable = nullable
		return n
	}
	var n *Node
	switch {
	case len(nodes) == 0:
		n = &Node{schema: s, Shape: Scalar, Types: []string{"null"}}
		nullable = false
	case len(nodes) == 1:
		n = copyNode(nodes[0])
		if base.Shape == Object && n.Shape == Object {
			n = s.merge([]*Node{base, nodes[0]}, base)
		}
		n.Refs = nodes[0].Refs
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
	case allShape(nodes, Object) && (base.Shape == Any || base.Shape == Object):
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
		n.Refs = nil
		n.Enum = nil
		for _, an := range nodes[1:] {
			if an.Format != n.Format {
				n.Format = ""
			}
		}
	default:
		n = &Node{schema: s, Shape: Union}
	}
	for _, an := range nodes {
		nullable = nullable || an.Nullable
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

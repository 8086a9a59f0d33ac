package model

import "strings"

// resolve turns a raw schema into its Node, once per raw value. A raw value
// met again while it is still being resolved (a $ref or allOf cycle with no
// property in between) contributes nothing: it is Any.
func (s *Schema) resolve(v *Value) *Node {
	if n := s.nodes[v]; n != nil {
		return n
	}
	if s.resolving[v] {
		return s.anyNode
	}
	s.resolving[v] = true
	n := s.build(v)
	if n != s.anyNode {
		n.Key = s.newKey()
	}
	delete(s.resolving, v)
	s.nodes[v] = n
	return n
}

func (s *Schema) build(v *Value) *Node {
	if v.Kind != JSONObject {
		return s.anyNode // true, false, or a malformed schema
	}
	var comps []*Node
	var reach []int32 // refs through which this node is reached
	var primary int32 // the first of them: its own $ref, else its allOf parts'

	if ref := refOf(v); ref != nil {
		id := s.refID(ref.Str)
		reach, primary = append(reach, id), id
		if target := s.lookupRef(ref.Str); target != nil {
			t := s.resolve(target)
			reach = append(reach, t.Refs...)
			comps = append(comps, t)
		}
	}
	own := s.ownNode(v)
	comps = append(comps, own)
	if all := v.Get("allOf"); all != nil && all.Kind == JSONArray {
		for _, part := range all.Items {
			// A $ref reached through an allOf part is on the path too: a
			// root of allOf:[$ref X] must fold a later $ref to X.
			p := s.resolve(part)
			reach = append(reach, p.Refs...)
			comps = append(comps, p)
			if primary == 0 {
				primary = p.primary
			}
		}
	}
	base := s.merge(comps, own)

	var alts []Alt
	var flat []*Node
	for _, kw := range [...]string{"anyOf", "oneOf"} {
		list := v.Get(kw)
		if list == nil || list.Kind != JSONArray {
			continue
		}
		cells := make([]lazy, len(list.Items)) // one allocation for the list
		for i, alt := range list.Items {
			cells[i].raw = alt
			alts = append(alts, Alt{Name: kw + "[" + itoa(i) + "]", node: &cells[i]})
		}
		flat = s.flatAlternatives(list.Items, flat)
	}
	n := base
	if len(alts) > 0 {
		n = s.applyAlternatives(base, alts, flat)
	}
	if len(reach) > 0 {
		cp := *n
		cp.Refs = append(append([]int32(nil), reach...), n.Refs...)
		if primary != 0 {
			cp.primary = primary // else a single alternative's, if any
		}
		n = &cp
	}
	return n
}

// refOf is the reference v makes: its $ref, else its $dynamicRef
// (2020-12), which is read statically as a $ref to the subschema whose
// $dynamicAnchor names it, the outermost first (the one a dynamic scope
// entered at the root finds); nil when v makes none.
func refOf(v *Value) *Value {
	for _, k := range [...]string{"$ref", "$dynamicRef"} {
		if ref := v.Get(k); ref != nil && ref.Kind == JSONString {
			return ref
		}
	}
	return nil
}

// ownNode reads the keywords of v itself, ignoring $ref, allOf, anyOf, oneOf.
func (s *Schema) ownNode(v *Value) *Node {
	n := &Node{schema: s}
	n.Title = v.Get("title").Text()
	n.Description = v.Get("description").Text()
	n.Format = v.Get("format").Text()
	n.Default = v.Get("default")
	for _, k := range ConstraintKeywords {
		if c := v.Get(k); c != nil {
			n.Constraints = append(n.Constraints, Keyword{Name: k, Value: c})
		}
	}
	if e := v.Get("enum"); e != nil && e.Kind == JSONArray {
		n.Enum = e.Items
	} else if c := v.Get("const"); c != nil {
		n.Enum = []*Value{c}
	}
	if nb := v.Get("nullable"); nb != nil && nb.Kind == JSONBool && nb.Bool {
		n.Nullable = true // OpenAPI 3.0
		n.nullableKeyword = true
	}

	declared := declaredTypes(v.Get("type"), &n.Nullable)
	switch {
	case len(declared) == 1 && declared[0] == "object":
		n.Shape = Object
	case len(declared) == 1 && declared[0] == "array":
		n.Shape = Array
	case len(declared) > 0:
		n.Shape, n.Types = Scalar, declared
	case n.Nullable && v.Get("type") != nil:
		n.Shape, n.Types, n.Nullable = Scalar, []string{"null"}, false
	case v.Has("properties") || v.Has("additionalProperties") || v.Has("patternProperties"):
		n.Shape = Object
	case v.Has("items") || v.Has("prefixItems"):
		n.Shape = Array
	case len(n.Enum) > 0:
		s.inferFromValues(n)
	}
	switch n.Shape {
	case Object:
		s.readObject(n, v)
	case Array:
		s.readArray(n, v)
	}
	return n
}

// declaredTypes returns the known non-null type names of a `type` keyword
// in order, and marks nullable when it lists "null". Unknown names and
// malformed values are ignored.
func declaredTypes(t *Value, nullable *bool) []string {
	var names []string
	add := func(x *Value) {
		if x == nil || x.Kind != JSONString {
			return
		}
		switch x.Str {
		case "null":
			*nullable = true
		case "string", "integer", "number", "boolean", "object", "array":
			for _, have := range names {
				if have == x.Str {
					return
				}
			}
			names = append(names, x.Str)
		}
	}
	if t != nil && t.Kind == JSONArray {
		for _, x := range t.Items {
			add(x)
		}
	} else {
		add(t)
	}
	return names
}

// inferFromValues sets the shape of a node that declares no type from its
// enum or const: the type of the first non-null value; null makes it nullable.
func (s *Schema) inferFromValues(n *Node) {
	for _, e := range n.Enum {
		if e.Kind == JSONNull {
			n.Nullable = true
		}
	}
	for _, e := range n.Enum {
		switch e.Kind {
		case JSONNull:
			continue
		case JSONObject:
			n.Shape = Object
		case JSONArray:
			n.Shape = Array
		default:
			n.Shape, n.Types = Scalar, []string{valueType(e)}
		}
		return
	}
	n.Shape, n.Types, n.Nullable = Scalar, []string{"null"}, false
}

func valueType(v *Value) string {
	switch v.Kind {
	case JSONString:
		return "string"
	case JSONBool:
		return "boolean"
	case JSONNumber:
		if strings.ContainsAny(v.Str, ".eE") {
			return "number"
		}
		return "integer"
	}
	return "null"
}

func (s *Schema) readObject(n *Node, v *Value) {
	var required nameSet
	if r := v.Get("required"); r != nil && r.Kind == JSONArray {
		required.values = r.Items
	}
	if props := v.Get("properties"); props != nil && props.Kind == JSONObject {
		n.KnownKeys = true
		n.Props = make([]Prop, 0, len(props.Members))
		cells := make([]lazy, len(props.Members)) // one allocation for the object
		var index propIndex
		for k, m := range props.Members {
			if m.Value.Kind == JSONBool && !m.Value.Bool {
				continue // `false`: the property may not appear at all
			}
			cells[k].raw = m.Value
			p := Prop{Name: m.Name, Required: required.has(m.Name), node: &cells[k]}
			if i, dup := index.find(n.Props, m.Name); dup {
				n.Props[i] = p // a duplicate name: the last value wins, in the first place
				continue
			}
			n.Props = index.add(n.Props, p)
		}
	}
	if ap := v.Get("additionalProperties"); ap != nil && ap.Kind == JSONObject {
		n.additional = &lazy{raw: ap}
	}
	n.Closed = isFalse(v.Get("additionalProperties")) || isFalse(v.Get("unevaluatedProperties"))
}

// smallSet is how many names are searched one by one before a map is built:
// most objects have a few properties, and a map for each would cost more
// than it saves.
const smallSet = 16

// nameSet answers whether a list of JSON strings (a `required` array) holds
// a name.
type nameSet struct {
	values []*Value
	m      map[string]bool
}

func (r *nameSet) has(name string) bool {
	if len(r.values) <= smallSet {
		for _, v := range r.values {
			if v.Kind == JSONString && v.Str == name {
				return true
			}
		}
		return false
	}
	if r.m == nil {
		r.m = make(map[string]bool, len(r.values))
		for _, v := range r.values {
			if v.Kind == JSONString {
				r.m[v.Str] = true
			}
		}
	}
	return r.m[name]
}

// propIndex finds properties by name in the list being built, whose
// capacity is the most properties it will hold.
type propIndex struct {
	m map[string]int
}

func (x *propIndex) find(props []Prop, name string) (int, bool) {
	if x.m == nil {
		if len(props) <= smallSet {
			for i, p := range props {
				if p.Name == name {
					return i, true
				}
			}
			return 0, false
		}
		x.m = make(map[string]int, cap(props))
		for i, p := range props {
			x.m[p.Name] = i
		}
	}
	i, ok := x.m[name]
	return i, ok
}

// add appends p, which find did not find, to props.
func (x *propIndex) add(props []Prop, p Prop) []Prop {
	if x.m != nil {
		x.m[p.Name] = len(props)
	}
	return append(props, p)
}

func isFalse(v *Value) bool { return v != nil && v.Kind == JSONBool && !v.Bool }

func (s *Schema) readArray(n *Node, v *Value) {
	items := v.Get("items")
	if prefix := v.Get("prefixItems"); prefix != nil && prefix.Kind == JSONArray && len(prefix.Items) > 0 {
		list := append([]*Value(nil), prefix.Items...)
		if items != nil && items.Kind == JSONObject {
			list = append(list, items)
		}
		n.items = &lazy{raw: anyOf(list)}
		return
	}
	switch {
	case items == nil:
	case items.Kind == JSONArray: // draft-04 tuple form
		if len(items.Items) == 1 {
			n.items = &lazy{raw: items.Items[0]}
		} else if len(items.Items) > 1 {
			n.items = &lazy{raw: anyOf(items.Items)}
		}
	default:
		n.items = &lazy{raw: items}
	}
}

// anyOf builds a synthetic schema {"anyOf": list}.
func anyOf(list []*Value) *Value {
	return &Value{Kind: JSONObject, Members: []Member{{Name: "anyOf", Value: &Value{Kind: JSONArray, Items: list}}}}
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

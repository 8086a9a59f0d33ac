package toolargs

import (
	"encoding/json"
	"strings"

	"mcpeek/model"
)

// maxExamples bounds how many of the schema's own examples Examples keeps.
const maxExamples = 3

// Usage is the arguments object of a ready call: every required argument,
// in declaration order, with a placeholder of its type ("<string>",
// "<integer[]>"). An absent or unreadable schema gives {}.
func (s *Schema) Usage() json.RawMessage { return usageArgs(s.parsed(), false) }

// Examples are argument objects to show: the schema's own top-level
// "examples" that are objects (at most three), or else one call built from
// the required arguments and those with examples, each with a value from
// the schema where there is one (its first example, its default, its first
// enum value) and a placeholder where there is none. An absent or
// unreadable schema gives one example, {}.
func (s *Schema) Examples() []json.RawMessage {
	tree := s.parsed()
	if tree == nil {
		return []json.RawMessage{json.RawMessage("{}")}
	}
	var out []json.RawMessage
	if ex := tree.Doc().Get("examples"); ex != nil && ex.Kind == model.JSONArray {
		for i, v := range ex.Items {
			if i == maxExamples {
				break
			}
			if v.Kind == model.JSONObject {
				out = append(out, v.AppendJSON(nil))
			}
		}
	}
	if len(out) == 0 {
		out = append(out, usageArgs(tree, true))
	}
	return out
}

// usageArgs is the args object of a ready call: every required argument,
// with a placeholder of its type ("<string>") or, with concrete, a value
// from the schema (an example, the default, the first enum value) where
// there is one; with concrete, optional arguments that have an example too.
func usageArgs(tree *model.Schema, concrete bool) json.RawMessage {
	obj := &model.Value{Kind: model.JSONObject}
	if tree != nil && tree.Root().Shape == model.Object {
		root := tree.Root()
		for i, p := range root.Props {
			child := root.Child(i)
			example := sampleValue(tree, p.Name)
			var v *model.Value
			switch {
			case concrete && (p.Required || example != nil):
				v = firstNonNil(example, child.Default, firstEnum(child))
			case !p.Required:
				continue // optional arguments only in examples that show one
			}
			if v == nil {
				term, levels := child.Unwrap(nil)
				v = &model.Value{Kind: model.JSONString, Str: "<" + term.Label() + strings.Repeat("[]", levels) + ">"}
			}
			obj.Members = append(obj.Members, model.Member{Name: p.Name, Value: v})
		}
	}
	return obj.AppendJSON(nil)
}

func firstNonNil(vs ...*model.Value) *model.Value {
	for _, v := range vs {
		if v != nil {
			return v
		}
	}
	return nil
}

func firstEnum(n *model.Node) *model.Value {
	if term, _ := n.Unwrap(nil); len(term.Enum) > 0 {
		return term.Enum[0]
	}
	return nil
}

// sampleValue is the first of a property's own "examples", or nil.
func sampleValue(tree *model.Schema, name string) *model.Value {
	props := tree.Doc().Get("properties")
	if props == nil {
		return nil
	}
	prop := props.Get(name)
	if prop == nil {
		return nil
	}
	if ex := prop.Get("examples"); ex != nil && ex.Kind == model.JSONArray && len(ex.Items) > 0 {
		return ex.Items[0]
	}
	return nil
}

package lint

import (
	"net/url"
	"slices"
	"strconv"
	"strings"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
)

// Keywords whose values are subschemas, by how they hold them.
var (
	schemaMaps   = []string{"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"}
	schemaLists  = []string{"allOf", "anyOf", "oneOf", "prefixItems"}
	schemaSingle = []string{"additionalProperties", "unevaluatedProperties", "items", "additionalItems",
		"unevaluatedItems", "contains", "propertyNames", "not", "if", "then", "else"}
)

// visit is called on each subschema: its value, its JSON pointer, the
// keyword that holds it ("" for the root) and how many object schemas
// enclose it, itself included.
type visit func(v *model.Value, ptr, keyword string, depth int)

// walk calls f on s and every subschema in it, depth first, in the order
// they are written. $refs are not followed.
func walk(s located, f visit) { walkValue(s.v, s.ptr, "", 0, f) }

func walkValue(v *model.Value, ptr, keyword string, depth int, f visit) {
	if isObjectSchema(v) {
		depth++
	}
	f(v, ptr, keyword, depth)
	if v.Kind != model.JSONObject {
		return
	}
	for _, m := range v.Members {
		switch {
		case slices.Contains(schemaMaps, m.Name) && m.Value.Kind == model.JSONObject:
			for _, p := range m.Value.Members {
				walkValue(p.Value, ptr+"/"+escape(m.Name)+"/"+escape(p.Name), m.Name, depth, f)
			}
		case slices.Contains(schemaLists, m.Name) && m.Value.Kind == model.JSONArray,
			m.Name == "items" && m.Value.Kind == model.JSONArray:
			for i, item := range m.Value.Items {
				walkValue(item, ptr+"/"+escape(m.Name)+"/"+strconv.Itoa(i), m.Name, depth, f)
			}
		case slices.Contains(schemaSingle, m.Name):
			walkValue(m.Value, ptr+"/"+escape(m.Name), m.Name, depth, f)
		}
	}
}

// isObjectSchema reports whether v describes objects: "type": "object"
// (alone or in a list), or properties declared.
func isObjectSchema(v *model.Value) bool {
	if v.Kind != model.JSONObject {
		return false
	}
	return hasType(v.Get("type"), "object") || v.Has("properties")
}

// hasType reports whether a "type" keyword names name, alone or in a
// list, without making the list (walk asks it of every subschema).
func hasType(t *model.Value, name string) bool {
	if t == nil {
		return false
	}
	if t.Kind == model.JSONString {
		return t.Str == name
	}
	return t.Kind == model.JSONArray && slices.ContainsFunc(t.Items, func(x *model.Value) bool { return x.Kind == model.JSONString && x.Str == name })
}

// typeNames returns the names a "type" keyword lists, or nil.
func typeNames(t *model.Value) []string {
	if t != nil && t.Kind == model.JSONString {
		return []string{t.Str}
	}
	return stringList(t)
}

// stringList returns the strings of a JSON array, or nil.
func stringList(v *model.Value) []string {
	if v == nil || v.Kind != model.JSONArray {
		return nil
	}
	var out []string
	for _, x := range v.Items {
		if x.Kind == model.JSONString {
			out = append(out, x.Str)
		}
	}
	return out
}

// refs calls f on every $ref in s, with the pointer of the schema that
// holds it.
func refs(s located, f func(ref, ptr string)) {
	walk(s, func(v *model.Value, ptr, _ string, _ int) {
		if r := v.Get("$ref"); r != nil && r.Kind == model.JSONString {
			f(r.Str, ptr)
		}
	})
}

func isLocalRef(ref string) bool { return strings.HasPrefix(ref, "#") }

// refCycles returns the pointers of the $refs that close a cycle among the
// definitions reachable from the root of s: a client that inlines
// references before sending a schema cannot expand them.
func refCycles(s located, lookup func(ref string) *model.Value) []string {
	pointers := map[*model.Value]string{}
	walk(s, func(v *model.Value, ptr, _ string, _ int) { pointers[v] = ptr })
	const (
		white = iota
		grey  // being expanded: on the current path
		black // done
	)
	state := map[*model.Value]int{}
	var closing []string
	seen := map[string]bool{}
	var expand func(v *model.Value)
	expand = func(v *model.Value) {
		state[v] = grey
		usesOf(located{v: v, ptr: pointers[v]}, func(ref, ptr string) {
			target := lookup(ref)
			if target == nil {
				return
			}
			switch state[target] {
			case grey:
				if !seen[ptr] {
					seen[ptr] = true
					closing = append(closing, ptr)
				}
			case white:
				expand(target)
			}
		})
		state[v] = black
	}
	expand(s.v)
	return closing
}

// usesOf calls f on the local $refs that a value of schema s expands: those
// in s and its subschemas, but not in the definitions it holds ($defs),
// which are expanded only where they are used.
func usesOf(s located, f func(ref, ptr string)) {
	var rec func(v *model.Value, ptr string)
	rec = func(v *model.Value, ptr string) {
		if v.Kind != model.JSONObject {
			return
		}
		if r := v.Get("$ref"); r != nil && r.Kind == model.JSONString && isLocalRef(r.Str) {
			f(r.Str, ptr)
		}
		for _, m := range v.Members {
			switch {
			case m.Name == "$defs" || m.Name == "definitions":
			case slices.Contains(schemaMaps, m.Name) && m.Value.Kind == model.JSONObject:
				for _, p := range m.Value.Members {
					rec(p.Value, ptr+"/"+escape(m.Name)+"/"+escape(p.Name))
				}
			case (slices.Contains(schemaLists, m.Name) || m.Name == "items") && m.Value.Kind == model.JSONArray:
				for i, item := range m.Value.Items {
					rec(item, ptr+"/"+escape(m.Name)+"/"+strconv.Itoa(i))
				}
			case slices.Contains(schemaSingle, m.Name):
				rec(m.Value, ptr+"/"+escape(m.Name))
			}
		}
	}
	rec(s.v, s.ptr)
}

// lookupIn resolves local $refs against the schema the way the schema
// reader does: in its parse when it has one, else in a reading of its
// own.
func lookupIn(l located) func(ref string) *model.Value {
	s := l.parsed
	if s == nil {
		var err error
		if s, err = model.NewSchema(l.v); err != nil {
			return func(string) *model.Value { return nil }
		}
	}
	if s.Shorthand {
		return func(string) *model.Value { return nil }
	}
	return s.LookupRef
}

// refTarget names what a $ref points at, for messages.
func refTarget(ref string) string {
	if u, err := url.PathUnescape(ref); err == nil {
		return u
	}
	return ref
}

// escape writes a name as an RFC 6901 pointer token.
func escape(s string) string { return fieldpath.EscapeToken(s) }

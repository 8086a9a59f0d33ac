package model

import "strings"

// schemaKeywords are keys whose presence marks a document as JSON Schema
// rather than shorthand.
var schemaKeywords = map[string]bool{
	"$ref": true, "$schema": true, "$defs": true, "definitions": true, "$id": true,
	"properties": true, "items": true, "prefixItems": true, "allOf": true, "anyOf": true,
	"oneOf": true, "enum": true, "const": true, "additionalProperties": true,
	"patternProperties": true, "required": true, "not": true, "if": true,
}

// IsShorthand reports whether doc is a shorthand schema in the style of
// the tool_output_schema decorator of Python MCP wrappers: an object whose values are type
// names ("str", "list[str]", "str | None", ...) or nested such objects, with
// no JSON Schema keyword and at least one type name recognised.
func IsShorthand(doc *Value) bool {
	recognised := 0
	return shorthandObject(doc, &recognised, 0) && recognised > 0
}

func shorthandObject(v *Value, recognised *int, depth int) bool {
	if v.Kind != JSONObject || len(v.Members) == 0 || depth > 64 {
		return false
	}
	for _, m := range v.Members {
		if schemaKeywords[m.Name] {
			return false
		}
		switch m.Value.Kind {
		case JSONString:
			if m.Name == "type" && isJSONTypeName(m.Value.Str) {
				return false
			}
			if _, ok := parseShorthandType(m.Value.Str); ok {
				*recognised++
			}
		case JSONObject:
			if !shorthandObject(m.Value, recognised, depth+1) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func isJSONTypeName(s string) bool {
	switch s {
	case "string", "integer", "number", "boolean", "object", "array", "null":
		return true
	}
	return false
}

// FromShorthand converts a shorthand schema to JSON Schema. A root holding
// only `data` describes the data of the canonical {successful, data, error} wrapper, so it
// becomes that envelope: {successful, data, error}.
func FromShorthand(doc *Value) *Value {
	s := shorthandToSchema(doc)
	if len(doc.Members) == 1 && doc.Members[0].Name == "data" {
		return object(Member{"type", str("object")}, Member{"properties", object(
			Member{"successful", typed("boolean")},
			Member{"data", s.Get("properties").Get("data")},
			Member{"error", object(Member{"type", strList("string", "null")})},
		)})
	}
	return s
}

func shorthandToSchema(v *Value) *Value {
	if v.Kind == JSONString {
		s, _ := parseShorthandType(v.Str)
		return s
	}
	props := &Value{Kind: JSONObject}
	for _, m := range v.Members {
		props.Members = append(props.Members, Member{m.Name, shorthandToSchema(m.Value)})
	}
	return object(Member{"type", str("object")}, Member{"properties", props})
}

// parseShorthandType reads a Python-style type name into a JSON Schema.
// Unknown names become `{}` (any) and report false.
func parseShorthandType(t string) (*Value, bool) {
	t = strings.TrimSpace(t)
	if inner, ok := cutWrapper(t, "Optional"); ok {
		s, known := parseShorthandType(inner)
		return nullable(s), known
	}
	if parts := splitTop(t, '|'); len(parts) > 1 {
		var alts []*Value
		isNullable, known := false, true
		for _, p := range parts {
			p = strings.TrimSpace(p)
			if p == "None" || p == "null" || p == "NoneType" {
				isNullable = true
				continue
			}
			s, ok := parseShorthandType(p)
			known = known && ok
			alts = append(alts, s)
		}
		var s *Value
		switch len(alts) {
		case 0:
			s = typed("null")
		case 1:
			s = alts[0]
		default:
			s = object(Member{"anyOf", &Value{Kind: JSONArray, Items: alts}})
		}
		if isNullable {
			s = nullable(s)
		}
		return s, known
	}
	for _, w := range []string{"list", "List", "array", "Array", "Sequence", "tuple", "Tuple", "set", "Set"} {
		if inner, ok := cutWrapper(t, w); ok {
			items, known := parseShorthandType(strings.TrimSpace(splitTop(inner, ',')[0]))
			return object(Member{"type", str("array")}, Member{"items", items}), known
		}
	}
	for _, w := range []string{"dict", "Dict", "Mapping", "object"} {
		if _, ok := cutWrapper(t, w); ok {
			return typed("object"), true
		}
	}
	switch t {
	case "str", "string", "String":
		return typed("string"), true
	case "int", "integer", "Integer":
		return typed("integer"), true
	case "float", "number", "Number", "Decimal", "decimal":
		return typed("number"), true
	case "bool", "boolean", "Boolean":
		return typed("boolean"), true
	case "list", "List", "array", "tuple", "Tuple", "set":
		return typed("array"), true
	case "dict", "Dict", "object", "Object", "Mapping":
		return typed("object"), true
	case "datetime", "date", "time":
		return object(Member{"type", str("string")}, Member{"format", str(strings.ReplaceAll(t, "datetime", "date-time"))}), true
	case "None", "null", "NoneType":
		return typed("null"), true
	case "Any", "any":
		return &Value{Kind: JSONObject}, true
	}
	return &Value{Kind: JSONObject}, false
}

// cutWrapper reads "Name[inner]" and returns inner.
func cutWrapper(t, name string) (string, bool) {
	if !strings.HasPrefix(t, name+"[") || !strings.HasSuffix(t, "]") {
		return "", false
	}
	return t[len(name)+1 : len(t)-1], true
}

// splitTop splits s at sep characters that are outside brackets.
func splitTop(s string, sep byte) []string {
	var parts []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[':
			depth++
		case ']':
			depth--
		case sep:
			if depth == 0 {
				parts = append(parts, s[start:i])
				start = i + 1
			}
		}
	}
	return append(parts, s[start:])
}

func nullable(s *Value) *Value {
	return object(Member{"anyOf", &Value{Kind: JSONArray, Items: []*Value{s, typed("null")}}})
}

func object(members ...Member) *Value { return &Value{Kind: JSONObject, Members: members} }

func typed(t string) *Value { return object(Member{"type", str(t)}) }

func str(s string) *Value { return &Value{Kind: JSONString, Str: s} }

func strList(items ...string) *Value {
	v := &Value{Kind: JSONArray}
	for _, s := range items {
		v.Items = append(v.Items, str(s))
	}
	return v
}

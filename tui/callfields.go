package tui

import (
	"encoding/json"
	"strconv"
	"strings"

	"mcpeek/fieldpath"
	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/summarizer"
)

// fieldKind is what input a form field gets, and how its text becomes a
// JSON value.
type fieldKind int

const (
	kindString  fieldKind = iota // one line of text
	kindText                     // several lines of text
	kindNumber                   // a number typed as text
	kindInteger                  // a whole number typed as text
	kindBool                     // true, false or unset, chosen
	kindChoice                   // one of an enum's values, chosen
	kindList                     // an array of scalars, one item per line
	kindJSON                     // any value, typed as JSON
	kindObject                   // a heading for the fields nested under it
	kindMulti                    // some of an enum's values, picked (an array)
)

// formField is one input of a form built from a JSON schema: an argument
// of a tool call, or a question of an elicitation. Its text is sanitised.
type formField struct {
	path     fieldpath.Path // property steps from the object's root (input side)
	title    string         // the label: the property's name (or title)
	desc     string         // what the schema says of it, as plain text
	kind     fieldKind
	required bool
	// item is a list's item kind (kindString, kindNumber, kindInteger,
	// kindBool).
	item fieldKind
	// choices are a kindChoice's or kindMulti's values, as JSON texts,
	// with their labels.
	choices []fieldChoice
	// value is the text the field starts with (its default), as the
	// field's input holds it (see formValue).
	value string
	// hint is an example, shown as a placeholder while the field is empty.
	hint string
	// why says why a kindJSON field is edited as JSON.
	why string
}

// fieldChoice is one value a choice allows.
type fieldChoice struct {
	json  string // the value as JSON ("\"open\"", "3")
	label string
}

// maxTextLength is the maxLength from which a string gets a text area.
const maxTextLength = 1000

// schemaFields reads a tool's input schema into form fields: its
// properties in declared order, an object's own properties nested one
// level under a heading, and anything the form cannot type (unions,
// deeper objects, arrays of objects, several types) as a JSON field.
func schemaFields(in *model.Schema) []formField {
	if in == nil || in.Root().Shape != model.Object {
		return nil
	}
	props := in.Doc().Get("properties")
	return objectFields(in.Root(), props, fieldpath.Root(fieldpath.Input), 0)
}

// objectFields lists the fields of an object's properties; raw is the
// object's "properties" as written (for examples), nil behind a $ref.
func objectFields(obj *model.Node, raw *model.Value, parent fieldpath.Path, depth int) []formField {
	var out []formField
	for i, p := range obj.Props {
		node := obj.Child(i)
		var rawProp *model.Value
		if raw != nil {
			rawProp = raw.Get(p.Name)
		}
		path := parent.Prop(p.Name)
		f := formField{path: path, title: model.SanitizeLine(p.Name), required: p.Required,
			desc: model.SanitizeLine(summarizer.PlainText(node.Description))}
		if node.Default != nil {
			f.value = valueText(node.Default)
		}
		if ex := firstExample(rawProp); ex != nil {
			f.hint = model.SanitizeLine(string(ex.AppendJSON(nil)))
			if ex.Kind == model.JSONString {
				f.hint = model.SanitizeLine(ex.Str)
			}
		}
		if depth == 0 && node.Shape == model.Object && node.KnownKeys && len(node.Props) > 0 && node.Default == nil {
			f.kind = kindObject
			out = append(out, f)
			var rawChildren *model.Value
			if rawProp != nil {
				rawChildren = rawProp.Get("properties")
			}
			out = append(out, objectFields(node, rawChildren, path, depth+1)...)
			continue
		}
		typeField(&f, node)
		if f.kind == kindJSON && node.Default != nil {
			f.value = model.SanitizeLine(string(node.Default.AppendJSON(nil)))
		}
		out = append(out, f)
	}
	return out
}

// typeField sets the field's kind from its resolved schema.
func typeField(f *formField, n *model.Node) {
	if choices := titledConsts(n); choices != nil {
		f.kind, f.choices = kindChoice, choices
		if f.value != "" && n.Default != nil {
			f.value = string(n.Default.AppendJSON(nil))
		}
		return
	}
	switch {
	case len(n.Enum) > 0:
		f.kind, f.choices = kindChoice, enumChoices(n.Enum)
		if f.value != "" && n.Default != nil {
			f.value = string(n.Default.AppendJSON(nil))
		}
	case n.Shape == model.Scalar && len(n.Types) == 1:
		f.kind = scalarKind(n.Types[0])
		if f.kind == kindString && maxLength(n) >= maxTextLength {
			f.kind = kindText
		}
		if f.kind == kindJSON {
			f.why = n.Types[0]
		}
	case n.Shape == model.Array:
		item := n.Items()
		if choices := titledConsts(item); choices != nil {
			f.kind, f.choices = kindMulti, choices
			if n.Default != nil && n.Default.Kind == model.JSONArray {
				f.value = jsonLines(n.Default)
			}
			return
		}
		if len(item.Enum) > 0 {
			f.kind, f.choices = kindMulti, enumChoices(item.Enum)
			if n.Default != nil && n.Default.Kind == model.JSONArray {
				f.value = jsonLines(n.Default)
			}
			return
		}
		if item.Shape == model.Scalar && len(item.Types) == 1 && scalarKind(item.Types[0]) != kindJSON {
			f.kind, f.item = kindList, scalarKind(item.Types[0])
			if n.Default != nil {
				f.value = listText(n.Default)
			}
			return
		}
		f.kind, f.why = kindJSON, "an array of "+item.Label()
	case n.Shape == model.Union:
		f.kind, f.why = kindJSON, "one of several shapes"
	case n.Shape == model.Object:
		f.kind, f.why = kindJSON, "an object"
	case n.Shape == model.Scalar:
		f.kind, f.why = kindJSON, n.BaseLabel()
	default:
		f.kind, f.why = kindJSON, "any value"
	}
}

// enumChoices are an enum's values as choices, labelled as typed.
func enumChoices(enum []*model.Value) []fieldChoice {
	out := make([]fieldChoice, len(enum))
	for i, v := range enum {
		out[i] = fieldChoice{json: string(v.AppendJSON(nil)), label: model.SanitizeLine(valueText(v))}
	}
	return out
}

// titledConsts are the choices of a oneOf or anyOf whose every
// alternative is one const, labelled with its title (else as typed); nil
// for any other schema.
func titledConsts(n *model.Node) []fieldChoice {
	if len(n.Alts) == 0 {
		return nil
	}
	out := make([]fieldChoice, len(n.Alts))
	for i := range n.Alts {
		alt := n.Alt(i)
		if len(alt.Enum) != 1 {
			return nil
		}
		label := model.SanitizeLine(alt.Title)
		if label == "" {
			label = model.SanitizeLine(valueText(alt.Enum[0]))
		}
		out[i] = fieldChoice{json: string(alt.Enum[0].AppendJSON(nil)), label: label}
	}
	return out
}

// jsonLines is an array's items as JSON, one per line: a multiple
// choice's text.
func jsonLines(v *model.Value) string {
	lines := make([]string, len(v.Items))
	for i, it := range v.Items {
		lines[i] = string(it.AppendJSON(nil))
	}
	return strings.Join(lines, "\n")
}

func scalarKind(t string) fieldKind {
	switch t {
	case "string":
		return kindString
	case "number":
		return kindNumber
	case "integer":
		return kindInteger
	case "boolean":
		return kindBool
	}
	return kindJSON
}

func maxLength(n *model.Node) int {
	for _, k := range n.Constraints {
		if k.Name == "maxLength" && k.Value.Kind == model.JSONNumber {
			n, _ := strconv.Atoi(k.Value.Str)
			return n
		}
	}
	return 0
}

// firstExample is the first of a property's own "examples", or nil.
func firstExample(prop *model.Value) *model.Value {
	if prop == nil {
		return nil
	}
	if ex := prop.Get("examples"); ex != nil && ex.Kind == model.JSONArray && len(ex.Items) > 0 {
		return ex.Items[0]
	}
	return nil
}

// valueText is a scalar as a person types it: a string's text, a number's
// literal, true or false; other values as JSON. Sanitised.
func valueText(v *model.Value) string {
	switch v.Kind {
	case model.JSONString:
		return model.SanitizeLine(v.Str)
	case model.JSONNumber:
		return v.Str
	case model.JSONBool:
		if v.Bool {
			return "true"
		}
		return "false"
	}
	return model.SanitizeLine(string(v.AppendJSON(nil)))
}

// listText is an array of scalars one item per line.
func listText(v *model.Value) string {
	if v.Kind != model.JSONArray {
		return ""
	}
	lines := make([]string, len(v.Items))
	for i, it := range v.Items {
		lines[i] = valueText(it)
	}
	return strings.Join(lines, "\n")
}

// elicitFields reads an elicitation's requested schema into form fields:
// a choice (titled or not) is a picker that shows the titles and answers
// the values, a multiple choice a picker of several.
func elicitFields(fields []mcpclient.ElicitField) []formField {
	out := make([]formField, 0, len(fields))
	for _, e := range fields {
		f := formField{path: fieldpath.Root(fieldpath.Input).Prop(e.Name), title: e.Label(), desc: e.Description, required: e.Required}
		for _, c := range e.Choices {
			label := c.Title
			if label == "" {
				label = c.Value
			}
			f.choices = append(f.choices, fieldChoice{json: quoteJSON(c.Value), label: label})
		}
		switch {
		case e.Type == "array" && len(e.Choices) > 0:
			f.kind = kindMulti
		case e.Type == "array":
			f.kind, f.item = kindList, kindString
		case len(e.Choices) > 0:
			f.kind = kindChoice
		default:
			f.kind = scalarKind(e.Type)
		}
		if e.Format != "" {
			f.hint = formatHint(e.Format)
			f.desc = strings.TrimSpace(f.desc + " Format: " + e.Format + ".")
		}
		if e.Default != nil {
			f.value = model.SanitizeLine(defaultText(e.Default))
			switch f.kind {
			case kindChoice:
				f.value = quoteJSON(f.value)
			case kindMulti:
				var lines []string
				for line := range strings.SplitSeq(defaultText(e.Default), "\n") {
					lines = append(lines, quoteJSON(model.SanitizeLine(line)))
				}
				f.value = strings.Join(lines, "\n")
			}
		}
		out = append(out, f)
	}
	return out
}

// formatHint is an example of a string format, shown while the field is
// empty.
func formatHint(format string) string {
	switch format {
	case "email":
		return "name@example.com"
	case "uri":
		return "https://example.com/"
	case "date":
		return "2026-05-01"
	case "date-time":
		return "2026-05-01T09:30:00Z"
	}
	return format
}

// defaultText is an elicitation default as a field's text.
func defaultText(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case []any:
		parts := make([]string, len(v))
		for i, it := range v {
			parts[i] = defaultText(it)
		}
		return strings.Join(parts, "\n")
	}
	b, _ := json.Marshal(v)
	return string(b)
}

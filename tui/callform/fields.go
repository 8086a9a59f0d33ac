package callform

import (
	"encoding/json"
	"strconv"
	"strings"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/model/fieldpath"
	"mcpeek/summarizer"
)

// Kind is what input a form field gets, and how its text becomes a
// JSON value.
type Kind int

const (
	KindString  Kind = iota // one line of text
	KindText                // several lines of text
	KindNumber              // a number typed as text
	KindInteger             // a whole number typed as text
	KindBool                // true, false or unset, chosen
	KindChoice              // one of an enum's values, chosen
	KindList                // an array of scalars, one item per line
	KindJSON                // any value, typed as JSON
	KindObject              // a heading for the fields nested under it
	KindMulti               // some of an enum's values, picked (an array)
)

// Field is one input of a form built from a JSON schema: an argument
// of a tool call, or a question of an elicitation. Its text is sanitised.
type Field struct {
	Path     fieldpath.Path // property steps from the object's root (input side)
	Title    string         // the label: the property's name (or title)
	Desc     string         // what the schema says of it, as plain text
	Kind     Kind
	Required bool
	// Item is a list's item kind (KindString, KindNumber, KindInteger,
	// KindBool).
	Item Kind
	// Choices are a KindChoice's or KindMulti's values, as JSON texts,
	// with their labels.
	Choices []Choice
	// Value is the text the field starts with (its default), as the
	// field's input holds it (see fieldText).
	Value string
	// Hint is an example, shown as a placeholder while the field is empty.
	Hint string
	// Why says why a KindJSON field is edited as JSON.
	Why string
}

// Choice is one value a choice allows.
type Choice struct {
	JSON  string // the value as JSON ("\"open\"", "3")
	Label string
}

// maxTextLength is the maxLength from which a string gets a text area.
const maxTextLength = 1000

// SchemaFields reads a tool's input schema into form fields: its
// properties in declared order, an object's own properties nested one
// level under a heading, and anything the form cannot type (unions,
// deeper objects, arrays of objects, several types) as a JSON field.
func SchemaFields(in *model.Schema) []Field {
	if in == nil || in.Root().Shape != model.Object {
		return nil
	}
	props := in.Doc().Get("properties")
	return objectFields(in.Root(), props, fieldpath.Root(fieldpath.Input), 0)
}

// objectFields lists the fields of an object's properties; raw is the
// object's "properties" as written (for examples), nil behind a $ref.
func objectFields(obj *model.Node, raw *model.Value, parent fieldpath.Path, depth int) []Field {
	var out []Field
	for i, p := range obj.Props {
		node := obj.Child(i)
		var rawProp *model.Value
		if raw != nil {
			rawProp = raw.Get(p.Name)
		}
		path := parent.Prop(p.Name)
		f := Field{Path: path, Title: model.SanitizeLine(p.Name), Required: p.Required,
			Desc: model.SanitizeLine(summarizer.PlainText(node.Description))}
		if node.Default != nil {
			f.Value = valueText(node.Default)
		}
		if ex := firstExample(rawProp); ex != nil {
			f.Hint = model.SanitizeLine(string(ex.AppendJSON(nil)))
			if ex.Kind == model.JSONString {
				f.Hint = model.SanitizeLine(ex.Str)
			}
		}
		if depth == 0 && node.Shape == model.Object && node.KnownKeys && len(node.Props) > 0 && node.Default == nil {
			f.Kind = KindObject
			out = append(out, f)
			var rawChildren *model.Value
			if rawProp != nil {
				rawChildren = rawProp.Get("properties")
			}
			out = append(out, objectFields(node, rawChildren, path, depth+1)...)
			continue
		}
		typeField(&f, node)
		if f.Kind == KindJSON && node.Default != nil {
			f.Value = model.SanitizeLine(string(node.Default.AppendJSON(nil)))
		}
		out = append(out, f)
	}
	return out
}

// typeField sets the field's kind from its resolved schema.
func typeField(f *Field, n *model.Node) {
	if choices := titledConsts(n); choices != nil {
		f.Kind, f.Choices = KindChoice, choices
		if f.Value != "" && n.Default != nil {
			f.Value = string(n.Default.AppendJSON(nil))
		}
		return
	}
	switch {
	case len(n.Enum) > 0:
		f.Kind, f.Choices = KindChoice, enumChoices(n.Enum)
		if f.Value != "" && n.Default != nil {
			f.Value = string(n.Default.AppendJSON(nil))
		}
	case n.Shape == model.Scalar && len(n.Types) == 1:
		f.Kind = scalarKind(n.Types[0])
		if f.Kind == KindString && maxLength(n) >= maxTextLength {
			f.Kind = KindText
		}
		if f.Kind == KindJSON {
			f.Why = n.Types[0]
		}
	case n.Shape == model.Array:
		item := n.Items()
		if choices := titledConsts(item); choices != nil {
			f.Kind, f.Choices = KindMulti, choices
			if n.Default != nil && n.Default.Kind == model.JSONArray {
				f.Value = jsonLines(n.Default)
			}
			return
		}
		if len(item.Enum) > 0 {
			f.Kind, f.Choices = KindMulti, enumChoices(item.Enum)
			if n.Default != nil && n.Default.Kind == model.JSONArray {
				f.Value = jsonLines(n.Default)
			}
			return
		}
		if item.Shape == model.Scalar && len(item.Types) == 1 && scalarKind(item.Types[0]) != KindJSON {
			f.Kind, f.Item = KindList, scalarKind(item.Types[0])
			if n.Default != nil {
				f.Value = listText(n.Default)
			}
			return
		}
		f.Kind, f.Why = KindJSON, "an array of "+item.Label()
	case n.Shape == model.Union:
		f.Kind, f.Why = KindJSON, "one of several shapes"
	case n.Shape == model.Object:
		f.Kind, f.Why = KindJSON, "an object"
	case n.Shape == model.Scalar:
		f.Kind, f.Why = KindJSON, n.BaseLabel()
	default:
		f.Kind, f.Why = KindJSON, "any value"
	}
}

// enumChoices are an enum's values as choices, labelled as typed.
func enumChoices(enum []*model.Value) []Choice {
	out := make([]Choice, len(enum))
	for i, v := range enum {
		out[i] = Choice{JSON: string(v.AppendJSON(nil)), Label: model.SanitizeLine(valueText(v))}
	}
	return out
}

// titledConsts are the choices of a oneOf or anyOf whose every
// alternative is one const, labelled with its title (else as typed); nil
// for any other schema.
func titledConsts(n *model.Node) []Choice {
	if len(n.Alts) == 0 {
		return nil
	}
	out := make([]Choice, len(n.Alts))
	for i := range n.Alts {
		alt := n.Alt(i)
		if len(alt.Enum) != 1 {
			return nil
		}
		label := model.SanitizeLine(alt.Title)
		if label == "" {
			label = model.SanitizeLine(valueText(alt.Enum[0]))
		}
		out[i] = Choice{JSON: string(alt.Enum[0].AppendJSON(nil)), Label: label}
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

func scalarKind(t string) Kind {
	switch t {
	case "string":
		return KindString
	case "number":
		return KindNumber
	case "integer":
		return KindInteger
	case "boolean":
		return KindBool
	}
	return KindJSON
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

// ElicitFields reads an elicitation's requested schema into form fields:
// a choice (titled or not) is a picker that shows the titles and answers
// the values, a multiple choice a picker of several.
func ElicitFields(fields []mcpclient.ElicitField) []Field {
	out := make([]Field, 0, len(fields))
	for _, e := range fields {
		f := Field{Path: fieldpath.Root(fieldpath.Input).Prop(e.Name), Title: e.Label(), Desc: e.Description, Required: e.Required}
		for _, c := range e.Choices {
			label := c.Title
			if label == "" {
				label = c.Value
			}
			f.Choices = append(f.Choices, Choice{JSON: quoteJSON(c.Value), Label: label})
		}
		switch {
		case e.Type == "array" && len(e.Choices) > 0:
			f.Kind = KindMulti
		case e.Type == "array":
			f.Kind, f.Item = KindList, KindString
		case len(e.Choices) > 0:
			f.Kind = KindChoice
		default:
			f.Kind = scalarKind(e.Type)
		}
		if e.Format != "" {
			f.Hint = formatHint(e.Format)
			f.Desc = strings.TrimSpace(f.Desc + " Format: " + e.Format + ".")
		}
		if e.Default != nil {
			f.Value = model.SanitizeLine(defaultText(e.Default))
			switch f.Kind {
			case KindChoice:
				f.Value = quoteJSON(f.Value)
			case KindMulti:
				var lines []string
				for line := range strings.SplitSeq(defaultText(e.Default), "\n") {
					lines = append(lines, quoteJSON(model.SanitizeLine(line)))
				}
				f.Value = strings.Join(lines, "\n")
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

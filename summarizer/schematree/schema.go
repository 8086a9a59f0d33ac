package schematree

import (
	"encoding/json"
	"strings"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
	"mcpeek/summarizer"
)

// schemaData is what the schema tree's loader needs to open a line: the
// node's schema (arrays unwrapped), and where it is in its document.
type schemaData struct {
	node  *model.Node // arrays unwrapped
	prop  *model.Node // the property's own schema, before unwrapping
	route Route
}

// leafData is a leaf's schema: a leaf never opens, so it needs no route.
// Most of a big tree's lines are leaves; when the property's schema is
// the one it leads to, the leaf keeps the *model.Node alone, which costs
// no allocation.
type leafData struct {
	node, prop *model.Node
}

// newLeafData is the data of a leaf line whose property's schema is prop
// and whose arrays lead to term.
func newLeafData(term, prop *model.Node) any {
	if prop == term {
		return term
	}
	return &leafData{node: term, prop: prop}
}

// SchemaNodes are the schema of a schema-tree line: the property's own
// (its description, array constraints) and the one its arrays lead to
// (type, format, enum, constraints). ok is false for lines of other trees
// and notes.
func (n *Node) SchemaNodes() (prop, term *model.Node, ok bool) {
	switch d := n.data.(type) {
	case *model.Node:
		return d, d, d != nil
	case *leafData:
		return d.prop, d.node, true
	case *schemaData:
		if d == nil || d.node == nil {
			return nil, nil, false
		}
		prop = d.prop
		if prop == nil {
			prop = d.node
		}
		return prop, d.node, true
	}
	return nil, nil, false
}

// schemaLoader opens lines of the full schema tree, resolving $refs only
// when a line is opened.
type schemaLoader struct {
	schema *model.Schema
	// sentences keeps each description's sanitised first sentence, by
	// the description: the lines of one $ref target share one string.
	sentences map[string]string
}

// sentence is a description's first sentence, sanitised, once per text.
func (l schemaLoader) sentence(desc string) string {
	if desc == "" {
		return ""
	}
	if s, ok := l.sentences[desc]; ok {
		return s
	}
	s := model.SanitizeLine(summarizer.FirstSentence(desc))
	if l.sentences != nil {
		l.sentences[desc] = s
	}
	return s
}

// AnyKey names the line of an object's additionalProperties schema.
const AnyKey = fieldpath.AnyKey

func (l schemaLoader) Load(n *Node) []*Node {
	d, _ := n.data.(*schemaData)
	if d == nil || d.node == nil {
		return nil
	}
	sn := d.node
	ancestors := ancestorKeys(n)
	var kids []*Node
	switch sn.Shape {
	case model.Object:
		for i, p := range sn.Props {
			child := sn.Child(i)
			k := l.childNode(n.Path.Prop(p.Name), p.Name, child, ancestors, KindField, d.route.to(stepProp, i))
			k.Required = p.Required
			kids = append(kids, k)
		}
		if ap := sn.AdditionalProperties(); ap != nil && ap.Shape != model.Any {
			kids = append(kids, l.childNode(n.Path.AnyKey(), AnyKey, ap, ancestors, KindField, d.route.to(stepAdditional, 0)))
		}
	case model.Union:
		for i, a := range sn.Alts {
			kids = append(kids, l.childNode(n.Path.Alt(a.Name), a.Name, sn.Alt(i), ancestors, KindAlt, d.route.to(stepAlt, i)))
		}
	}
	return kids
}

// childNode makes the line of one property or alternative.
func (l schemaLoader) childNode(path fieldpath.Path, name string, child *model.Node, ancestors map[int32]bool, kind Kind, route Route) *Node {
	refs := append([]int32(nil), child.Refs...)
	term, levels := child.Unwrap(&refs)
	seg := name + fieldpath.Arrays(levels)
	desc := child.Description
	if desc == "" {
		desc = term.Description
	}
	r := Row{
		Kind:   kind,
		Name:   model.SanitizeLine(seg),
		Path:   path.Items(levels),
		Type:   term.Label(),
		Count:  -1,
		Format: model.SanitizeLine(term.Format),
		Enum:   enumValues(term.Enum),
		Desc:   l.sentence(desc),
	}
	if len(refs) > 0 {
		r.Note = "→ " + model.SanitizeLine(l.schema.RefName(refs[len(refs)-1]))
	}
	count := childCount(term)
	if term.Shape == model.Object && !term.KnownKeys && count == 0 {
		r.Note = strings.TrimSpace("unknown keys  " + r.Note)
	}
	if count == 0 {
		return NewNode(r, false, newLeafData(term, child))
	}
	r.Count = count
	n := NewNode(r, true, &schemaData{node: term, prop: child, route: route})
	if repeats(child, ancestors) {
		n.Row.Kind = KindRecursive
		n.Row.Note = strings.TrimSpace("recursive " + r.Note)
		n.MarkCycle()
	}
	return n
}

// childCount is how many lines opening a node shows.
func childCount(n *model.Node) int {
	switch n.Shape {
	case model.Object:
		c := len(n.Props)
		if ap := n.AdditionalProperties(); ap != nil && ap.Shape != model.Any {
			c++
		}
		return c
	case model.Union:
		return len(n.Alts)
	}
	return 0
}

// enumValues writes up to a few enum values of a schema node.
func enumValues(vals []*model.Value) string {
	raw := make([]json.RawMessage, len(vals))
	for i, v := range vals {
		raw[i] = v.AppendJSON(nil)
	}
	return enumText(raw)
}

// Section makes the top line of one side's schema, titled "output" or
// "input", unfolded one level. A nil schema gives a note line.
func Section(side fieldpath.Side, s *model.Schema, note string) *Node {
	title := side.String()
	if s == nil {
		return NewNode(Row{Kind: KindSection, Name: title, Path: fieldpath.Root(side), Note: note, Count: -1}, false, nil)
	}
	root := s.Root()
	refs := append([]int32(nil), root.Refs...)
	term, levels := root.Unwrap(&refs)
	r := Row{Kind: KindSection, Name: title + fieldpath.Arrays(levels), Path: fieldpath.Root(side).Items(levels),
		Type: term.Label(), Count: -1, Note: note, Desc: model.SanitizeLine(summarizer.FirstSentence(root.Description))}
	if c := childCount(term); c > 0 {
		r.Count = c
		return NewNode(r, true, &schemaData{node: term, route: Route{Section: title}})
	}
	return NewNode(r, false, nil)
}

// NewSchema builds the schema-aware tree of a tool's output and input
// schemas, each unfolded one level; everything deeper loads on demand.
func NewSchema(out, in *model.Schema, outNote, inNote string) *Tree {
	// One loader per section: each resolves against its own document.
	o := Section(fieldpath.Output, out, outNote)
	i := Section(fieldpath.Input, in, inNote)
	sentences := map[string]string{}
	t := NewTree(LoaderFunc(func(n *Node) []*Node {
		for a := n; a != nil; a = a.parent {
			switch a {
			case o:
				return schemaLoader{schema: out, sentences: sentences}.Load(n)
			case i:
				return schemaLoader{schema: in, sentences: sentences}.Load(n)
			}
		}
		return nil
	}), o, i)
	// Input first lines are the arguments: open both sections.
	t.Expand(i)
	t.Expand(o)
	t.Top()
	return t
}

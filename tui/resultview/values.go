package resultview

import (
	"strconv"
	"strings"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/uitext"
)

// A call result's values are drawn as schematree lines, so that the result
// view folds, searches and copies like the schema and summary views. A
// value line keeps its value and where it sits in the result: the path in
// the schema's notation (Row.Path: "line_items[].price_set", every item of
// an array on one path) and the concrete JSON pointer and jq path of this
// very value ("/line_items/0/price_set", ".line_items[0].price_set").

// ValueLine is what a value line was made with.
type ValueLine struct {
	V       *model.Value
	Pointer string // JSON pointer from the root of the value shown
	JQ      string // jq path from the same root; "" is the root (".")
	// Envelope says V is a result whose fields sit under "data": the
	// schema paths start inside it.
	Envelope bool
	// Parent is the value V is a member or an item of (nil at the root),
	// Key its name in an object parent: the way down from the root, as a
	// calls file's path names it (A).
	Parent *ValueLine
	Key    string
}

// MaxValueKids bounds the lines one container opens into; a "*" line
// counts the rest. Opening is lazy, so a big array costs nothing until
// it is opened, and then this many lines at most.
const MaxValueKids = 1000

// maxLeafText bounds the text kept of a leaf (the line is cut to the
// screen's width anyway; details and Y copy the whole value).
const maxLeafText = 512

// ValueNode makes the line of value v named name, at schema path path.
func ValueNode(name string, path fieldpath.Path, d *ValueLine) *schematree.Node {
	r := schematree.Row{Kind: schematree.KindField, Name: model.SanitizeLine(name), Path: path, Count: -1}
	v := d.V
	switch v.Kind {
	case model.JSONObject:
		r.Type, r.Note = "object", uitext.Plural(len(v.Members), "key")
		return schematree.NewNode(r, len(v.Members) > 0, d)
	case model.JSONArray:
		r.Type, r.Note = "array", uitext.Plural(len(v.Items), "item")
		return schematree.NewNode(r, len(v.Items) > 0, d)
	}
	r.Type = LeafText(v)
	return schematree.NewNode(r, false, d)
}

// LeafText writes a scalar as JSON, sanitised and cut to maxLeafText.
func LeafText(v *model.Value) string {
	s := string(v.AppendJSON(nil))
	if len(s) > maxLeafText {
		s = strings.ToValidUTF8(s[:maxLeafText], "") + "…"
	}
	return model.SanitizeLine(s)
}

// LoadValue materialises the children of a value line: an object's
// members in their order, an array's items as [0], [1]... on the array's
// path with "[]" added.
func LoadValue(n *schematree.Node) []*schematree.Node {
	d, ok := n.Data().(*ValueLine)
	if !ok {
		return nil
	}
	return ValueKids(n.Path, d)
}

// ValueKids are the lines of a value's members or items, under path.
func ValueKids(path fieldpath.Path, d *ValueLine) []*schematree.Node {
	var kids []*schematree.Node
	switch d.V.Kind {
	case model.JSONObject:
		for i, m := range d.V.Members {
			if i == MaxValueKids {
				kids = append(kids, moreValues(path, len(d.V.Members)-i, "key"))
				break
			}
			at := path.Prop(m.Name)
			if d.Envelope && m.Name == "data" {
				at = fieldpath.Root(fieldpath.Output)
			}
			kids = append(kids, ValueNode(m.Name, at, &ValueLine{
				V: m.Value, Pointer: d.Pointer + "/" + fieldpath.EscapeToken(m.Name), JQ: d.JQ + jqKey(m.Name), Parent: d, Key: m.Name}))
		}
	case model.JSONArray:
		for i, item := range d.V.Items {
			if i == MaxValueKids {
				kids = append(kids, moreValues(path.Items(1), len(d.V.Items)-i, "item"))
				break
			}
			idx := strconv.Itoa(i)
			kids = append(kids, ValueNode("["+idx+"]", path.Items(1), &ValueLine{
				V: item, Pointer: d.Pointer + "/" + idx, JQ: d.JQ + "[" + idx + "]", Parent: d}))
		}
	}
	return kids
}

// moreValues is the "*" line of the members or items not opened.
func moreValues(path fieldpath.Path, n int, word string) *schematree.Node {
	return schematree.NewNode(schematree.Row{Kind: schematree.KindMore, Name: "*", Path: path, Count: -1,
		Note: uitext.Plural(n, "more "+word) + " not shown"}, false, nil)
}

// jqKey is the jq step to a key: ".name", or `.["a-b"]` when the key is
// not a plain name.
func jqKey(s string) string {
	plain := s != ""
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			plain = false
			break
		}
	}
	if plain {
		return "." + s
	}
	return ".[" + strconv.Quote(s) + "]"
}

// ValueOf is the value data of a line, if it is a value's.
func ValueOf(n *schematree.Node) (*ValueLine, bool) {
	if n == nil {
		return nil, false
	}
	d, ok := n.Data().(*ValueLine)
	return d, ok
}

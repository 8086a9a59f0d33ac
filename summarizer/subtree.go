package summarizer

import (
	"bytes"
	"encoding/json"
	"slices"

	"mcpeek/model"
)

// Subtree is a node's whole subtree written out as JSON Schema: what it
// would cost to dump it into a prompt instead of folding it.
type Subtree struct {
	// JSON is compact JSON Schema: $refs inlined, a $ref already on the
	// path written as {"$ref": ...} (recursion), descriptions whole.
	JSON []byte
	// Nodes is how many schema nodes were written.
	Nodes int
	// Depth is how many levels of lines lie below the node (1: only its
	// children).
	Depth int
	// Capped is true when model.ScanCap nodes or SubtreeByteCap bytes were
	// written and the rest left out: the real cost is higher.
	Capped bool
}

// SubtreeByteCap bounds what WriteSubtree writes (and so what counting its
// tokens costs: about 20 ms for cl100k). Past it, a subtree costs "at
// least" this much, which is all a prompt budget needs to know.
const SubtreeByteCap = 256 << 10

// WriteSubtree writes n's subtree out (n from s). It visits at most
// model.ScanCap nodes and writes about SubtreeByteCap bytes at most, so
// its cost is bounded whatever the schema.
func WriteSubtree(s *model.Schema, n *model.Node) Subtree {
	w := subtreeWriter{schema: s}
	w.node(n, 0)
	return Subtree{JSON: w.buf.Bytes(), Nodes: w.nodes, Depth: w.depth, Capped: w.capped}
}

type subtreeWriter struct {
	schema *model.Schema
	buf    bytes.Buffer
	onPath []int32
	nodes  int
	depth  int
	capped bool
}

// node writes one schema at line level d (n's children are at d+1).
func (w *subtreeWriter) node(n *model.Node, d int) {
	if w.nodes >= model.ScanCap || w.buf.Len() >= SubtreeByteCap {
		w.capped = true
		w.buf.WriteString("{}")
		return
	}
	w.nodes++
	w.depth = max(w.depth, d)
	// The recursion rule: a node whose primary $ref is already on the path
	// is written as that $ref (an array's items are checked in their turn).
	if p := n.PrimaryRef(); n.Shape != model.Array && p != 0 && slices.Contains(w.onPath, p) {
		w.buf.WriteString(`{"$ref":`)
		w.str(w.schema.RefName(p))
		w.buf.WriteString(`}`)
		return
	}
	mark := len(w.onPath)
	w.onPath = append(w.onPath, n.Refs...)
	defer func() { w.onPath = w.onPath[:mark] }()

	w.buf.WriteByte('{')
	first := true
	field := func(name string) {
		if !first {
			w.buf.WriteByte(',')
		}
		first = false
		w.str(name)
		w.buf.WriteByte(':')
	}
	types := func(names ...string) {
		if n.Nullable && !slices.Contains(names, "null") {
			names = append(names, "null")
		}
		field("type")
		if len(names) == 1 {
			w.str(names[0])
			return
		}
		w.buf.WriteByte('[')
		for i, t := range names {
			if i > 0 {
				w.buf.WriteByte(',')
			}
			w.str(t)
		}
		w.buf.WriteByte(']')
	}
	switch n.Shape {
	case model.Scalar:
		types(n.Types...)
	case model.Object:
		types("object")
	case model.Array:
		types("array")
	}
	if n.Description != "" {
		field("description")
		w.str(n.Description)
	}
	if n.Format != "" {
		field("format")
		w.str(n.Format)
	}
	if len(n.Enum) > 0 {
		field("enum")
		w.buf.WriteByte('[')
		for i, v := range n.Enum {
			if i > 0 {
				w.buf.WriteByte(',')
			}
			w.buf.Write(v.AppendJSON(nil))
		}
		w.buf.WriteByte(']')
	}
	if n.Default != nil {
		field("default")
		w.buf.Write(n.Default.AppendJSON(nil))
	}
	switch n.Shape {
	case model.Array:
		field("items")
		w.node(n.Items(), d) // arrays are not a level of their own
	case model.Object:
		if n.KnownKeys {
			field("properties")
			w.buf.WriteByte('{')
			var required []string
			for i, p := range n.Props {
				if i > 0 {
					w.buf.WriteByte(',')
				}
				w.str(p.Name)
				w.buf.WriteByte(':')
				w.node(n.Child(i), d+1)
				if p.Required {
					required = append(required, p.Name)
				}
			}
			w.buf.WriteByte('}')
			if len(required) > 0 {
				field("required")
				w.buf.WriteByte('[')
				for i, r := range required {
					if i > 0 {
						w.buf.WriteByte(',')
					}
					w.str(r)
				}
				w.buf.WriteByte(']')
			}
		}
		if ap := n.AdditionalProperties(); ap != nil {
			field("additionalProperties")
			w.node(ap, d+1)
		}
	case model.Union:
		field("anyOf")
		w.buf.WriteByte('[')
		for i := range n.Alts {
			if i > 0 {
				w.buf.WriteByte(',')
			}
			w.node(n.Alt(i), d+1)
		}
		w.buf.WriteByte(']')
	}
	w.buf.WriteByte('}')
}

func (w *subtreeWriter) str(s string) {
	b, _ := json.Marshal(s)
	w.buf.Write(b)
}

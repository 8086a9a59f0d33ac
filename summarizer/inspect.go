package summarizer

import (
	"encoding/json"
	"unicode"
	"unicode/utf8"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
)

// Inspection is the answer of inspect_tool_output for one field path.
type Inspection struct {
	ToolID    string `json:"tool_id,omitempty"` // the tool's model.ToolID written out
	FieldPath string `json:"field_path"`
	// Path is FieldPath as a value.
	Path            fieldpath.Path `json:"-"`
	NodeType        string         `json:"node_type"`
	Description     string         `json:"description,omitempty"`
	Children        []Child        `json:"children"`
	FlattenedFields []string       `json:"flattened_fields"`
	// Flattened are the flattened_fields as values, for front ends.
	Flattened        []Line `json:"-"`
	TotalChildFields int    `json:"total_child_fields"`
	Truncated        bool   `json:"truncated"`
}

// Child is one immediate child of an inspected node (a property, or a
// union's alternative).
type Child struct {
	// Name is the property's name (or the alternative's) as it is, then
	// "[]" per array level: "variants[]", "a.x".
	Name string `json:"name"`
	// Path is the child's absolute path.
	Path        fieldpath.Path    `json:"-"`
	Type        string            `json:"type"`
	Children    *int              `json:"children,omitempty"`
	UnknownKeys bool              `json:"unknown_keys,omitempty"`
	Required    bool              `json:"required,omitempty"`
	Description string            `json:"description,omitempty"`
	Enum        []json.RawMessage `json:"enum,omitempty"`
	Format      string            `json:"format,omitempty"`
}

// maxEnumValues is the most enum values a child lists.
const maxEnumValues = 20

// maxDescription is the longest description (in characters) a child carries.
const maxDescription = 160

// Inspect answers inspect_tool_output(field_path) for a schema: the node's
// immediate children and a flattened preview of its subtree: the children,
// then the Tier 1 leaves two levels down, then the rest breadth-first.
// The error, for a path that names nothing, is a *PathError.
func Inspect(s *model.Schema, fieldPath string, opts Options) (Inspection, error) {
	t, err := Locate(s, fieldPath)
	if err != nil {
		return Inspection{}, err
	}
	return inspectTarget(t, opts), nil
}

// InspectPath is Inspect for a Path a program holds (a line's, a
// child's), resolved by LocatePath.
func InspectPath(s *model.Schema, path fieldpath.Path, opts Options) (Inspection, error) {
	t, err := LocatePath(s, path)
	if err != nil {
		return Inspection{}, err
	}
	return inspectTarget(t, opts), nil
}

// inspectTarget answers for the node a path resolved to.
func inspectTarget(t Target, opts Options) Inspection {
	opts = opts.orDefaults(DefaultInspectMaxField, DefaultInspectMaxDepth)
	n := t.Node
	out := Inspection{
		FieldPath:       t.Path.String(),
		Path:            t.Path,
		NodeType:        nodeType(n),
		Description:     FirstSentence(n.Description),
		Children:        children(t.Path, n),
		FlattenedFields: []string{},
	}
	out.TotalChildFields = len(out.Children)

	// flattened_fields: the subtree breadth-first, chosen in three passes.
	w := newWalker(n, 0, t.keys, opts.MaxDepth)
	sel := selection{max: opts.MaxFields}
	kids := 0
	if w.expanded(0) {
		kids = int(w.entries[0].count)
	}
	// Pass 1: every immediate child.
	for i := 1; i <= kids; i++ {
		sel.choose(i, PassChild)
	}
	// Pass 2: the Tier 1 leaves exactly two levels below, in scan order
	// (a wide object's ids, names and amounts before its first containers'
	// deep fields).
	for i := kids + 1; !sel.full() && w.ensure(i) && w.entries[i].depth == 2; i++ {
		if e := &w.entries[i]; !e.isContainer() && isTier1(e.segment()) {
			sel.choose(i, PassGrandTier1)
		}
	}
	// Pass 3: every other scanned node, in scan order.
	for i := 1; !sel.full() && w.ensure(i); i++ {
		sel.choose(i, PassRest)
	}

	chosen := sel.marks(len(w.entries))
	for _, i := range sel.order {
		e := &w.entries[i]
		fold := e.isContainer() && !w.allChildrenIn(i, chosen)
		rel := w.path(i)
		l := newLine(rel, t.Path, e.node, fold)
		l.Step = sel.step(i)
		out.Truncated = out.Truncated || l.Folded()
		out.Flattened = append(out.Flattened, l)
		out.FlattenedFields = append(out.FlattenedFields, l.String())
	}
	if w.ensure(len(sel.order) + 1) {
		out.Truncated = true // more nodes than lines
	}
	return out
}

func nodeType(n *model.Node) string {
	switch n.Shape {
	case model.Object:
		return "object"
	case model.Union:
		return "union"
	}
	return n.Label()
}

func children(at fieldpath.Path, n *model.Node) []Child {
	out := []Child{}
	switch n.Shape {
	case model.Object:
		for i, p := range n.Props {
			term, levels := n.Child(i).Unwrap(nil)
			c := describeChild(p.Name+fieldpath.Arrays(levels), term)
			c.Path = at.Prop(p.Name).Items(levels)
			c.Required = p.Required
			if own := FirstSentence(n.Child(i).Description); own != "" {
				c.Description = own // the field's words before its item type's
			}
			out = append(out, c)
		}
	case model.Union:
		for i, a := range n.Alts {
			term, levels := n.Alt(i).Unwrap(nil)
			c := describeChild(a.Name+fieldpath.Arrays(levels), term)
			c.Path = at.Alt(a.Name).Items(levels)
			out = append(out, c)
		}
	}
	return out
}

func describeChild(name string, term *model.Node) Child {
	c := Child{Name: name, Type: term.Label(), Description: FirstSentence(term.Description)}
	switch term.Shape {
	case model.Object:
		count := len(term.Props)
		c.Children = &count
		c.UnknownKeys = !term.KnownKeys
	case model.Union:
		count := len(term.Alts)
		c.Children = &count
	default:
		c.Format = term.Format
		for i, v := range term.Enum {
			if i == maxEnumValues {
				break
			}
			c.Enum = append(c.Enum, json.RawMessage(v.AppendJSON(nil)))
		}
	}
	return c
}

// sentenceEnds reports whether the stop at s[i] ends a sentence: it is last,
// or followed by a space and a capital letter or digit ("e.g. a" goes on).
func sentenceEnds(s string, i int) bool {
	if i+1 == len(s) {
		return true
	}
	if s[i+1] != ' ' || i+2 >= len(s) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s[i+2:])
	return unicode.IsUpper(r) || unicode.IsDigit(r) || r == '(' || r == '"'
}

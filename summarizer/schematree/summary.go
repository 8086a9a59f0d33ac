package schematree

import (
	"encoding/json"
	"strconv"
	"strings"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
	"mcpeek/summarizer"
)

// sumData is what the summary tree's loader needs to open a line: the
// path to inspect, the paths already shown beside an overflow line (their
// keys), and the schema node (for recursion marks).
type sumData struct {
	path    fieldpath.Path
	exclude map[fieldpath.Key]bool
	node    *model.Node
}

// summaryLoader opens summary lines with the inspector: a fold shows
// exactly the children inspect_tool_output lists for its path, and the
// "*" line the ones its siblings do not already show.
type summaryLoader struct {
	schema *model.Schema
}

// loadOpts keeps each load cheap: the children do not depend on the
// limits, only the flattened preview (unused here) does.
var loadOpts = summarizer.Options{MaxFields: 1, MaxDepth: 1}

func (l summaryLoader) Load(n *Node) []*Node {
	d, _ := n.data.(*sumData)
	if d == nil {
		return nil
	}
	insp, err := summarizer.InspectPath(l.schema, d.path, loadOpts)
	if err != nil {
		return []*Node{Note(err.Error())}
	}
	ancestors := ancestorKeys(n)
	kids := make([]*Node, 0, len(insp.Children))
	for _, c := range insp.Children {
		if d.exclude[c.Path.Key()] {
			continue
		}
		kids = append(kids, l.childNode(c, ancestors))
	}
	return kids
}

// childNode makes the line of one inspector child.
func (l summaryLoader) childNode(c summarizer.Child, ancestors map[int32]bool) *Node {
	path := c.Path
	r := Row{
		Kind:     KindField,
		Name:     model.SanitizeLine(c.Name),
		Path:     path,
		Type:     c.Type,
		Count:    -1,
		Required: c.Required,
		Format:   model.SanitizeLine(c.Format),
		Enum:     enumText(c.Enum),
		Desc:     model.SanitizeLine(c.Description),
	}
	if s, _, _ := path.Last(); s.Kind == fieldpath.Alternative {
		r.Kind = KindAlt
	}
	switch {
	case c.UnknownKeys:
		r.Note = "unknown keys"
		return NewNode(r, false, nil)
	case c.Children == nil:
		return NewNode(r, false, nil)
	case *c.Children == 0:
		r.Note = "no fields"
		return NewNode(r, false, nil)
	}
	r.Count = *c.Children
	if r.Kind == KindField {
		r.Kind = KindFold
	}
	d := &sumData{path: path}
	if t, err := summarizer.LocatePath(l.schema, path); err == nil {
		d.node = t.Node
	}
	n := NewNode(r, true, d)
	if d.node != nil && repeats(d.node, ancestors) {
		n.Row.Note = "recursive"
		n.Row.Kind = KindRecursive
		n.MarkCycle()
	}
	return n
}

// ancestorKeys collects the $refs that n and the lines above it were
// reached through: the refs on the path, for the recursion rule.
func ancestorKeys(n *Node) map[int32]bool {
	keys := map[int32]bool{}
	for a := n; a != nil; a = a.parent {
		var nodes [2]*model.Node
		switch d := a.data.(type) {
		case *sumData:
			nodes[0] = d.node
		case *schemaData:
			nodes[0], nodes[1] = d.node, d.prop
		}
		for _, sn := range nodes {
			if sn == nil {
				continue
			}
			for _, r := range sn.Refs {
				keys[r] = true
			}
		}
	}
	return keys
}

// repeats reports whether sn's primary $ref (the first one followed to
// reach it) is already on the path: the recursion rule. A base type that
// sn inherits through allOf does not count.
func repeats(sn *model.Node, keys map[int32]bool) bool {
	p := sn.PrimaryRef()
	return p != 0 && keys[p]
}

// NewSummary builds the tree of a folded summary: its kept lines nested by
// path, fold markers as folded lines that open with the inspector, and the
// "*" overflow as a folded line holding the fields the summary left out.
// A line nests under the nearest line whose path is above its own
// (Path.Parent, step by step), so a property named "a.x" stays at the top.
func NewSummary(s *model.Schema, sum summarizer.Summary) *Tree {
	loader := summaryLoader{schema: s}
	lines := sum.Lines
	// Lines by path (as String writes it, which tells every path apart):
	// every line's first, as a kept line may come before the line of its
	// container (a deep Tier 1 leaf is chosen before Tier 3).
	byPath := make(map[fieldpath.Key]*Node, len(lines))
	nodes := make([]*Node, len(lines))
	for i, l := range lines {
		if l.Fold == summarizer.FoldOverflow {
			nodes[i] = moreNode(l.Hint, l.Count, nil)
			continue
		}
		r := Row{Kind: KindField, Path: l.Path, Type: l.Label, Count: -1}
		var n *Node
		switch {
		case l.Step == summarizer.StepRoot:
			r.Name = model.SanitizeLine(l.Written())
			if l.Fold == summarizer.FoldUnknownKeys {
				r.Note = "unknown keys"
			}
			n = NewNode(r, false, nil)
		case l.Fold == summarizer.FoldUnknownKeys:
			r.Note = "unknown keys"
			n = NewNode(r, false, nil)
		case l.Fold == summarizer.FoldChildren:
			r.Kind, r.Count = KindFold, l.Count
			n = NewNode(r, l.Count > 0, &sumData{path: l.Hint, node: l.Node})
		default:
			n = NewNode(r, false, nil)
		}
		nodes[i] = n
		byPath[l.Path.Key()] = n
	}

	// Top level: lines with no line above them, in summary order.
	kids := map[*Node][]*Node{}
	var top []*Node
	for i, n := range nodes {
		l := lines[i]
		if l.Fold == summarizer.FoldOverflow || l.Step == summarizer.StepRoot {
			top = append(top, n)
			continue
		}
		parent := nearestLine(byPath, l.Path)
		rel := l.Path
		if parent != nil {
			rel, _ = l.Path.Rel(parent.Path)
			kids[parent] = append(kids[parent], n)
		} else {
			top = append(top, n)
		}
		n.Name = model.SanitizeLine(relName(rel))
	}
	// The "*" line excludes the top-level fields already shown.
	for i, l := range lines {
		if l.Fold == summarizer.FoldOverflow {
			nodes[i].data.(*sumData).exclude = immediatePaths(top, l.Hint)
		}
	}
	t := NewTree(loader, top...)

	// Kept lines under a line are its children, shown unfolded; a fold that
	// hides some children ends with its own "*" line.
	for n := t.root.next; n != nil; n = n.next {
		ks, ok := kids[n]
		if !ok {
			continue
		}
		if d, _ := n.data.(*sumData); d != nil && n.Kind == KindFold {
			shown := immediatePaths(ks, d.path)
			if more := n.Count - len(shown); more > 0 {
				ks = append(ks, moreNode(d.path, more, shown))
			}
		}
		t.splice(n, ks)
		n.openable, n.collapsed = true, false
	}
	t.settle()
	return t
}

// nearestLine finds the closest line above path: its parent's, else its
// grandparent's, and so on; nil when no line is above it.
func nearestLine(byPath map[fieldpath.Key]*Node, path fieldpath.Path) *Node {
	for p := path.Parent(); p.Len() > 0; p = p.Parent() {
		if n, ok := byPath[p.Key()]; ok {
			return n
		}
	}
	return nil
}

// relName is the name a line shows for a path relative to the line above
// it: one property, alternative or any key with its array levels is its
// name as it is ("a.x", "tags[]"); a longer path is written out
// as summaries write it ("customer.email", "a.x.y").
func relName(rel fieldpath.Path) string {
	if _, levels, ok := rel.Last(); ok && rel.Len() == levels+1 {
		return rel.Name()
	}
	return rel.String()
}

// immediatePaths lists (as keys) the paths of lines that are direct
// children of parent: one named step below it.
func immediatePaths(lines []*Node, parent fieldpath.Path) map[fieldpath.Key]bool {
	paths := map[fieldpath.Key]bool{}
	for _, n := range lines {
		if n.Kind != KindMore && n.Path.Len() > parent.Len() && n.Path.Parent().Equal(parent) {
			paths[n.Path.Key()] = true
		}
	}
	return paths
}

// moreNode is a folded "*" line for count fields not shown beside it.
func moreNode(parentPath fieldpath.Path, count int, exclude map[fieldpath.Key]bool) *Node {
	r := Row{Kind: KindMore, Name: "*", Path: parentPath, Count: count,
		Note: moreNote(count)}
	return NewNode(r, true, &sumData{path: parentPath, exclude: exclude})
}

// moreNote is the "*" line's note: "+1 more field", "+19 more fields".
func moreNote(count int) string {
	if count == 1 {
		return "+1 more field"
	}
	return "+" + strconv.Itoa(count) + " more fields"
}

// Note is a line of text (an error, a line that could not be read).
func Note(text string) *Node {
	return NewNode(Row{Kind: KindNote, Name: model.SanitizeLine(text), Count: -1}, false, nil)
}

// enumText writes up to a few enum values for a line.
func enumText(vals []json.RawMessage) string {
	if len(vals) == 0 {
		return ""
	}
	const show = 6
	parts := make([]string, 0, show+1)
	for i, v := range vals {
		if i == show {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, string(v))
	}
	return model.SanitizeLine("∈ " + strings.Join(parts, " | "))
}

package search

import (
	"cmp"
	"slices"
	"strings"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
	"mcpeek/summarizer"
)

// Side says which of a tool's schemas a field is in.
type Side uint8

// The sides of a tool: what it returns and what it takes.
const (
	Output Side = 1 << iota
	Input
	Both = Output | Input
)

func (s Side) String() string {
	switch s {
	case Output:
		return "output"
	case Input:
		return "input"
	}
	return "both"
}

// ParseSide reads "output", "input" or "both".
func ParseSide(s string) (Side, bool) {
	switch s {
	case "output":
		return Output, true
	case "input":
		return Input, true
	case "both":
		return Both, true
	}
	return 0, false
}

// field is one field of one tool's schema in an Index.
type field struct {
	tool  int32 // index in Index.tools
	side  Side
	name  int32  // the last segment, without its array marks: in Index.names
	path  string // as fieldpath.Path.Quoted writes it
	label string // the type label
}

// name is a field name as many fields share it ("id", "email"): a query
// ranks each name once.
type name struct {
	text, lower string
}

// Index holds the fields of many tools' schemas, each schema walked once,
// so that a search over thousands of tools costs a pass over lower-cased
// names. It is built off the UI loop and only read afterwards (safe for
// concurrent readers).
type Index struct {
	tools  []model.ToolID
	fields []field
	names  []name
	byName map[string]int32
}

// Hit is a field a query matched.
type Hit struct {
	ToolID model.ToolID `json:"tool_id"`
	Side   Side         `json:"-"`
	In     string       `json:"in"`   // "output" or "input"
	Path   string       `json:"path"` // as summaries write it, which inspect accepts for an output field
	// Field is the field's path as a value, on its side (a program finds
	// the field's line by it; Path may name another field beside a
	// property whose own name holds a ".").
	Field fieldpath.Path `json:"-"`
	Type  string         `json:"type"`
	Score Score          `json:"-"`
	Match string         `json:"match"` // the tier that matched, as Score.String says
}

// NewIndex walks the output and input schemas of tools: every field, at
// most model.ScanCap per schema, not entering a $ref already on the path.
func NewIndex(tools []model.Tool) *Index {
	ix := &Index{byName: map[string]int32{}}
	for i, t := range tools {
		ix.tools = append(ix.tools, t.ID())
		p := model.ParseTool(t)
		if p.Out != nil {
			root, _ := p.Out.DataRoot()
			ix.walk(int32(i), Output, root)
		}
		if p.In != nil {
			ix.walk(int32(i), Input, p.In.Root())
		}
	}
	return ix
}

// Tools is how many tools the index holds; Fields how many fields.
func (ix *Index) Tools() int  { return len(ix.tools) }
func (ix *Index) Fields() int { return len(ix.fields) }

// intern is the number of a field name, added once.
func (ix *Index) intern(s string) int32 {
	if i, ok := ix.byName[s]; ok {
		return i
	}
	i := int32(len(ix.names))
	ix.names = append(ix.names, name{text: s, lower: strings.ToLower(s)})
	ix.byName[s] = i
	return i
}

// walk adds the fields under root, depth first in declaration order.
func (ix *Index) walk(tool int32, side Side, root *model.Node) {
	refs := append([]int32(nil), root.Refs...)
	term, _ := root.Unwrap(&refs)
	visits := 0
	var visit func(n *model.Node, path string, keys []int32, depth int)
	visit = func(n *model.Node, path string, keys []int32, depth int) {
		if depth > summarizer.MaxPathDepth {
			return
		}
		// add indexes the child named name, written step in a path.
		add := func(name, step string, child *model.Node) {
			if visits >= model.ScanCap {
				return
			}
			visits++
			crefs := append([]int32(nil), child.Refs...)
			t, levels := child.Unwrap(&crefs)
			p := fieldpath.Join(path, step+fieldpath.Arrays(levels))
			ix.fields = append(ix.fields, field{tool: tool, side: side, path: p, name: ix.intern(name), label: t.Label()})
			// The recursion rule: stop where the primary $ref repeats.
			if primary := child.PrimaryRef(); primary == 0 || !slices.Contains(keys, primary) {
				visit(t, p, append(slices.Clip(keys), crefs...), depth+1)
			}
		}
		switch n.Shape {
		case model.Object:
			for i, p := range n.Props {
				add(p.Name, fieldpath.Name(p.Name), n.Child(i))
			}
			if ap := n.AdditionalProperties(); ap != nil && ap.Shape != model.Any && side == Input {
				add(fieldpath.AnyKey, fieldpath.AnyKey, ap) // the inspector does not step into a map's keys
			}
		case model.Union:
			for i, a := range n.Alts {
				add(a.Name, a.Name, n.Alt(i))
			}
		}
	}
	visit(term, "", refs, 0)
}

// Search ranks the fields on side whose name (or, for a query with a dot
// or brackets, whose path) matches query, best first, as Rank ranks a
// tool's name; of equal ones the shorter path, then the tools' order. At
// most limit hits (all when limit <= 0).
func (ix *Index) Search(query string, side Side, limit int) []Hit {
	q := strings.ToLower(strings.TrimSpace(query))
	if q == "" {
		return nil
	}
	byPath := strings.ContainsAny(q, ".[")
	type scored struct {
		i     int
		score Score
	}
	scores := make([]Score, len(ix.names))
	for i, n := range ix.names {
		scores[i] = rankName(n.text, n.lower, q)
	}
	var found []scored
	for i := range ix.fields {
		f := &ix.fields[i]
		if f.side&side == 0 {
			continue
		}
		s := scores[f.name]
		if byPath {
			s = max(s, pathScore(fieldpath.Plain(f.path), q))
		}
		if s != NoMatch {
			found = append(found, scored{i, s})
		}
	}
	slices.SortStableFunc(found, func(a, b scored) int {
		return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(len(ix.fields[a.i].path), len(ix.fields[b.i].path)))
	})
	if limit > 0 && len(found) > limit {
		found = found[:limit]
	}
	hits := make([]Hit, len(found))
	for k, s := range found {
		f := &ix.fields[s.i]
		side := fieldpath.Output
		if f.side == Input {
			side = fieldpath.Input
		}
		at, _ := fieldpath.Parse(f.path, side) // the index wrote it: it reads back
		hits[k] = Hit{ToolID: ix.tools[f.tool], Side: f.side, In: f.side.String(), Path: at.String(), Field: at, Type: f.label,
			Score: s.score, Match: s.score.String()}
	}
	return hits
}

// pathScore ranks a path against a lower-cased query with a dot: the
// whole path, its last segments, or anywhere in it.
func pathScore(path, q string) Score {
	p := strings.ToLower(path)
	switch {
	case p == q:
		return NameExact
	case strings.HasSuffix(p, "."+q):
		return NameWord
	case strings.HasPrefix(p, q):
		return NamePrefix
	case strings.Contains(p, q):
		return NameSubstring
	}
	return NoMatch
}

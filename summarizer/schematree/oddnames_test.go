package schematree

import (
	"testing"

	"mcpeek/internal/testkit"
	"mcpeek/model/fieldpath"
	"mcpeek/summarizer"
)

// oddNamesSchema has top-level properties whose names hold the characters
// the path grammar uses (".", "[", "]") and others a pointer escapes, next
// to an object "a" whose child "x" would be written like the top-level
// "a.x" if names were not quoted.
const oddNamesSchema = `{"type":"object","properties":{
	"a.x":{"type":"string"},
	"a":{"type":"object","properties":{"x":{"type":"integer"},"y":{"type":"object","properties":{"z":{"type":"string"}}}}},
	"b[0]":{"type":"string"},
	"c/d~e":{"type":"string"},
	"g h":{"type":"string"},
	"ü名":{"type":"string"},
	"q\"t":{"type":"string"}
}}`

// A top-level property named "a.x" is a top-level line of the summary
// tree, not the child x of the object a.
func TestSummaryTreeKeepsDottedNamesAtTheTop(t *testing.T) {
	t.Parallel()
	s := testkit.Parse(t, []byte(oddNamesSchema))
	tr := NewSummary(s, summarizer.Summarize(s, summarizer.Options{}))
	tr.SetHeight(100)
	top := map[string]bool{}
	for n := tr.First(); n != nil; n = n.last.next {
		top[n.Name] = true
	}
	for _, name := range []string{"a.x", "a", "b[0]", "c/d~e", "g h", "ü名", `q"t`} {
		if !top[name] {
			t.Errorf("no top-level line named %q; top level: %v", name, top)
		}
	}
	a := findName(tr.First(), "a")
	if a == nil {
		t.Fatal("no line a")
	}
	tr.Expand(a)
	var kids []string
	for c := a.next; c != nil && c.depth > a.depth; c = c.next {
		if c.depth == a.depth+1 {
			kids = append(kids, c.Name)
		}
	}
	if len(kids) != 2 || kids[0] != "x" || kids[1] != "y" {
		t.Errorf("a's children: %q, want [x y]", kids)
	}
}

// findName finds a top-level line by name.
func findName(first *Node, name string) *Node {
	for n := first; n != nil; n = n.last.next {
		if n.Name == name {
			return n
		}
	}
	return nil
}

// The schema tree keeps each odd name on its own line under its own side:
// Open finds a line by its Path (side included), and the line writes its
// path as summaries do (names as they are), its Quoted text (which Parse
// reads back), pointer and jq filter with the name escaped where each
// needs it.
func TestSchemaTreeOddNames(t *testing.T) {
	t.Parallel()
	s := testkit.Parse(t, []byte(oddNamesSchema))
	tr := NewSchema(s, s, "", "")
	tr.SetHeight(100)
	for _, c := range []struct {
		side                        fieldpath.Side
		steps                       []string
		name, text, quoted, ptr, jq string
	}{
		{fieldpath.Output, []string{"a.x"}, "a.x", "a.x", `["a.x"]`, "/a.x", `.["a.x"]`},
		{fieldpath.Input, []string{"a.x"}, "a.x", "a.x", `["a.x"]`, "/a.x", `.["a.x"]`},
		{fieldpath.Output, []string{"a", "x"}, "x", "a.x", "a.x", "/a/x", ".a.x"},
		{fieldpath.Input, []string{"a", "y", "z"}, "z", "a.y.z", "a.y.z", "/a/y/z", ".a.y.z"},
		{fieldpath.Output, []string{"b[0]"}, "b[0]", "b[0]", `["b[0]"]`, "/b[0]", `.["b[0]"]`},
		{fieldpath.Output, []string{"c/d~e"}, "c/d~e", "c/d~e", "c/d~e", "/c~1d~0e", `.["c/d~e"]`},
		{fieldpath.Input, []string{"g h"}, "g h", "g h", "g h", "/g h", `.["g h"]`},
		{fieldpath.Output, []string{"ü名"}, "ü名", "ü名", "ü名", "/ü名", `.["ü名"]`},
		{fieldpath.Output, []string{`q"t`}, `q"t`, `q"t`, `q"t`, `/q"t`, `.["q\"t"]`},
	} {
		p := fieldpath.Root(c.side)
		for _, s := range c.steps {
			p = p.Prop(s)
		}
		n, ok := tr.Open(p)
		if !ok {
			t.Fatalf("no %s line %q", c.side, c.steps)
		}
		if n.Name != c.name || n.Path.Side() != c.side || n.Path.String() != c.text || n.Path.Quoted() != c.quoted || n.Path.Pointer() != c.ptr || n.Path.JQ() != c.jq {
			t.Errorf("%s %q: line %q %s %q %q %q %q", c.side, c.steps, n.Name, n.Path.Side(), n.Path.String(), n.Path.Quoted(), n.Path.Pointer(), n.Path.JQ())
		}
		if back, err := fieldpath.Parse(c.quoted, c.side); err != nil || !back.Equal(n.Path) {
			t.Errorf("%q does not read back: %v", c.quoted, err)
		}
	}
}

// Open finds a summary line by its Path: the top-level "a.x" and a's x
// are two lines.
func TestSummaryOpenOddNames(t *testing.T) {
	t.Parallel()
	s := testkit.Parse(t, []byte(oddNamesSchema))
	tr := NewSummary(s, summarizer.Summarize(s, summarizer.Options{MaxFields: 2}))
	tr.SetHeight(100)
	top, ok := tr.Open(fieldpath.Root(fieldpath.Output).Prop("a.x"))
	if !ok || top.Parent() != nil || top.Type != "string" {
		t.Fatalf("a.x: %+v %v", top, ok)
	}
	x, ok := tr.Open(fieldpath.MustParse("a.x", fieldpath.Output))
	if !ok || x.Parent() == nil || x.Parent().Name != "a" || x.Type != "integer" {
		t.Fatalf("a's x: %+v %v", x, ok)
	}
	if _, ok := tr.Open(fieldpath.MustParse("a.x", fieldpath.Input)); ok {
		t.Error("a summary has no input lines")
	}
}

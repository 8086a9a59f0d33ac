package schematree

import (
	"testing"

	"mcpeek/internal/testkit"
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

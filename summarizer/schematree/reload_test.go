package schematree

import (
	"strconv"
	"strings"
	"testing"
)

// Reload loads a line's children again, in place: the lines after it
// follow them, the count of lines is right, and a cursor that was under
// it moves to it.
func TestReload(t *testing.T) {
	t.Parallel()
	kids := 3
	load := LoaderFunc(func(n *Node) []*Node {
		var out []*Node
		for i := range kids {
			out = append(out, NewNode(Row{Name: n.Name + "." + strconv.Itoa(i)}, false, nil))
		}
		return out
	})
	a := NewNode(Row{Name: "a"}, true, nil)
	b := NewNode(Row{Name: "b"}, true, nil)
	tr := NewTree(load, a, b)
	tr.SetHeight(20)
	tr.Expand(a)
	tr.Expand(b)
	tr.Down(2) // a.1
	kids = 5
	tr.Reload(a)
	var names []string
	tr.Visible(func(_ int, n *Node) { names = append(names, n.Name) })
	want := "[a a.0 a.1 a.2 a.3 a.4 b b.0 b.1 b.2]"
	if got := "[" + strings.Join(names, " ") + "]"; got != want {
		t.Fatalf("after reload: %s, want %s", got, want)
	}
	if tr.Len() != 10 || tr.Cursor() != a {
		t.Errorf("len %d, cursor on %q", tr.Len(), tr.Cursor().Name)
	}
	// A folded line reloads when it is next unfolded.
	tr.Collapse(b)
	kids = 1
	tr.Reload(b)
	if tr.Len() != 7 || !b.Collapsed() {
		t.Fatalf("folded reload: len %d, collapsed %v", tr.Len(), b.Collapsed())
	}
	tr.Expand(b)
	if tr.Len() != 8 || len(b.Children()) != 1 || b.After() != nil {
		t.Errorf("unfolded: len %d, %d children", tr.Len(), len(b.Children()))
	}
}

package schematree

import (
	"fmt"
	"mcpeek/model/fieldpath"
	"strings"
	"testing"
)

// synth is a loader of a regular tree: every node has fanout children down
// to depth levels; it counts its loads to prove laziness.
type synth struct {
	fanout, depth int
	loads         int
}

func (s *synth) Load(n *Node) []*Node {
	s.loads++
	level := n.data.(int)
	kids := make([]*Node, s.fanout)
	for i := range kids {
		name := fmt.Sprintf("%s.%d", n.Name, i)
		kids[i] = NewNode(Row{Name: name, Path: fieldpath.Root(fieldpath.Output).Prop(name)}, level+1 < s.depth, level+1)
	}
	return kids
}

func synthTree(fanout, depth, top int) (*Tree, *synth) {
	s := &synth{fanout: fanout, depth: depth}
	var nodes []*Node
	for i := range top {
		name := fmt.Sprint(i)
		nodes = append(nodes, NewNode(Row{Name: name, Path: fieldpath.Root(fieldpath.Output).Prop(name)}, depth > 1, 1))
	}
	return NewTree(s, nodes...), s
}

// screen lists the lines on screen, the cursor's marked with ">" and folds
// with "+" / "-".
func screen(t *Tree) string {
	var b strings.Builder
	t.Visible(func(_ int, n *Node) {
		mark := " "
		if n == t.cursor {
			mark = ">"
		}
		fold := " "
		if n.openable {
			fold = "-"
			if n.collapsed {
				fold = "+"
			}
		}
		fmt.Fprintf(&b, "%s%s%s%s\n", mark, strings.Repeat(" ", n.depth), fold, n.Name)
	})
	return b.String()
}

func TestTreeFoldAndMove(t *testing.T) {
	t.Parallel()
	tr, s := synthTree(2, 3, 2)
	tr.SetHeight(10)
	if got := screen(tr); got != ">+0\n +1\n" {
		t.Fatalf("start:\n%s", got)
	}
	if s.loads != 0 {
		t.Fatalf("loaded %d before any unfold", s.loads)
	}
	tr.Right() // unfold 0
	tr.Down(1) // 0.0
	tr.Right() // unfold 0.0
	want := ` -0
> -0.0
    0.0.0
    0.0.1
  +0.1
 +1
`
	if got := screen(tr); got != want {
		t.Fatalf("after unfolds:\n%s\nwant:\n%s", got, want)
	}
	if s.loads != 2 || tr.Len() != 6 {
		t.Fatalf("loads %d, len %d", s.loads, tr.Len())
	}
	tr.Up(1)
	tr.Left() // fold 0: its subtree stays materialised
	if got := screen(tr); got != ">+0\n +1\n" {
		t.Fatalf("after fold:\n%s", got)
	}
	tr.Right()
	if s.loads != 2 {
		t.Fatalf("refold reloaded: %d loads", s.loads)
	}
	tr.Bottom()
	if c := tr.Cursor(); c.Name != "1" {
		t.Fatalf("bottom on %q", c.Name)
	}
	tr.PrevSibling()
	if c := tr.Cursor(); c.Name != "0" {
		t.Fatalf("prev sibling of 1 is %q", c.Name)
	}
	tr.NextSibling()
	if c := tr.Cursor(); c.Name != "1" {
		t.Fatalf("next sibling of 0 is %q", c.Name)
	}
	tr.Up(1) // 0.1, the line shown before 1
	if c := tr.Cursor(); c.Name != "0.1" {
		t.Fatalf("up from 1 reached %q", c.Name)
	}
	tr.Left() // 0.1 is folded: go to its parent
	if c := tr.Cursor(); c.Name != "0" {
		t.Fatalf("left on a fold reached %q", c.Name)
	}
}

func TestTreeScrollKeepsCursorOnScreen(t *testing.T) {
	t.Parallel()
	tr, _ := synthTree(1, 1, 100)
	tr.SetHeight(5)
	tr.Down(7)
	if got := screen(tr); got != "  3\n  4\n  5\n  6\n> 7\n" {
		t.Fatalf("down 7:\n%s", got)
	}
	tr.Up(5)
	if got := screen(tr); got != "> 2\n  3\n  4\n  5\n  6\n" {
		t.Fatalf("up 5:\n%s", got)
	}
	tr.Bottom()
	if got := screen(tr); got != "  95\n  96\n  97\n  98\n> 99\n" {
		t.Fatalf("bottom:\n%s", got)
	}
	tr.Scroll(-3)
	if got := screen(tr); got != "  92\n  93\n  94\n  95\n> 96\n" {
		t.Fatalf("wheel up:\n%s", got)
	}
	tr.Scroll(10) // cannot scroll past the end
	if got := screen(tr); !strings.HasSuffix(got, "  99\n") {
		t.Fatalf("wheel down past the end:\n%s", got)
	}
	tr.Top()
	if !tr.Select(3) || tr.Cursor().Name != "3" {
		t.Fatalf("select row 3: %q", tr.Cursor().Name)
	}
	if tr.Select(7) {
		t.Fatal("selected a row below the screen")
	}
}

func TestTreeFoldNearEndRefills(t *testing.T) {
	t.Parallel()
	tr, _ := synthTree(10, 2, 2)
	tr.SetHeight(4)
	tr.Down(1) // "1"
	tr.Right()
	tr.Bottom() // 1.9
	tr.Parent() // 1, scrolled into view
	tr.Left()   // fold: the view must show 0 and 1, not a half-empty screen
	if got := screen(tr); got != " +0\n>+1\n" {
		t.Fatalf("after fold at end:\n%s", got)
	}
}

func TestTreeExpandAllAndDepth(t *testing.T) {
	t.Parallel()
	tr, _ := synthTree(3, 4, 2) // 2 + 6 + 18 + 54 = 80 lines
	tr.SetHeight(200)
	if capped := tr.ExpandAll(); capped {
		t.Fatal("capped")
	}
	if tr.Len() != 80 || strings.Count(screen(tr), "\n") != 80 {
		t.Fatalf("expand all: len %d, shown %d", tr.Len(), strings.Count(screen(tr), "\n"))
	}
	tr.ExpandToDepth(2)
	if n := strings.Count(screen(tr), "\n"); n != 8 {
		t.Fatalf("depth 2 shows %d lines, want 8:\n%s", n, screen(tr))
	}
	tr.ExpandToDepth(1)
	if got := screen(tr); got != ">+0\n +1\n" {
		t.Fatalf("depth 1:\n%s", got)
	}
	tr.ExpandBelow(tr.Cursor())
	if n := strings.Count(screen(tr), "\n"); n != 1+39+1 {
		t.Fatalf("L on 0 shows %d lines", n)
	}
	tr.CollapseBelow(tr.Cursor())
	tr.Right()
	if n := strings.Count(screen(tr), "\n"); n != 5 { // 0, its 3 folded children, 1
		t.Fatalf("H then l shows %d lines:\n%s", n, screen(tr))
	}
	tr.CollapseAll()
	if got := screen(tr); got != ">+0\n +1\n" {
		t.Fatalf("collapse all:\n%s", got)
	}
}

func TestTreeCycleSkippedByExpandAll(t *testing.T) {
	t.Parallel()
	tr := NewTree(LoaderFunc(func(n *Node) []*Node {
		c := NewNode(Row{Name: n.Name + ".self"}, true, nil)
		c.MarkCycle()
		return []*Node{c}
	}), NewNode(Row{Name: "r"}, true, nil))
	tr.SetHeight(10)
	tr.ExpandAll()
	if got := screen(tr); got != ">-r\n  +r.self\n" {
		t.Fatalf("expand all through a cycle:\n%s", got)
	}
	tr.Down(1)
	tr.Right() // by hand it opens
	if tr.Len() != 3 {
		t.Fatalf("opening a cycle by hand: len %d", tr.Len())
	}
}

func TestTreeFind(t *testing.T) {
	t.Parallel()
	tr, _ := synthTree(2, 3, 2)
	tr.SetHeight(10)
	tr.ExpandAll()
	tr.CollapseAll()
	found := tr.Find(func(n *Node) bool { return n.Name == "1.0.1" }, false)
	if !found || tr.Cursor().Name != "1.0.1" {
		t.Fatalf("find: %v on %q", found, tr.Cursor().Name)
	}
	if !strings.Contains(screen(tr), ">   1.0.1") {
		t.Fatalf("found line not revealed:\n%s", screen(tr))
	}
	// Backward from 1.0.1 the list holds 1.0.0, 1.0, 1, then 0.1.1.
	if !tr.Find(func(n *Node) bool { return strings.HasSuffix(n.Name, ".1") }, true) || tr.Cursor().Name != "0.1.1" {
		t.Fatalf("find backward landed on %q", tr.Cursor().Name)
	}
	if tr.Find(func(n *Node) bool { return n.Name == "nope" }, false) {
		t.Fatal("found a missing line")
	}
}

func TestTreeEmpty(t *testing.T) {
	t.Parallel()
	tr := NewTree(nil)
	tr.SetHeight(3)
	tr.Down(1)
	tr.Up(1)
	tr.Bottom()
	tr.Left()
	tr.Right()
	tr.ExpandAll()
	if tr.Cursor() != nil || screen(tr) != "" {
		t.Fatal("empty tree shows something")
	}
}

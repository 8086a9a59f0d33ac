package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"mcpeek/schematree"
)

// plainTree renders a tree without colour and trims trailing spaces.
func plainTree(tr *schematree.Tree, width int, showDesc bool) string {
	st := NewStyles(true, true)
	out := treeView{styles: &st, width: width, focused: true, showDesc: showDesc}.render(tr)
	return trimLines(ansi.Strip(out))
}

func trimLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// findNode finds a materialised line by path.
func findNode(tr *schematree.Tree, path string) *schematree.Node {
	for n := tr.First(); n != nil; n = n.Next() {
		if n.Path == path && n.Kind != schematree.KindMore {
			return n
		}
	}
	return nil
}

// viewNamed is the view the tab line calls name.
func viewNamed(t testing.TB, name string) viewKind {
	t.Helper()
	for i, v := range toolViews {
		if v.name == name {
			return viewKind(i)
		}
	}
	t.Fatalf("no view %q", name)
	return 0
}

// paneFor is v's pane of type P.
func paneFor[P toolPane](t testing.TB, v *toolView) P {
	t.Helper()
	p, ok := paneOf[P](v)
	if !ok {
		t.Fatalf("%s has no %T", v.id, p)
	}
	return p
}

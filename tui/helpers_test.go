package tui

import (
	"strings"

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

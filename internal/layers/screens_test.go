package layers

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestScreensRunCommandsOnly: the explorer's packages (the root model, a
// screen, a dialog, a widget) do their work in the tea.Cmds they return:
// none starts a goroutine or holds a lock or atomic, which would be side
// doors around the one bridge. (The bridge's loop, tui.ForwardEvents, runs
// on a goroutine its caller starts.)
func TestScreensRunCommandsOnly(t *testing.T) {
	t.Parallel()
	tui := filepath.Join("..", "..", "tui")
	dirs, err := os.ReadDir(tui)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	folders := []string{tui} // the root too: the bridge's loop runs on its caller's goroutine
	for _, dir := range dirs {
		if dir.IsDir() && dir.Name() != "testdata" {
			folders = append(folders, filepath.Join(tui, dir.Name()))
		}
	}
	for _, folder := range folders {
		files, _ := filepath.Glob(filepath.Join(folder, "*.go"))
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			checked++
			for _, im := range f.Imports {
				if p, _ := strconv.Unquote(im.Path.Value); p == "sync" || p == "sync/atomic" {
					t.Errorf("%s imports %s: a screen holds no lock or atomic", path, p)
				}
			}
			ast.Inspect(f, func(n ast.Node) bool {
				if g, ok := n.(*ast.GoStmt); ok {
					t.Errorf("%s: a goroutine started: a screen's work runs in the tea.Cmds it returns", fset.Position(g.Pos()))
				}
				return true
			})
		}
	}
	if checked < 100 {
		t.Errorf("only %d files of tui/'s packages checked: the walk missed them", checked)
	}
}

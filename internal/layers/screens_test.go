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

// TestScreensRunCommandsOnly: a package under tui/ (a screen, a dialog, a
// widget) does its work in the tea.Cmds it returns, as the root model
// asks it to: it starts no goroutine and holds no lock or atomic, which
// would be side doors around the one bridge.
func TestScreensRunCommandsOnly(t *testing.T) {
	t.Parallel()
	tui := filepath.Join("..", "..", "tui")
	dirs, err := os.ReadDir(tui)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, dir := range dirs {
		if !dir.IsDir() || dir.Name() == "testdata" {
			continue
		}
		files, _ := filepath.Glob(filepath.Join(tui, dir.Name(), "*.go"))
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
	if checked < 20 {
		t.Errorf("only %d files of tui/'s packages checked: the walk missed them", checked)
	}
}

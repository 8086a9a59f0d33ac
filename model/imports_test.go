package model

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// ourImports lists the packages of ours that the non-test files of dir
// import.
func ourImports(t *testing.T, dir string) map[string]bool {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	ours := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		ast, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range ast.Imports {
			path, _ := strconv.Unquote(im.Path.Value)
			if path == "mcpeek" || strings.HasPrefix(path, "mcpeek/") {
				ours[path] = true
			}
		}
	}
	return ours
}

// TestModelImportsOnlyLeaves holds model to the bottom of the picture: of
// our packages it imports internal/jsonscan alone, and that one imports
// none of ours.
func TestModelImportsOnlyLeaves(t *testing.T) {
	t.Parallel()
	for path := range ourImports(t, ".") {
		if path != "mcpeek/internal/jsonscan" {
			t.Errorf("model imports %s; it may import only leaves below it (internal/jsonscan)", path)
		}
	}
	for path := range ourImports(t, "../internal/jsonscan") {
		t.Errorf("internal/jsonscan imports %s; it must stay a leaf below model", path)
	}
}

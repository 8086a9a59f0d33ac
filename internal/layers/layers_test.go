package layers

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImportsRunDown holds every non-test file of the module to Allowed.
func TestImportsRunDown(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..")
	checked := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (n == "testdata" || n == "node_modules" || strings.HasPrefix(n, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		from := "mcpeek/" + filepath.ToSlash(rel)
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, im := range f.Imports {
			to, _ := strconv.Unquote(im.Path.Value)
			if Part(to) == "" {
				continue
			}
			checked++
			if ok, why := Allowed(from, to); !ok {
				t.Errorf("%s imports %s: %s", path, to, why)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Errorf("only %d imports of ours checked: the walk missed the module", checked)
	}
}

// TestAllowed: the rule's corners, so that a change to it is deliberate.
func TestAllowed(t *testing.T) {
	t.Parallel()
	cases := []struct {
		from, to string
		ok       bool
	}{
		{"mcpeek/cmd/mcpeek", "mcpeek/tui", true},
		{"mcpeek/tui", "mcpeek/gateway", true},
		{"mcpeek/gateway", "mcpeek/tui", false},
		{"mcpeek/tui/callform", "mcpeek/mcpclient", true},
		{"mcpeek/mcpclient/calls", "mcpeek/summarizer/resultcheck", true},
		{"mcpeek/summarizer", "mcpeek/mcpclient", false},
		{"mcpeek/model", "mcpeek/summarizer", false},
		{"mcpeek/model/toolargs", "mcpeek/model", true},
		{"mcpeek/summarizer/schematree", "mcpeek/summarizer", true},
		{"mcpeek/internal/theme", "mcpeek/model", false},
		{"mcpeek/internal/testkit", "mcpeek/mcpclient", true},
		{"mcpeek/schemadiff", "mcpeek/model", false},
	}
	for _, c := range cases {
		if ok, why := Allowed(c.from, c.to); ok != c.ok {
			t.Errorf("Allowed(%s, %s) = %v (%s), want %v", c.from, c.to, ok, why, c.ok)
		}
	}
}

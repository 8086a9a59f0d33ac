package ghactions

import (
	"os"
	"path/filepath"
	"testing"
)

// TestAnnotationParses: a command line holding every character the runner
// treats specially reads back, through Parse (the runner's grammar), as
// the annotation written.
func TestAnnotationParses(t *testing.T) {
	a := Annotation{Level: Warning, File: "locks/a,b:c.json", Line: 12, Column: 3, Title: "mcpeek: routing, 100%",
		Message: "shop.get_order: \"A.\" → \"A.\r\n::error::injected\" 50%"}
	line := a.String()
	got, err := Parse(line)
	if err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	if got != a {
		t.Errorf("%q read back as %+v, want %+v", line, got, a)
	}
}

func TestAppendSummary(t *testing.T) {
	path := filepath.Join(t.TempDir(), "summary.md")
	if wrote, err := AppendSummary("", "x"); wrote || err != nil {
		t.Fatalf("without the variable: %v, %v", wrote, err)
	}
	AppendSummary(path, "# one")
	AppendSummary(path, "# two")
	if b, _ := os.ReadFile(path); string(b) != "# one\n# two\n" {
		t.Errorf("summary %q", b)
	}
}

package schemadiff

import (
	"os"
	"strings"
	"testing"
)

// TestLocateFindsTheChangedLine: each change of the every-class pair is
// located on the line of the new lock file where the member that changed
// is written (the old file for what the new one lacks).
func TestLocateFindsTheChangedLine(t *testing.T) {
	t.Parallel()
	dir := "testdata/diff/every-class/"
	oldText, _ := os.ReadFile(dir + "old.json")
	newText, _ := os.ReadFile(dir + "new.json")
	old, new := readSnapshot(t, dir+"old.json"), readSnapshot(t, dir+"new.json")
	changes := Diff(old, new)
	inNew, inOld := Locate(newText, new, changes), Locate(oldText, old, changes)
	line := func(text []byte, n int) string { return strings.Split(string(text), "\n")[n-1] }
	for i, c := range changes {
		want := map[Kind]string{
			DescriptionChanged: `"description": "Get an order by id. Always`, ExamplesChanged: `"examples": ["1002"]`,
			ConstraintChanged: `"pattern": "^[0-9a-f]+$"`, DefaultChanged: `"default": "EUR"`, IconsChanged: `"icons"`,
			InputConstraintTightened: `"maxItems": 10`, CapabilityRemoved: `"capabilities"`, EntryWordsChanged: `"An order, with its refunds."`,
			InputAdded: `"expand"`,
		}[c.Kind]
		if c.Kind == ToolRemoved || c.Kind == PromptArgumentRemoved {
			if inOld[i].Line == 0 || !strings.Contains(line(oldText, inOld[i].Line), map[Kind]string{ToolRemoved: `"refund"`, PromptArgumentRemoved: `"tone"`}[c.Kind]) {
				t.Errorf("%s at old line %d", c.Kind, inOld[i].Line)
			}
			continue
		}
		if inNew[i].Line == 0 {
			t.Errorf("%s %s not located", c.Kind, c.Where())
			continue
		}
		if want != "" && !strings.Contains(line(newText, inNew[i].Line), want) {
			t.Errorf("%s at line %d: %q, want %q", c.Kind, inNew[i].Line, line(newText, inNew[i].Line), want)
		}
	}
}

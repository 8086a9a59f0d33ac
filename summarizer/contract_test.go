package summarizer

import (
	"slices"

	"mcpeek/model/fieldpath"
	"testing"
)

// dotSchema holds property names with "." and "[" beside an object whose
// child has the same text.
const dotSchema = `{"type":"object","properties":{"id":{"type":"string"},"a.x":{"type":"string"},
	"a":{"type":"object","properties":{"x":{"type":"integer"},"y":{"type":"boolean"}}},"b[c]":{"type":"string"}}}`

// The contract of paths (docs/summary.md#paths): segments joined by ".",
// property names written as they are; the inspector matches a name
// holding "." or "[" by trying the longest property name first. A quoted
// step (an extension) names exactly that property.
func TestPathsContractNamesAsTheyAre(t *testing.T) {
	t.Parallel()
	s := parse(t, dotSchema)
	want := []string{"id: string", "a.x: string", "a: object", "b[c]: string", "a.x: integer", "a.y: boolean"}
	if got := Summarize(s, Options{}).OutputFields(); !slices.Equal(got, want) {
		t.Errorf("summary\n got %q\nwant %q", got, want)
	}
	for _, c := range []struct{ path, wantPath, wantType string }{
		{"a.x", "a.x", "string"},     // the longest property name first: the top-level a.x
		{`["a.x"]`, "a.x", "string"}, // quoted: the top-level a.x
		{`a["x"]`, "a.x", "integer"}, // quoted: a's x
		{"b[c]", "b[c]", "string"},   // a name holding "["
		{"a.y", "a.y", "boolean"},    // no longer name: a's y
		{"a.x.", "a.x", "string"},    // a trailing "." is dropped
	} {
		got, err := Inspect(s, c.path, Options{})
		if err != nil {
			t.Errorf("inspect %s: %v", c.path, err)
			continue
		}
		if got.FieldPath != c.wantPath || got.NodeType != c.wantType {
			t.Errorf("inspect %s: (%q, %q), want (%q, %q)", c.path, got.FieldPath, got.NodeType, c.wantPath, c.wantType)
		}
	}
}

// Text writes a path as the inspector reads it back to that very node:
// plain where the longest-name rule finds it, a step quoted where not.
func TestTextReadsBackToThePath(t *testing.T) {
	t.Parallel()
	s := parse(t, dotSchema)
	root := fieldpath.Root(fieldpath.Output)
	for _, c := range []struct {
		path fieldpath.Path
		want string
	}{
		{root.Prop("a.x"), "a.x"},
		{root.Prop("a").Prop("x"), `a["x"]`},
		{root.Prop("a").Prop("y"), "a.y"},
		{root.Prop("b[c]"), "b[c]"},
		{root.Prop("nope"), "nope"},
	} {
		if got := Text(s, c.path); got != c.want {
			t.Errorf("Text(%s) = %q, want %q", c.path.Quoted(), got, c.want)
		}
	}
}

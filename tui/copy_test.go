package tui

import (
	"testing"

	"mcpeek/internal/testkit"
	"mcpeek/model/fieldpath"
	"mcpeek/summarizer"
)

// Trap 8: the path copied from a map's <any key> line is one inspect
// accepts, and the line can be copied as a command or a call.
func TestCopyFromAnyKeyLineIsInspectable(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 100, 30)
	h.selectTool("docs_get_document")
	h.keys("v") // the schema view
	if _, ok := h.m.currentTree().Open(outPath("footnotes.<any key>")); !ok {
		t.Fatal("no footnotes.<any key> line")
	}
	h.keys("y", "p")
	path := h.m.Copied()
	schema := testkit.Parse(t, h.m.current.Tool.OutputSchema)
	if _, err := summarizer.Inspect(schema, path, summarizer.Options{}); err != nil {
		t.Errorf("copied %q, which inspect refuses: %v", path, err)
	}
	if path != "footnotes" {
		t.Errorf("copied %q, want the map's path", path)
	}
	for _, c := range []struct{ key, want string }{
		{"c", "mcpeek inspect demo.docs_get_document footnotes"},
		{"i", `inspect_tool_output(tool_id="demo.docs_get_document", field_path="footnotes")`},
		{"j", "/footnotes/{key}"},
	} {
		h.keys("y", c.key)
		if h.m.Copied() != c.want {
			t.Errorf("y %s copied %q, want %q", c.key, h.m.Copied(), c.want)
		}
	}
	// An argument's line is no output path: the call is refused, not made up.
	if _, ok := h.m.currentTree().Open(fieldpath.MustParse("document_id", fieldpath.Input)); !ok {
		t.Fatal("no document_id line")
	}
	before := h.m.Copied()
	h.keys("y", "c")
	if h.m.Copied() != before || !h.m.status.isErr {
		t.Errorf("copied %q from an argument's line", h.m.Copied())
	}
}

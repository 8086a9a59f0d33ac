package tui

import (
	"slices"
	"testing"

	"mcpeek/model"
	"mcpeek/tui/kit"
	"mcpeek/tui/resultview"
)

// TestWalkParsesEachSchemaOnce counts the schemas read in one explorer
// walk: start (the totals' descriptors, the change marks' lint), find a
// field (the search index), open two tools, call each once. Every part
// asks for the tool's one parse (model.ParseTool), so each tool's schema
// is read once; two tools that declare the same bytes are read once each.
//
// The demo tools' schemas get a trailing space before anything reads
// them.
func TestWalkParsesEachSchemaOnce(t *testing.T) {
	b := demoCalls(t, demoResult(t))
	distinct := map[string]bool{}
	schemas := 0
	tools := b.servers[0].Tools
	for i := range tools {
		tl := &tools[i]
		for _, raw := range []*[]byte{(*[]byte)(&tl.InputSchema), (*[]byte)(&tl.OutputSchema)} {
			if len(*raw) > 0 {
				*raw = append(slices.Clip(*raw), ' ')
				distinct[string(*raw)] = true
				schemas++
			}
		}
	}
	before := model.Parses()
	h := newHarness(t, b, 120, 40)
	h.m.term.focus = focusTools
	h.keys("f") // the field search indexes every tool's fields
	if h.m.fields.index == nil {
		t.Fatal("f built no field index")
	}
	h.keys("esc")
	for _, name := range []string{"shop_get_order", "docs_get_document"} {
		h.pickTool(name)
		h.run(h.callShown("{}"))
		if o := h.m.current.Last; o == nil || o.Check == nil || !o.Check.Checked {
			t.Fatalf("%s: the call's result was not checked: %+v", name, o)
		}
	}
	parses := model.Parses() - before
	t.Logf("%d schema parses for %d schemas, %d distinct", parses, schemas, len(distinct))
	if parses != int64(schemas) {
		t.Errorf("the walk read %d schemas for %d, want one each", parses, schemas)
	}
}

// TestCallDecodesStructuredContentOnce: the check's decoded result is the
// one every result tree of the call shows, however often the pane is
// built again.
func TestCallDecodesStructuredContentOnce(t *testing.T) {
	h := newHarness(t, demoCalls(t, demoResult(t)), 120, 40)
	h.pickTool("shop_get_order")
	h.run(h.callShown("{}"))
	o := h.m.current.Last
	if o == nil || o.Check == nil || o.Structured == nil || o.Structured != o.Check.Value {
		t.Fatalf("the outcome's structuredContent is not the check's decoded value: %+v", o)
	}
	for range 2 {
		h.m.current.ShowOutcome(nil)
		found := false
		for n := viewPane(t, h.m.current, "result").(kit.TreeHolder).Tree().First(); n != nil; n = n.Next() {
			if d, ok := n.Data().(*resultview.ValueLine); ok && n.Name == "structuredContent" {
				found = d.V == o.Structured
			}
		}
		if !found {
			t.Fatal("the result tree decoded structuredContent again")
		}
	}
}

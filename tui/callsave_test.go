package tui

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient"
	"mcpeek/mcpclient/calls"
	"mcpeek/model"
	"mcpeek/model/fieldpath"
	"mcpeek/summarizer/resultcheck"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/dialog"
	"mcpeek/tui/resultview"
	"mcpeek/tui/toolview"
)

const orderArgs = `{"order_id":"5601234042"}`

// calledOrder is the demo's shop_get_order called with orderArgs (its
// canned result), the calls file in a temporary directory.
func calledOrder(t *testing.T) (*harness, string) {
	h := newHarness(t, demoCalls(t, demoResult(t)), 100, 30)
	path := filepath.Join(t.TempDir(), calls.DefaultFile)
	h.m.calls.saved = newSavedCalls(path)
	h.selectTool("shop_get_order")
	h.run(h.callShown(orderArgs))
	if h.m.view.kind != toolview.ResultKind() || h.m.current.Last == nil || h.m.current.Last.Result == nil {
		t.Fatalf("no result shown:\n%s", h.screen())
	}
	return h, path
}

// name clears the one-line field of the dialog on top and types s.
func (h *harness) name(s string) {
	d, ok := h.m.dialogs.Top().(*dialog.Text)
	if !ok {
		h.t.Fatalf("no name prompt on top: %T\n%s", h.m.dialogs.Top(), h.screen())
	}
	for range len([]rune(d.Field().Value())) {
		h.keys("backspace")
	}
	h.typeText(s)
}

// moveTo moves the cursor of the result view down to the line of path.
func (h *harness) moveTo(path string) {
	h.t.Helper()
	for i := 0; h.cursorPath() != path; i++ {
		if i > 200 {
			h.t.Fatalf("the cursor does not reach %q (at %q):\n%s", path, h.cursorPath(), h.screen())
		}
		h.keys("j")
	}
}

func readCalls(t *testing.T, path string) *calls.File {
	t.Helper()
	f, err := calls.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// S on a result: the name prompt offers the tool's name; enter writes the
// call with its arguments and the default assertion, as `call --save`
// does; a taken name is refused in the prompt and the file left as it
// was; with no result S says how to get one.
func TestSaveCallKey(t *testing.T) {
	t.Parallel()
	h, path := calledOrder(t)
	h.keys("S")
	d, ok := h.m.dialogs.Top().(*dialog.Text)
	if !ok || d.Field().Value() != "shop_get_order" {
		t.Fatalf("S opened %T\n%s", h.m.dialogs.Top(), h.screen())
	}
	if scr := h.screen(); !strings.Contains(scr, "save the call to "+path[:10]) || !strings.Contains(scr, "name: shop_get_order") {
		t.Errorf("the prompt:\n%s", scr)
	}
	h.name("order-1042")
	h.keys("enter")
	if h.m.dialogs.Top() != nil {
		t.Fatalf("the prompt stayed open:\n%s", h.screen())
	}
	if !strings.Contains(h.m.status.text, `saved call "order-1042" to `+path) {
		t.Errorf("status %q", h.m.status.text)
	}
	f := readCalls(t, path)
	c := f.Find("order-1042")
	if len(f.Calls) != 1 || c == nil || c.Tool != "demo.shop_get_order" || callKey("", c.Arguments) != callKey("", json.RawMessage(orderArgs)) ||
		c.Expect.OutputSchema == nil || !*c.Expect.OutputSchema || c.Expect.IsError != nil || len(c.Expect.Paths) != 0 {
		t.Fatalf("saved %+v", f.Calls)
	}
	before, _ := os.ReadFile(path)

	h.keys("S")
	h.name("order-1042")
	h.keys("enter")
	d, ok = h.m.dialogs.Top().(*dialog.Text)
	if !ok || !strings.Contains(d.Refused(), `a call named "order-1042" is in the file already (line 4)`) {
		t.Fatalf("a taken name: %T %+v", h.m.dialogs.Top(), d)
	}
	if !strings.Contains(h.screen(), "is in the file already") {
		t.Errorf("the refusal is not shown:\n%s", h.screen())
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Error("a refused name changed the file")
	}
	h.keys("esc")
	if h.m.dialogs.Top() != nil {
		t.Fatal("esc did not close the prompt")
	}

	h.keys("tab")
	h.selectTool("shop_list_orders")
	h.keys("S")
	if h.m.dialogs.Top() != nil || !strings.Contains(h.m.status.text, "no result to save as a call yet") {
		t.Errorf("S with no result: %q", h.m.status.text)
	}
}

// A on a value: equals for a scalar, count for an array, exists for an
// object, and the type for a path through [] whose items differ. The
// first A saves the call (the name prompt), the next ones add to it; the
// status line says what was added.
func TestAssertKey(t *testing.T) {
	t.Parallel()
	h, path := calledOrder(t)
	h.moveTo("financial_status")
	h.keys("A")
	h.name("order")
	h.keys("enter")
	d, ok := h.m.dialogs.Top().(*dialog.Text)
	if !ok || d.Field() == nil || d.Field().Value() != `"partially_refunded"` {
		t.Fatalf("after the name, %T\n%s", h.m.dialogs.Top(), h.screen())
	}
	if scr := h.screen(); !strings.Contains(scr, "assert on financial_status") || !strings.Contains(scr, `equals: "partially_refunded"`) {
		t.Errorf("the assertion prompt:\n%s", scr)
	}
	h.keys("enter")
	if !strings.Contains(h.m.status.text, `added financial_status equals "partially_refunded" to "order"`) || h.m.status.isErr {
		t.Errorf("status %q", h.m.status.text)
	}

	h.moveTo("line_items")
	h.keys("A")
	if d, ok := h.m.dialogs.Top().(*dialog.Text); !ok || d.Field().Value() != "3" {
		t.Fatalf("A on an array of a saved call: %T\n%s", h.m.dialogs.Top(), h.screen())
	}
	h.keys("enter")
	h.keys("l", "j", "l") // line_items[0], open
	h.moveTo("line_items[].quantity")
	h.keys("A")
	if d, ok := h.m.dialogs.Top().(*dialog.Text); !ok || d.Field().Value() != "integer" || d.Field().Prompt() != "type: " {
		t.Fatalf("A on the quantities (2, 1, 1): %T\n%s", h.m.dialogs.Top(), h.screen())
	}
	h.keys("enter")
	h.moveTo("line_items[].price_set")
	h.keys("A")
	if d, ok := h.m.dialogs.Top().(*dialog.Text); !ok || d.Field() != nil || !strings.Contains(h.screen(), "exists") {
		t.Fatalf("A on an object: %T\n%s", h.m.dialogs.Top(), h.screen())
	}
	h.keys("enter")
	if !strings.Contains(h.m.status.text, "added line_items[].price_set exists") {
		t.Errorf("status %q", h.m.status.text)
	}

	f := readCalls(t, path)
	if len(f.Calls) != 1 {
		t.Fatalf("%d calls", len(f.Calls))
	}
	var got []string
	for _, p := range f.Calls[0].Expect.Paths {
		got = append(got, p.String())
	}
	want := []string{`financial_status equals "partially_refunded"`, "line_items count 3", "line_items[].quantity type integer", "line_items[].price_set exists"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("paths\n got %q\nwant %q", got, want)
	}

	// A bad edit is refused in the prompt; esc leaves the file alone.
	h.moveTo("line_items[].requires_shipping")
	h.keys("A")
	d = h.m.dialogs.Top().(*dialog.Text)
	h.typeText("x")
	h.keys("enter")
	if d.Refused() == "" || h.m.dialogs.Top() != d || !strings.Contains(h.screen(), "equals takes a JSON value") {
		t.Fatalf("a bad value taken: %q\n%s", d.Refused(), h.screen())
	}
	h.keys("esc")
	if f2 := readCalls(t, path); len(f2.Calls[0].Expect.Paths) != 4 {
		t.Error("a cancelled assertion was written")
	}

	// A on a line that is no value.
	h.keys("G") // the raw result's section
	h.keys("A")
	if h.m.dialogs.Top() != nil || !h.m.status.isErr {
		t.Errorf("A on the raw result's line: %q", h.m.status.text)
	}
	// A value of the text block, which mcpeek test does not read while
	// there is structuredContent.
	h.keys("k", "l", "j")
	if _, ok := resultview.ValueOf(h.m.currentTree().Cursor()); !ok {
		t.Fatalf("not on a value of the text block:\n%s", h.screen())
	}
	h.keys("A")
	if h.m.dialogs.Top() != nil || !strings.Contains(h.m.status.text, "A asserts on a value of structuredContent") {
		t.Errorf("A in the text block: %q", h.m.status.text)
	}
}

// The walk: the demo's shop_get_order called from its form, S, A on a
// value; the calls file, read back, passes when the call is made again and
// checked as mcpeek test checks it; with the expected value edited to a
// wrong one, it fails, naming the path.
func TestSaveAndAssertWalk(t *testing.T) {
	t.Parallel()
	mgr := demoManager(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := mgr.Start(ctx); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, mgr, 80, 24)
	path := filepath.Join(t.TempDir(), calls.DefaultFile)
	h.m.calls.saved = newSavedCalls(path)
	h.selectTool("shop_get_order")
	h.burst(keyBurst("x", "5601234042", "ctrl+s")...)
	if o := h.m.current.Last; o == nil || o.Result == nil || h.m.view.kind != toolview.ResultKind() {
		t.Fatalf("the form's call: %+v\n%s", o, h.screen())
	}
	h.keys("S")
	h.name("order-1042")
	h.keys("enter")
	h.moveTo("financial_status")
	h.keys("A", "enter")
	if !strings.Contains(h.m.status.text, `added financial_status equals "partially_refunded"`) {
		t.Fatalf("status %q\n%s", h.m.status.text, h.screen())
	}

	run := func() []calls.Assertion {
		t.Helper()
		c := readCalls(t, path).Find("order-1042")
		if c == nil {
			t.Fatal("the call is not in the file")
		}
		tool := h.m.current.Tool
		target, err := resultcheck.NewTarget(model.ParseTool(model.Tool{OutputSchema: tool.OutputSchema}))
		if err != nil {
			t.Fatal(err)
		}
		id := c.ToolIn(mgr.Servers())
		res, err := mgr.CallTool(ctx, id.Server, id.Tool, c.Arguments)
		if err != nil {
			t.Fatal(err)
		}
		return c.Check(target, calls.Result{IsError: res.IsError, Structured: res.StructuredContent, Text: res.Text})
	}
	if vs := run(); !calls.Passed(vs) || len(vs) != 3 {
		t.Fatalf("the saved call does not pass: %+v", vs)
	}

	h.keys("A")
	d := h.m.dialogs.Top().(*dialog.Text)
	for range len(d.Field().Value()) {
		h.keys("backspace")
	}
	h.typeText(`"paid"`)
	h.keys("enter")
	if !h.m.status.isErr || !strings.Contains(h.m.status.text, `added financial_status equals "paid" to "order-1042"; fails on this result: got "partially_refunded"`) {
		t.Errorf("status %q", h.m.status.text)
	}
	var failed []string
	for _, v := range run() {
		if !v.OK {
			failed = append(failed, v.Kind+" "+v.Path+": expected "+v.Expected+", got "+v.Got)
		}
	}
	if want := `equals financial_status: expected "paid", got "partially_refunded"`; strings.Join(failed, "|") != want {
		t.Errorf("failures %q, want %q", failed, want)
	}
}

// The path A writes starts at the root of structuredContent, also inside
// an envelope's data (where the line's own path, which y copies, starts
// inside data); a key the path grammar would misread is quoted.
func TestCallsPath(t *testing.T) {
	t.Parallel()
	root, err := model.DecodeJSON([]byte(`{"data": {"items": [{"a.b": 1, "n": 2}]}, "meta": {"page": 1}}`))
	if err != nil {
		t.Fatal(err)
	}
	top := &resultview.ValueLine{V: root, Envelope: true}
	find := func(kids []*schematree.Node, name string) *schematree.Node {
		for _, k := range kids {
			if k.Name == name {
				return k
			}
		}
		t.Fatalf("no %s", name)
		return nil
	}
	data := find(resultview.ValueKids(fieldpath.Root(fieldpath.Output), top), "data")
	items := find(resultview.LoadValue(data), "items")
	item := find(resultview.LoadValue(items), "[0]")
	n := find(resultview.LoadValue(item), "n")
	meta := find(resultview.ValueKids(fieldpath.Root(fieldpath.Output), top), "meta")
	page := find(resultview.LoadValue(meta), "page")
	for _, c := range []struct {
		node      *schematree.Node
		row, path string
	}{
		{n, "items[].n", "data.items[].n"},
		{items, "items", "data.items"},
		{page, "meta.page", "meta.page"},
	} {
		d, _ := resultview.ValueOf(c.node)
		if p, why := callsPath(d); c.node.Path.String() != c.row || p != c.path || why != "" {
			t.Errorf("line %q: calls path %q (%s), want %q", c.node.Path, p, why, c.path)
		}
	}
	d, _ := resultview.ValueOf(find(resultview.LoadValue(item), "a.b"))
	if p, why := callsPath(d); p != `data.items[]["a.b"]` || why != "" {
		t.Errorf("a dotted key: %q (%s)", p, why)
	}
}

// An error result is saved expecting one, as `call --save` does; A has no
// values to assert on there.
func TestSaveCallOfAnErrorResult(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoCalls(t, func(context.Context, string, string, json.RawMessage, mcpclient.CallOptions) (*mcpclient.CallResult, error) {
		return resultOf(t, map[string]any{"isError": true, "content": []any{map[string]any{"type": "text", "text": "no such order"}}}), nil
	}), 100, 30)
	path := filepath.Join(t.TempDir(), "ci.calls.json")
	h.m.calls.saved = newSavedCalls(path)
	h.selectTool("shop_get_order")
	h.run(h.callShown(`{"order_id": "0"}`))
	h.keys("A")
	if h.m.dialogs.Top() != nil || !strings.Contains(h.m.status.text, "an error result") {
		t.Errorf("A on an error result: %q", h.m.status.text)
	}
	h.keys("S", "enter")
	if !strings.Contains(h.m.status.text, "expecting isError: true") {
		t.Errorf("status %q", h.m.status.text)
	}
	c := readCalls(t, path).Find("shop_get_order")
	if c == nil || c.Expect.IsError == nil || !*c.Expect.IsError {
		t.Fatalf("saved %+v", c)
	}
}

// A calls file that cannot be read is not overwritten: the prompt says
// why, naming the file. A paste is one edit of the name.
func TestSaveCallIntoABrokenFile(t *testing.T) {
	t.Parallel()
	h, path := calledOrder(t)
	if err := os.WriteFile(path, []byte(`{"mcpeek_calls": 1, "calls": [`), 0o644); err != nil {
		t.Fatal(err)
	}
	h.keys("S")
	h.name("")
	h.send(tea.PasteMsg{Content: "pasted\x1b[31m-name\n"})
	d := h.m.dialogs.Top().(*dialog.Text)
	if d.Field().Value() != "pasted[31m-name" && d.Field().Value() != "pasted-name" {
		t.Errorf("pasted %q", d.Field().Value())
	}
	h.keys("enter")
	if h.m.dialogs.Top() != d || !strings.Contains(d.Refused(), path) {
		t.Fatalf("a broken file: %q", d.Refused())
	}
	if b, _ := os.ReadFile(path); string(b) != `{"mcpeek_calls": 1, "calls": [` {
		t.Errorf("the broken file was rewritten: %s", b)
	}
}

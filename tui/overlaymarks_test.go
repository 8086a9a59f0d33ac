package tui

import (
	"encoding/json"
	"strings"
	"testing"

	"mcpeek/assets"
	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/summarizer/resultcheck"
	"mcpeek/tui/kit"
	"mcpeek/tui/resultview"
	"mcpeek/tui/toolview"
)

// checkedCall is a demo tool's canned result, checked as `mcpeek call
// --check` checks it, as the last call of the tool's view.
func checkedCall(t testing.TB, v *toolview.View) *toolview.Outcome {
	t.Helper()
	res, ok := assets.DemoResult(v.Tool.Name)
	if !ok {
		t.Fatalf("no canned result for %s", v.Tool.Name)
	}
	target, err := resultcheck.NewTarget(model.ParseTool(model.Tool{OutputSchema: v.Tool.OutputSchema}))
	if err != nil {
		t.Fatal(err)
	}
	return &toolview.Outcome{Outcome: resultview.Outcome{Result: &mcpclient.CallResult{StructuredContent: res},
		Check: target.Check(res, "", resultcheck.Options{}, v.Budget)}}
}

// lineOf is the screen's row that holds text, or "".
func lineOf(screen, text string) string {
	for _, l := range strings.Split(screen, "\n") {
		if strings.Contains(l, text) {
			return l
		}
	}
	return ""
}

// overlaid opens a demo tool at 200x60, lays its canned result over its
// trees and shows the view named.
func overlaid(t *testing.T, tool, view string) *harness {
	h := newHarness(t, demoBackend(t), 200, 60)
	h.selectTool(tool)
	h.m.current.SetCall(checkedCall(t, h.m.current))
	h.m.view.kind = viewNamed(t, view)
	h.m.sizePanes()
	return h
}

// wantLines asserts that the screen has a row holding each line's field
// and everything the check adds after it.
func wantLines(t *testing.T, screen string, want map[string]string) {
	t.Helper()
	for field, marks := range want {
		l := lineOf(screen, field)
		if l == "" || !strings.Contains(l, marks) {
			t.Errorf("%s: want %q in the row %q", field, marks, l)
		}
	}
}

// A drifting result over the schema tree: each field's value, the marks
// at the right fields, the undeclared keys at their object's line.
func TestCallOverlaySchemaTree(t *testing.T) {
	t.Parallel()
	h := overlaid(t, "stale_get_order", "schema")
	wantLines(t, h.screen(), map[string]string{
		"▾ output: object":       "+ undeclared: legacy_order_ref  = object (89 keys)",
		" id*: integer":          "= 5601234042  Order id.",
		"order_number*: integer": "= null  ∅ null not allowed",
		"currency*: string":      "  ✗ missing required  Shop currency.",
		"financial_status*:":     `= "paid_in_full"  ∉ not in enum  ∈ "pending"`,
		"total_price*: string":   "= 402.59  ≠ got number, not string",
		"subtotal_price*:":       `= "312.30"`,
	})
	if l := lineOf(h.screen(), "currency*: string"); strings.Contains(l, "=") {
		t.Errorf("a missing field shows a value: %q", l)
	}
	// Deeper: line_items[] and its money, opened by path.
	tr := h.m.currentTree()
	n, ok := tr.JumpTo(outPath("line_items[].price_set.shop_money.amount"))
	if !ok {
		t.Fatal("no amount line")
	}
	tr.Reveal(n)
	wantLines(t, h.screen(), map[string]string{
		"amount*: string": `= "145.00"  ✗ missing required (1 of 3)`,
		"shop_money*:":    "⊘ not allowed: amount_cents",
	})
	n, _ = tr.JumpTo(outPath("line_items[]"))
	tr.Reveal(n)
	wantLines(t, h.screen(), map[string]string{"line_items[]*: object": "+ undeclared: gift_wrap"})
	// The input schema is not the result's.
	for _, l := range strings.Split(h.screen(), "\n") {
		if strings.Contains(l, "▾ input") && strings.Contains(l, "=") {
			t.Errorf("the input section is overlaid: %q", l)
		}
	}
}

// The summary tree: values on kept lines, and on each fold what it hid
// that the result filled; the header counts and names the folds.
func TestCallOverlaySummaryTree(t *testing.T) {
	t.Parallel()
	h := overlaid(t, "stale_get_order", "summary")
	screen := h.screen()
	wantLines(t, screen, map[string]string{
		"  id: integer":              "= 5601234042",
		"▸ line_items[]: object":     "✗ 2 inside  + undeclared: gift_wrap  ◂ filled 279 hidden  = object (32 keys)",
		"▸ total_price_set:":         "total_price_set: object  ◂ filled 6 hidden  = object (2 keys)",
		"▸ * +59 more fields":        "✗ 4 inside  ◂ filled 440 hidden",
		"✗ result breaks the schema": "946 declared fields present · ✗ 2 missing · ≠ 1 type · ∉ 1 enum · ∅ 1 null · ⊘ 1 not allowed · + 2 undeclared",
		"this result filled":         "this result filled 440 fields hidden behind * · 279 behind line_items[] · 33 behind shipping_lines[]",
		"missing required: ":         "✗ 2 missing required: currency, line_items[].price_set.shop_money.amount (1 of 3) · 1 absent: discount_applications[].description",
	})
	// The header takes three rows (the third names the absent fields):
	// the tree keeps the rest, and a click lands on the line drawn there.
	p := viewPane(t, h.m.current, "summary")
	if tr := p.(kit.TreeHolder).Tree(); tr.Height() != h.m.term.layout.treeH-3 {
		t.Errorf("tree height %d under a pane of %d", tr.Height(), h.m.term.layout.treeH)
	}
	p.Click(3)
	if h.cursorPath() != "id" {
		t.Errorf("a click on the first line under the header selected %q", h.cursorPath())
	}
}

// The overlay follows a refold: the paths are the same, the folds that
// hid data are found again in the new summary.
func TestCallOverlayFollowsRefold(t *testing.T) {
	t.Parallel()
	h := overlaid(t, "stale_get_order", "summary")
	h.keys("tab") // the tools pane: the knobs work from anywhere
	for range 4 {
		h.keys("-")
	}
	screen := h.screen()
	if !strings.Contains(screen, "max_fields 10") {
		t.Fatalf("the knob did not turn:\n%s", screen)
	}
	wantLines(t, screen, map[string]string{
		"  id: integer":      "= 5601234042",
		"this result filled": "this result filled",
		"▸ * +":              "◂ filled",
	})
	if strings.Contains(lineOf(screen, "this result filled"), "behind total_price_set") {
		t.Error("the header still names a fold the refolded summary does not have")
	}
}

// O hides the overlay and shows it again; without a checked call it says
// there is none.
func TestCallOverlayToggle(t *testing.T) {
	t.Parallel()
	h := overlaid(t, "stale_get_order", "schema")
	h.keys("O")
	screen := h.screen()
	if strings.Contains(screen, "result breaks") || strings.Contains(screen, "= 5601234042") {
		t.Fatalf("O did not hide the overlay:\n%s", screen)
	}
	if tr := paneFor[*toolview.SchemaPane](t, h.m.current).Tree(); tr.Height() != h.m.term.layout.treeH {
		t.Errorf("the hidden header keeps its rows: %d of %d", tr.Height(), h.m.term.layout.treeH)
	}
	h.keys("O")
	if !strings.Contains(h.screen(), "= 5601234042") {
		t.Fatal("O did not show the overlay again")
	}
	h = newHarness(t, demoBackend(t), 200, 60)
	h.selectTool("shop_get_product")
	h.keys("O")
	if !strings.Contains(h.screen(), "no checked call of this tool") {
		t.Errorf("O without a call:\n%s", h.screen())
	}
}

// i on a marked line lists its marks in full.
func TestCallOverlayDetails(t *testing.T) {
	t.Parallel()
	h := overlaid(t, "stale_get_order", "schema")
	tr := h.m.currentTree()
	n, _ := tr.JumpTo(outPath("line_items[].price_set.shop_money.amount"))
	tr.Reveal(n)
	h.keys("i")
	screen := h.screen()
	for _, want := range []string{
		"in the last call's result",
		"✗ missing required: expected string (1 of 3)",
	} {
		if !strings.Contains(screen, want) {
			t.Errorf("details lack %q:\n%s", want, screen)
		}
	}
	h.keys("esc")
	n, _ = tr.JumpTo(outPath("line_items[].price_set.shop_money"))
	tr.Reveal(n)
	h.keys("i")
	if !strings.Contains(h.screen(), "⊘ amount_cents: not allowed: the object allows no other keys; got integer") {
		t.Errorf("details lack the key not allowed:\n%s", h.screen())
	}
}

// Under NO_COLOR each kind of mark reads by its glyph and words.
func TestCallOverlayNoColorGlyphs(t *testing.T) {
	t.Parallel()
	h := overlaid(t, "stale_get_order", "schema")
	if !h.m.look.noColor {
		t.Fatal("the harness draws in colour")
	}
	screen := h.screen()
	for _, want := range []string{"✗ missing required", "≠ got number", "∉ not in enum", "∅ null not allowed", "+ undeclared"} {
		if !strings.Contains(screen, want) {
			t.Errorf("no %q on the screen", want)
		}
	}
}

// An envelope: the schema tree writes "data." before the paths the check
// reads inside data; the envelope's own fields are marked too.
func TestCallOverlayEnvelope(t *testing.T) {
	t.Parallel()
	h := overlaid(t, "stale_post_message", "schema")
	h.keys("3")
	wantLines(t, h.screen(), map[string]string{
		"successful*: boolean": "✗ missing required",
		"channel*: string":     `= "C04CHKOUT77"`,
		"message*: object":     "+ undeclared: client_msg_id  = object (15 keys)",
	})
}

// A result's keys and values reach the screen without their escape
// sequences: on the lines, in the header and in the details.
func TestCallOverlaySanitises(t *testing.T) {
	t.Parallel()
	tool := model.Tool{Server: "evil", Name: "t",
		OutputSchema: json.RawMessage(`{"type":"object","properties":{"name":{"type":"string"}}}`)}
	v := toolview.New(tool, defaultBudget)
	res := json.RawMessage("{\"name\":\"a\u009b31mred\",\"k\\u001b]0;pwned\\u0007\":1}")
	target, err := resultcheck.NewTarget(model.ParseTool(model.Tool{OutputSchema: tool.OutputSchema}))
	if err != nil {
		t.Fatal(err)
	}
	v.SetCall(&toolview.Outcome{Outcome: resultview.Outcome{Check: target.Check(res, "", resultcheck.Options{}, v.Budget)}})
	st := kit.NewStyles(true, true)
	p := paneFor[*toolview.SchemaPane](t, v)
	p.Resize(120, 20)
	tr := p.Tree()
	out := p.Render(kit.Frame{Styles: &st})
	out += strings.Join(v.DetailLines(&st, tr.First(), 100), "\n")
	plain := sgrRE.ReplaceAllString(out, "")
	if strings.ContainsAny(plain, "\x1b\u009b\x07") {
		t.Errorf("an escape reached the screen: %q", plain)
	}
	if !strings.Contains(plain, "undeclared: k]0;pwned") && !strings.Contains(plain, "undeclared: k") {
		t.Errorf("the undeclared key is not listed: %q", plain)
	}
}

// A check with no report (nothing structured came back, or nothing was
// checked) still heads the trees with its verdict and note, and marks no
// line.
func TestCallOverlayWithoutReport(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 200, 60)
	h.selectTool("shop_get_order")
	target, err := resultcheck.NewTarget(model.ParseTool(model.Tool{OutputSchema: h.m.current.Tool.OutputSchema}))
	if err != nil {
		t.Fatal(err)
	}
	h.m.current.SetCall(&toolview.Outcome{Outcome: resultview.Outcome{Check: target.Check(nil, "not json", resultcheck.Options{}, h.m.current.Budget)}})
	screen := h.screen()
	if l := lineOf(screen, "result breaks the schema"); !strings.Contains(lineOf(screen, "returned no structuredContent"), "its text is not JSON") || l == "" {
		t.Errorf("no verdict and note:\n%s", screen)
	}
	if strings.Contains(screen, "= ") {
		t.Errorf("a line is marked without a report:\n%s", screen)
	}
	h.m.current.SetCall(&toolview.Outcome{Outcome: resultview.Outcome{Check: &resultcheck.Outcome{Note: "the tool reported an error"}}})
	if !strings.Contains(h.screen(), "result not checked") || !strings.Contains(h.screen(), "the tool reported an error") {
		t.Errorf("an unchecked call:\n%s", h.screen())
	}
	h.m.current.SetCall(&toolview.Outcome{})
	if strings.Contains(h.screen(), "result breaks") || strings.Contains(h.screen(), "not checked") {
		t.Errorf("a call without a check heads the tree:\n%s", h.screen())
	}
}

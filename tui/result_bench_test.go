package tui

import (
	"encoding/json"
	"testing"

	"mcpeek/assets"
	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/tui/kit"
	"mcpeek/tui/resultview"
	"mcpeek/tui/toolview"
)

// bigOrderResult is the demo shop_get_order result with its line items
// repeated to 600, as structuredContent and again as its JSON text (as
// tools send both): about 2 × 3 MB.
func bigOrderResult(b *testing.B) *mcpclient.CallResult {
	b.Helper()
	data, _ := assets.DemoResult("shop_get_order")
	var order map[string]any
	if err := json.Unmarshal(data, &order); err != nil {
		b.Fatal(err)
	}
	items := order["line_items"].([]any)
	var many []any
	for i := range 600 {
		many = append(many, items[i%len(items)])
	}
	order["line_items"] = many
	structured, _ := json.Marshal(order)
	raw, _ := json.Marshal(map[string]any{"structuredContent": json.RawMessage(structured),
		"content": []any{map[string]any{"type": "text", "text": string(structured)}}})
	res := &mcpclient.CallResult{Raw: raw, StructuredContent: structured}
	res.Content, _ = json.Marshal([]any{map[string]any{"type": "text", "text": string(structured)}})
	return res
}

// BenchmarkResultDecodeStdlib is the baseline: encoding/json decoding the
// structuredContent alone into any.
func BenchmarkResultDecodeStdlib(b *testing.B) {
	res := bigOrderResult(b)
	b.ReportAllocs()
	for b.Loop() {
		var v any
		if err := json.Unmarshal(res.StructuredContent, &v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkResultTree: the result view's tree built, as the call's
// command does off the UI loop: structuredContent decoded, the content
// blocks read (a JSON text block is only validated; it is decoded when
// opened).
func BenchmarkResultTree(b *testing.B) {
	res := bigOrderResult(b)
	b.ReportAllocs()
	for b.Loop() {
		if resultview.NewTree(res, toolview.DecodeStructured(res.StructuredContent, nil), false, nil).Len() == 0 {
			b.Fatal("no lines")
		}
	}
}

// BenchmarkResultLand: what the result costs the UI loop when it lands:
// the pane made on the built tree and its first frame drawn at 131×43.
func BenchmarkResultLand(b *testing.B) {
	res := bigOrderResult(b)
	tree := resultview.NewTree(res, toolview.DecodeStructured(res.StructuredContent, nil), false, nil)
	v := toolview.New(model.Tool{Server: "demo", Name: "shop_get_order"}, defaultBudget)
	v.Last = &toolview.Outcome{Outcome: resultview.Outcome{Args: json.RawMessage("{}"), Result: res}}
	st := kit.NewStyles(true, false)
	b.ReportAllocs()
	for b.Loop() {
		v.ShowOutcome(tree)
		p := v.Panes[toolview.ResultKind()]
		p.Resize(131, 43)
		if p.Render(kit.Frame{Styles: &st, Focused: true}) == "" {
			b.Fatal("nothing drawn")
		}
	}
}

// BenchmarkResultOpenItems: l on the 600 line items (their lines made the
// first time) and the frame drawn. Each round needs a fresh tree, built
// with the timer stopped: run it with -benchtime 20x.
func BenchmarkResultOpenItems(b *testing.B) {
	res := bigOrderResult(b)
	st := kit.NewStyles(true, false)
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		v := toolview.New(model.Tool{Server: "demo", Name: "shop_get_order"}, defaultBudget)
		v.Last = &toolview.Outcome{Outcome: resultview.Outcome{Args: json.RawMessage("{}"), Result: res}}
		v.ShowOutcome(resultview.NewTree(res, toolview.DecodeStructured(res.StructuredContent, nil), false, nil))
		p := v.Panes[toolview.ResultKind()]
		p.Resize(131, 43)
		tr := p.(kit.TreeHolder).Tree()
		items := findNode(tr, "line_items")
		b.StartTimer()
		tr.Expand(items)
		tr.Jump(items)
		if p.Render(kit.Frame{Styles: &st, Focused: true}) == "" {
			b.Fatal("nothing drawn")
		}
	}
}

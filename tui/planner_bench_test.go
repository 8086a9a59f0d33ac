package tui

import (
	"encoding/json"
	"os"
	"testing"

	tea "charm.land/bubbletea/v2"

	"mcpeek/internal/testkit"
	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/summarizer/tokens"
)

// paymentsTool is a tool whose output schema is the 313 KB payments
// schema (137 $defs, recursion; the summarizer's benchmark input).
func paymentsTool(tb testing.TB) model.Tool {
	b, err := os.ReadFile("../summarizer/testdata/payments.schema.json")
	if err != nil {
		tb.Fatal(err)
	}
	raw, _ := json.Marshal(map[string]any{"name": "get_payment", "inputSchema": json.RawMessage(`{"type":"object"}`), "outputSchema": json.RawMessage(b)})
	return model.Tool{Server: "pay", Name: "get_payment", InputSchema: []byte(`{"type":"object"}`), OutputSchema: b, Raw: raw}
}

// knobHarness opens a tool in view k at 160x48.
func knobHarness(b *testing.B, tool model.Tool, view string) *harness {
	fb := &fakeBackend{servers: []model.Server{{Name: tool.Server, State: model.StateConnected, Tools: []model.Tool{tool}}}}
	h := newHarness(b, fb, 160, 48)
	if h.m.current == nil {
		b.Fatal("no tool shown")
	}
	h.keys("tab")
	h.m.view.kind = viewNamed(b, view)
	h.send(tea.WindowSizeMsg{Width: 160, Height: 48})
	return h
}

// benchKnobs presses - and + in turn (max_fields 25 and 30) and draws the
// frame: the work on the UI loop for one press, commands not run (the
// token counts they start are measured apart).
func benchKnobs(b *testing.B, tool model.Tool, view string) {
	h := knobHarness(b, tool, view)
	keys := []tea.KeyPressMsg{keyPress("-"), keyPress("+")}
	i := 0
	for b.Loop() {
		h.m.Update(keys[i%2])
		_ = h.m.View()
		i++
	}
}

func BenchmarkKnobSummaryDemo(b *testing.B) {
	benchKnobs(b, testkit.DemoTool(b, "shop_get_order"), "summary")
}
func BenchmarkKnobSummaryPayments(b *testing.B) { benchKnobs(b, paymentsTool(b), "summary") }
func BenchmarkKnobPlannerDemo(b *testing.B) {
	benchKnobs(b, testkit.DemoTool(b, "shop_get_order"), "planner")
}
func BenchmarkKnobPlannerPayments(b *testing.B) { benchKnobs(b, paymentsTool(b), "planner") }
func BenchmarkKnobCompareDemo(b *testing.B) {
	benchKnobs(b, testkit.DemoTool(b, "shop_get_order"), "compare")
}
func BenchmarkKnobComparePayments(b *testing.B) { benchKnobs(b, paymentsTool(b), "compare") }

// BenchmarkFrameCompare draws the 160x48 screen of the compare view of
// the payments schema (10,000 leaves listed), scrolled to the middle.
func BenchmarkFrameCompare(b *testing.B) {
	h := knobHarness(b, paymentsTool(b), "compare")
	h.m.currentPane().Scroll(5_000) // about the middle
	for b.Loop() {
		_ = h.m.View()
	}
}

// BenchmarkSubtreeBadgeCapped is the badge command's work for the root of
// the payments schema: parse its own copy, write the subtree out to
// SCAN_CAP nodes, count it.
func BenchmarkSubtreeBadgeCapped(b *testing.B) {
	tool := paymentsTool(b)
	c := tokens.NewCounter()
	c.Measure("warm up")
	for b.Loop() {
		s, _ := model.ParseSchema(tool.OutputSchema)
		sub := summarizer.WriteSubtree(s, s.Root())
		c.CL100K(string(sub.JSON))
	}
}

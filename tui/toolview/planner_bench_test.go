package toolview

import (
	"testing"

	"mcpeek/internal/testkit"
	"mcpeek/summarizer"
	"mcpeek/summarizer/tokens"
	"mcpeek/tui/kit"
)

// BenchmarkCountPlanner is the planner's background command: the
// descriptor and the 44 KB raw definition of shop_get_order counted in
// cl100k and o200k (vocabularies loaded once, before the loop).
func BenchmarkCountPlanner(b *testing.B) {
	budget := summarizer.Options{MaxFields: 30, MaxDepth: 3}
	v := New(testkit.DemoTool(b, "shop_get_order"), budget)
	p, _ := PaneOf[*PlannerPane](v)
	p.setPlan(newPlannerDoc(v.Parsed, budget))
	e := Env{Budget: budget, Counter: tokens.NewCounter(), Tickets: &kit.Tickets{}}
	e.Counter.Measure("warm up")
	for b.Loop() {
		clear(p.pending)
		clear(p.descSizes)
		p.defSize = nil
		p.measure(e)()
	}
}

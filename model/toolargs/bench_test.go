package toolargs

import (
	"encoding/json"
	"testing"

	"mcpeek/internal/testkit"
)

// BenchmarkCheck is one call's check against a Schema shared by every
// call (how the gateway holds one per op); BenchmarkCheckFirstUse pays the
// compile and the parse too, which sharing pays once per definition.
func BenchmarkCheck(b *testing.B) {
	tool := testkit.DemoTool(b, "shop_list_orders")
	args := json.RawMessage(`{"status":"open","limit":10}`)
	s := New(tool.InputSchema)
	s.Check(args)
	b.ReportAllocs()
	for b.Loop() {
		s.Check(args)
	}
}

func BenchmarkCheckFirstUse(b *testing.B) {
	tool := testkit.DemoTool(b, "shop_list_orders")
	args := json.RawMessage(`{"status":"open","limit":10}`)
	b.ReportAllocs()
	for b.Loop() {
		New(tool.InputSchema).Check(args)
	}
}

package traffic

import (
	"encoding/json"
	"testing"
	"time"

	"mcpeek/gateway"
	"mcpeek/tui/kit"
)

// BenchmarkTrafficOpen builds one call's detail (its request and envelope
// indented, sanitised and tokenised for colour; in a command) and draws it.
func BenchmarkTrafficOpen(b *testing.B) {
	ev := gateway.Event{Time: time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC), TraceID: "tr_0123456789abcdef",
		Tool: "tool_exec", Op: "demo.shop_get_order", Kind: "read", OK: true, LatencyMS: 1.25,
		Request:  json.RawMessage(`{"op":"demo.shop_get_order","args":{"order_id":1001}}`),
		Envelope: json.RawMessage(`{"op":"demo.shop_get_order","ok":true,"result":{"id":1,"name":"#1001","line_items":[{"sku":"A-1","quantity":2}]},"meta":{"trace_id":"tr_0123456789abcdef","latency_ms":1.25,"warnings":[],"registry_version":"7867f99dc1ab"}}`)}
	var st kit.Styles
	for b.Loop() {
		d := newDetail(ev)
		_ = d.render(&st, 160, 45)
	}
}

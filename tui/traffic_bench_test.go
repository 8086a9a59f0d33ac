package tui

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"mcpeek/gateway"
	"mcpeek/model"
	"mcpeek/tui/traffic"
)

// trafficEvents are n calls as the gateway reports them: help, exec and
// failed exec in turn, with bodies of a few hundred bytes.
func trafficEvents(n int) []gateway.Event {
	evs := make([]gateway.Event, n)
	t0 := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	env := json.RawMessage(`{"op":"demo.shop_get_order","ok":true,"result":{"id":1,"name":"#1001","line_items":[{"sku":"A-1","quantity":2}]},"meta":{"trace_id":"tr_0123456789abcdef","latency_ms":1.25,"warnings":[],"registry_version":"7867f99dc1ab"}}`)
	for i := range evs {
		ev := gateway.Event{Time: t0.Add(time.Duration(i) * time.Millisecond), TraceID: fmt.Sprintf("tr_%016x", i),
			Tool: "tool_exec", Op: "demo.shop_get_order", Kind: "read", OK: true, LatencyMS: float64(i%500) / 10,
			Request: json.RawMessage(`{"op":"demo.shop_get_order","args":{"order_id":1001}}`), Envelope: env}
		switch i % 3 {
		case 1:
			ev.Tool, ev.Op, ev.Kind, ev.Request = "tool_help", "demo", "help", json.RawMessage(`{"path":"demo"}`)
		case 2:
			ev.Op, ev.OK, ev.Code = "demo.shop_get_ordr", false, gateway.CodeNotFound
		}
		evs[i] = ev
	}
	return evs
}

func trafficHarness(b *testing.B, w, h int) *harness {
	hs := newHarness(b, &fakeBackend{servers: []model.Server{{Name: "demo", State: model.StateConnected}}}, w, h)
	hs.m.look.noColor = false // drawn in colour, as on a terminal
	hs.m.restyle()
	hs.send(gatewayEventsMsg{events: trafficEvents(traffic.Keep)})
	hs.keys("t")
	if n, _ := hs.m.traffic.Calls(); n != traffic.Keep {
		b.Fatalf("%d calls kept", n)
	}
	return hs
}

// BenchmarkTrafficFrame10k draws the whole 160x48 traffic screen, in
// colour, over 10,000 calls, the cursor in the middle: it costs the rows
// on screen.
func BenchmarkTrafficFrame10k(b *testing.B) {
	h := trafficHarness(b, 160, 48)
	h.keys("g")
	for range traffic.Keep / 2 {
		h.m.traffic.Scroll(1) // the cursor to the middle
	}
	for b.Loop() {
		_ = h.m.View()
	}
}

// BenchmarkTrafficBatch is one message of the bridge into a full log
// (512 calls, the most a message carries), followed on screen: the calls
// added, the oldest dropped, the frame drawn.
func BenchmarkTrafficBatch(b *testing.B) {
	h := trafficHarness(b, 160, 48)
	batch := gatewayEventsMsg{events: trafficEvents(maxEventBatch)}
	for b.Loop() {
		h.m.Update(batch)
		_ = h.m.View()
	}
}

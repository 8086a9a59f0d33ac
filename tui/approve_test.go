package tui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"mcpeek/gateway"
	"mcpeek/model"
	"mcpeek/summarizer/schemadiff"
)

// a on a held-back row of the traffic screen writes the tool as its server
// lists it now into the gateway's lock file; on any other row it says what
// a does.
func TestTrafficApprovesAHeldTool(t *testing.T) {
	t.Parallel()
	b := demoBackend(t)
	lock := schemadiff.FromServers(b.servers[:1])
	tools := lock.Servers[0].Tools
	for i, tl := range tools {
		if tl.Name == "shop_get_order" {
			var def map[string]json.RawMessage
			json.Unmarshal(tl.Raw, &def)
			def["description"] = json.RawMessage(`"Poisoned."`)
			raw, _ := json.Marshal(def)
			tools[i] = model.Tool{Server: "demo", Name: tl.Name, Raw: raw}
		}
	}
	enc, err := lock.Encode()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "mcpeek.lock.json")
	os.WriteFile(path, enc, 0o644)

	h := newHarness(t, b, 120, 30)
	h.m.gw.lock = path
	h.send(gatewayEventsMsg{run: 1, events: []gateway.Event{
		{Time: time.Now(), Tool: "tool_exec", Op: "demo.shop_list_orders", OK: true},
		{Time: time.Now(), Tool: "lock", Kind: "held", Op: "demo.shop_get_order", Code: gateway.CodeToolChanged},
	}})
	h.keys("t", "k", "a")
	if !strings.Contains(h.screen(), `select a "lock" row`) {
		t.Fatalf("a on a call row says what a does:\n%s", h.screen())
	}
	h.keys("j", "a")
	if !strings.Contains(h.screen(), "approved demo.shop_get_order") {
		t.Fatalf("no approval said:\n%s", h.screen())
	}
	after, err := schemadiff.ReadFile(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	if changes := schemadiff.Diff(after, schemadiff.FromServers(b.servers[:1])); len(changes) != 0 {
		t.Fatalf("the lock now holds the tool as listed: %v", changes)
	}
}

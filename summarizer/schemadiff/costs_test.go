package schemadiff

import (
	"strings"
	"testing"

	"mcpeek/summarizer/tokens"
)

// TestCostsAddUp: each changed, added or removed tool is counted before
// and after (its definition as sent, its planner summary), an unchanged
// tool is not listed, and the changes of the tools add up to the
// server's, in bytes, cl100k and o200k.
func TestCostsAddUp(t *testing.T) {
	t.Parallel()
	const same = `{"name": "same", "description": "Unchanged.", "inputSchema": {"type": "object"}}`
	old := snapshotOf(t, same,
		`{"name": "edited", "description": "Gets an order.", "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}}}`,
		`{"name": "gone", "description": "Removed.", "inputSchema": {"type": "object"}}`)
	new := snapshotOf(t, same,
		`{"name": "edited", "description": "Gets an order by its id, with its line items and their prices.", "inputSchema": {"type": "object", "properties": {"id": {"type": "string", "description": "The order's id."}}}}`,
		`{"name": "fresh", "description": "Added.", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}}`)
	counter := tokens.NewCounter()
	costs := MeasureCosts(old, new, counter)
	if len(costs.Servers) != 1 || len(costs.Tools) != 3 {
		t.Fatalf("want one server and three tools, got %+v", costs)
	}
	var sum tokens.Size
	var sumSummary tokens.Size
	for _, tc := range costs.Tools {
		if tc.Tool == "s.same" {
			t.Errorf("an unchanged tool is listed: %+v", tc)
		}
		sum = plus(sum, tc.Definition.Change())
		sumSummary = plus(sumSummary, tc.Summary.Change())
	}
	server := costs.Servers[0]
	if sum != server.Definition.Change() || sumSummary != server.Summary.Change() {
		t.Errorf("the tools' changes %+v, %+v do not add up to the server's %+v, %+v", sum, sumSummary, server.Definition.Change(), server.Summary.Change())
	}
	edited := costs.Tools[0]
	n, _ := new.Server("s")
	if want := counter.Measure(string(byName(n.Tools)["edited"].Raw)); edited.Tool != "s.edited" || edited.Definition.After != want {
		t.Errorf("the edited tool's definition after is %+v, want %+v (%s)", edited.Definition.After, want, edited.Tool)
	}
	if edited.Definition.Change().CL100K <= 0 || edited.Summary.Change().CL100K <= 0 || edited.Definition.Before.O200K <= 0 {
		t.Errorf("a longer description costs more: %+v", edited)
	}
	if gone := costs.Tools[2]; gone.Tool != "s.gone" || gone.Definition.After != (tokens.Size{}) {
		t.Errorf("a removed tool costs nothing after: %+v", gone)
	}
	if w := server.Definition.Words(); !strings.HasPrefix(w, "+") || !strings.Contains(w, "tokens, +") {
		t.Errorf("words %q", w)
	}
	if len(MeasureCosts(new, new, counter).Servers) != 0 {
		t.Error("no change costs nothing")
	}
}

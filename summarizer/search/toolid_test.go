package search

import (
	"encoding/json"
	"testing"

	"mcpeek/model"
)

// TestHitsKeepDottedToolsApart: two tools whose ids read alike as text
// ("a.b.c.d") give hits with different ToolIDs.
func TestHitsKeepDottedToolsApart(t *testing.T) {
	t.Parallel()
	out := json.RawMessage(`{"type":"object","properties":{"email":{"type":"string"}}}`)
	ab, a := model.ToolID{Server: "a.b", Tool: "c.d"}, model.ToolID{Server: "a", Tool: "b.c.d"}
	ix := NewIndex([]model.Tool{{Server: ab.Server, Name: ab.Tool, OutputSchema: out}, {Server: a.Server, Name: a.Tool, OutputSchema: out}})
	hits := ix.Search("email", Output, 10)
	got := map[model.ToolID]bool{}
	for _, h := range hits {
		got[h.ToolID] = true
	}
	if len(hits) != 2 || !got[ab] || !got[a] {
		t.Errorf("hits %+v, want one of each tool", hits)
	}
}

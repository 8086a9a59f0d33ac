package lint

import (
	"testing"

	"mcpeek/model"
)

// TestFindingsKeepDottedToolsApart: two tools whose ids read alike as
// text ("a.b.c.d") have findings of their own, each naming its tool.
func TestFindingsKeepDottedToolsApart(t *testing.T) {
	t.Parallel()
	ab, a := model.ToolID{Server: "a.b", Tool: "c.d"}, model.ToolID{Server: "a", Tool: "b.c.d"}
	tool := func(id model.ToolID) model.Tool {
		return model.Tool{Server: id.Server, Name: id.Tool, InputSchema: []byte(`{"type":"object"}`),
			Raw: []byte(`{"name":"` + id.Tool + `","inputSchema":{"type":"object"}}`)}
	}
	per := map[model.ToolID]int{}
	for _, f := range Lint([]model.Tool{tool(ab), tool(a)}, Clients()) {
		per[f.Tool]++
	}
	if len(per) != 2 || per[ab] == 0 || per[ab] != per[a] {
		t.Errorf("findings per tool %v, want as many for each of the two", per)
	}
}

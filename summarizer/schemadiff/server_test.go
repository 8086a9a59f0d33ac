package schemadiff

import (
	"testing"

	"mcpeek/model"
)

// TestDiffServer: a changed tool's changes under its name, a removed
// tool's under gone, an added tool nowhere.
func TestDiffServer(t *testing.T) {
	t.Parallel()
	tool := func(name, in string) model.Tool {
		raw := `{"name":"` + name + `","inputSchema":` + in + `}`
		return model.Tool{Server: "s", Name: name, InputSchema: []byte(in), Raw: []byte(raw)}
	}
	old := []model.Tool{tool("a", `{"type":"object"}`), tool("b", `{"type":"object","properties":{"x":{"type":"string"}}}`)}
	new := []model.Tool{tool("a", `{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}`), tool("c", `{"type":"object"}`)}
	byTool, gone := DiffServer("s", old, new)
	if len(byTool["a"]) == 0 || len(byTool["c"]) != 0 || len(byTool) != 1 {
		t.Errorf("byTool = %v, want changes for a alone", byTool)
	}
	if len(gone) != 1 || gone[0].Tool != (model.ToolID{Server: "s", Tool: "b"}) || gone[0].Kind != ToolRemoved {
		t.Errorf("gone = %v, want b removed", gone)
	}
}

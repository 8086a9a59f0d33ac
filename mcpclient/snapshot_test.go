package mcpclient

import (
	"encoding/json"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/model"
)

// A snapshot shares the listed tools instead of copying them (the gateway
// takes one per call), and an append to it cannot reach the Manager's list.
func TestSnapshotsShareTools(t *testing.T) {
	t.Parallel()
	srv := server.NewMCPServer("demo", "1")
	for _, name := range []string{"a", "b"} {
		srv.AddTool(mcp.NewToolWithRawSchema(name, "", json.RawMessage(`{"type":"object"}`)), textResult("1"))
	}
	m := startManager(t, Config{}, WithInProcess("demo", srv))
	one, two := m.Servers()[0].Tools, m.Servers()[0].Tools
	if len(one) != 2 || &one[0] != &two[0] {
		t.Fatalf("two snapshots hold two copies of the tools (%d tools)", len(one))
	}
	if tools := m.Tools("demo"); len(tools) != 2 || &tools[0] != &one[0] {
		t.Errorf("Tools copies the tools")
	}
	_ = append(one, model.Tool{Name: "c"})
	if got := m.Servers()[0].Tools; len(got) != 2 || cap(got) != 2 {
		t.Errorf("an append to a snapshot reached the Manager: %d tools, cap %d", len(got), cap(got))
	}
}

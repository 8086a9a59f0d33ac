package mcpclient

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"mcpeek/assets"
	"mcpeek/model"
	"mcpeek/model/fieldpath"
	"mcpeek/summarizer/schemadiff"
)

// TestLiveDiffAfterListChanged snapshots the demo server through the
// client, changes one tool on the server (which sends tools/list_changed),
// and diffs the snapshot with what the client lists then.
func TestLiveDiffAfterListChanged(t *testing.T) {
	t.Parallel()
	srv, err := assets.NewDemoServer("test")
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewManager(Config{}, WithInProcess("demo", srv))
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := m.Start(ctx); err != nil {
		t.Fatal(err)
	}
	before := schemadiff.FromServers(m.Servers())
	if s := before.Servers[0]; s.Implementation.Name != "mcpeek-demo" || s.Implementation.Version != "test" || s.ProtocolVersion == "" {
		t.Errorf("server identity not snapshotted: %+v", s.Implementation)
	}

	var old model.Tool
	for _, tool := range before.Servers[0].Tools {
		if tool.Name == "util_echo" {
			old = tool
		}
	}
	var input map[string]any
	if err := json.Unmarshal(old.InputSchema, &input); err != nil {
		t.Fatal(err)
	}
	input["required"] = []string{"message", "repeat"}
	changed, _ := json.Marshal(input)
	var tool mcp.Tool
	if err := json.Unmarshal(old.Raw, &tool); err != nil {
		t.Fatal(err)
	}
	tool.InputSchema, tool.RawInputSchema = mcp.ToolInputSchema{}, changed
	srv.AddTool(tool,
		func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText("ok"), nil
		})

	// The client publishes an event each time it lists again; the first
	// ones may be from connecting.
	for echoRaw(m) == string(old.Raw) {
		select {
		case <-m.Events():
		case <-ctx.Done():
			t.Fatal("the client did not list the changed tool")
		}
	}
	changes := schemadiff.Diff(before, schemadiff.FromServers(m.Servers()))
	want := schemadiff.Change{Tool: model.ToolID{Server: "demo", Tool: "util_echo"}, Path: fieldpath.Root(schemadiff.OnInput).Prop("repeat"), Class: schemadiff.Breaking, Kind: schemadiff.InputRequired,
		Detail: "input became required: callers that do not send it are refused"}
	if len(changes) != 1 || !reflect.DeepEqual(changes[0], want) {
		t.Errorf("changes = %+v, want only %+v", changes, want)
	}
}

func echoRaw(m *Manager) string {
	for _, tool := range m.Tools("demo") {
		if tool.Name == "util_echo" {
			return string(tool.Raw)
		}
	}
	return ""
}

package assets

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
)

// TestDemoServerServesEveryTool lists the demo server's tools in-process and
// calls each one.
func TestDemoServerServesEveryTool(t *testing.T) {
	srv, err := NewDemoServer("test")
	if err != nil {
		t.Fatal(err)
	}
	c, err := client.NewInProcessClient(srv)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	init := mcp.InitializeRequest{}
	init.Params.ProtocolVersion = mcp.LATEST_PROTOCOL_VERSION
	init.Params.ClientInfo = mcp.Implementation{Name: "test", Version: "0"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	list, err := c.ListTools(ctx, mcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var want []json.RawMessage
	if err := json.Unmarshal(DemoTools(), &want); err != nil {
		t.Fatal(err)
	}
	if len(list.Tools) != len(want) || len(want) < 10 {
		t.Fatalf("listed %d tools, tools.json has %d", len(list.Tools), len(want))
	}
	compared := 0
	for _, tool := range list.Tools {
		req := mcp.CallToolRequest{}
		req.Params.Name = tool.Name
		req.Params.Arguments = map[string]any{}
		res, err := c.CallTool(ctx, req)
		if err != nil {
			t.Fatalf("%s: %v", tool.Name, err)
		}
		if res.IsError {
			t.Errorf("%s: error result %+v", tool.Name, res.Content)
		}
		canned, _ := DemoResult(tool.Name)
		if res.StructuredContent != nil {
			compared++
			got, _ := json.Marshal(res.StructuredContent)
			var a, b any
			json.Unmarshal(got, &a)
			json.Unmarshal(canned, &b)
			ga, _ := json.Marshal(a)
			gb, _ := json.Marshal(b)
			if string(ga) != string(gb) {
				t.Errorf("%s: structuredContent differs from the canned result", tool.Name)
			}
		}
	}
	if compared < len(want)-1 {
		t.Errorf("only %d of %d tools returned structured content", compared, len(want))
	}
}

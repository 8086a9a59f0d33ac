package gateway

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"mcpeek/internal/testkit"
	"mcpeek/mcpclient"
	"mcpeek/model"
)

// BenchmarkOpHelp is the gateway's own cost for the discovery requests
// that read an op's schemas, inside mcp-go (no transport): tool_help of
// one op in the full format (its arguments, usage, folded output fields),
// and inspect_tool_output of a field of its output schema. The op is the
// demo's shop_get_order (46 KB output schema, 45 $defs).
func BenchmarkOpHelp(b *testing.B) {
	tool := testkit.DemoTool(b, "shop_get_order")
	up := fakeUpstreams{
		servers: []model.Server{{Name: "demo", State: model.StateConnected, Tools: []model.Tool{tool}}},
		result:  &mcpclient.CallResult{Raw: json.RawMessage(`{}`)},
	}
	g, err := New(up, Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer g.Close()
	ctx := context.Background()
	init := `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"b","version":"1"}}}`
	g.MCPServer().HandleMessage(ctx, json.RawMessage(init))
	for _, c := range []struct{ name, req, want string }{
		{"help", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"tool_help","arguments":{"path":"demo.shop_get_order","format":"full"}}}`, "output_fields"},
		{"inspect", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"tool_exec","arguments":{"op":"toolbox.inspect_tool_output","args":{"tool_id":"demo.shop_get_order","field_path":"line_items[]"}}}}`, "line_items"},
	} {
		b.Run(c.name, func(b *testing.B) {
			req := json.RawMessage(c.req)
			res, _ := json.Marshal(g.MCPServer().HandleMessage(ctx, req))
			if !strings.Contains(string(res), c.want) || strings.Contains(string(res), `"isError":true`) {
				b.Fatalf("%s", res)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				g.MCPServer().HandleMessage(ctx, req)
			}
		})
	}
}

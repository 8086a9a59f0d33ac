package gateway

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"mcpeek/mcpclient"
)

func TestStdioServe(t *testing.T) {
	for _, mode := range []string{"gateway", "gateway-direct"} {
		t.Run(mode, func(t *testing.T) {
			m, err := mcpclient.NewManager(mcpclient.Config{Servers: []mcpclient.ServerConfig{helperConfig("gw", mode)}})
			if err != nil {
				t.Fatal(err)
			}
			defer m.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			if err := m.Start(ctx); err != nil {
				t.Fatal(err)
			}
			tools := m.Tools("gw")
			if s, _ := m.Server("gw"); len(tools) == 0 {
				t.Fatalf("no tools: %s %v", s.Err, s.Stderr)
			}
			var res *mcpclient.CallResult
			if mode == "gateway" {
				if len(tools) != 3 {
					t.Fatalf("%v", names(tools))
				}
				res, err = m.CallTool(ctx, "gw", "tool_exec", json.RawMessage(`{"op":"demo.util_echo","args":{"message":"hi"}}`))
			} else {
				if len(tools) != 15 || tools[0].Name != "inspect_tool_output" {
					t.Fatalf("%v", names(tools))
				}
				res, err = m.CallTool(ctx, "gw", "demo__util_echo", json.RawMessage(`{"message":"hi"}`))
			}
			if err != nil || res.IsError || !strings.Contains(res.Text, "Hello from the mcpeek demo server") {
				t.Fatalf("%v %s", err, res.Raw)
			}
		})
	}
}

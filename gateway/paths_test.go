package gateway

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/mcpclient"
	"mcpeek/summarizer"
)

// The gateway writes paths as summaries do (docs/summary.md#paths): names
// as they are in tool_help's output fields, in inspect_tool_output's
// answer and in its error's children; it reads a field_path by the
// longest property name first, a quoted step as exactly that property.
func TestGatewayPathsNamesAsTheyAre(t *testing.T) {
	t.Parallel()
	srv := server.NewMCPServer("dots", "1", server.WithToolCapabilities(true))
	srv.AddTool(mcp.Tool{Name: "t", Description: "Dotted names.", RawInputSchema: json.RawMessage(`{"type":"object"}`),
		RawOutputSchema: json.RawMessage(`{"type":"object","properties":{"id":{"type":"string"},"a.x":{"type":"string"},
			"a":{"type":"object","properties":{"x":{"type":"integer"},"y":{"type":"boolean"}}},"b[c]":{"type":"string"}}}`)},
		func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText("{}"), nil
		})
	h := newHarness(t, harnessConfig{noDemo: true, upOpts: []mcpclient.Option{mcpclient.WithInProcess("dots", srv)}})

	help, _ := json.Marshal(h.help("dots.t"))
	for _, want := range []string{`"a.x: string"`, `"a.x: integer"`, `"b[c]: string"`} {
		if !strings.Contains(string(help), want) {
			t.Errorf("tool_help has no %s: %s", want, help)
		}
	}
	if strings.Contains(string(help), `[\"`) {
		t.Errorf("tool_help quotes a name: %s", help)
	}
	for path, want := range map[string]string{"a.x": "string", `["a.x"]`: "string", `a["x"]`: "integer", "b[c]": "string"} {
		env := h.exec("toolbox.inspect_tool_output", map[string]any{"tool_id": "dots.t", "field_path": path})
		mustOK(t, env)
		var in summarizer.Inspection
		json.Unmarshal(env.Result, &in)
		if in.NodeType != want || strings.Contains(in.FieldPath, `["`) {
			t.Errorf("inspect %s: %q %q, want a %s", path, in.FieldPath, in.NodeType, want)
		}
	}
	bad := h.exec("toolbox.inspect_tool_output", map[string]any{"tool_id": "dots.t", "field_path": "a.nope"})
	mustCode(t, bad, CodeNotFound)
	if !strings.Contains(bad.Error.Message, `"a" has children x, y`) {
		t.Errorf("%q", bad.Error.Message)
	}
}

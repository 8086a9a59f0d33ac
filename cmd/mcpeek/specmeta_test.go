package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/internal/testkit"
)

// TestToolsShowDroppedAppsAndIcons: tools marks a tool whose x-mcp-header
// clients drop, names an app tool's ui:// resource and the icons' kinds;
// tools --json and servers --json carry the same; call refuses the dropped
// tool before sending anything; lint reports it; read fetches the app's
// resource with its escape sequences made harmless.
func TestToolsShowDroppedAppsAndIcons(t *testing.T) {
	t.Parallel()
	cfg := serveHTTP(t, testkit.SpecServer())
	out, stderr, code := mcpeek(t, "--config", cfg, "tools")
	for _, want := range []string{
		"dropped by clients, never called: /inputSchema/properties/ids/items: x-mcp-header sits where no chain of properties reaches",
		`never called: /inputSchema/properties/ratio: x-mcp-header is only allowed on a string, integer or boolean parameter; this one has type "number"`,
		"app: ui://spec/view.html (mcpeek read s ui://spec/view.html)",
		"2 icons: image/png 48x48, image/svg+xml dark",
		"Region Lookup — Look a region up.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("tools lacks %q (exit %d):\n%s%s", want, code, out, stderr)
		}
	}
	out, _, _ = mcpeek(t, "--config", cfg, "tools", "--json")
	var tools []toolJSON
	if err := json.Unmarshal([]byte(out), &tools); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	got := map[string]toolJSON{}
	for _, tj := range tools {
		got[strings.TrimPrefix(tj.ToolID, "s.")] = tj
	}
	if got["bad_header"].Dropped == "" || got["region"].Dropped != "" || got["app_view"].App == nil ||
		got["legacy_app"].App.ResourceURI != testkit.AppURI || len(got["region"].Icons) != 2 || got["region"].Title != "Region Lookup" {
		t.Errorf("tools --json: %s", out)
	}
	out, _, _ = mcpeek(t, "--config", cfg, "servers", "--json")
	if !strings.Contains(out, `"icons": [`) || !strings.Contains(out, `"image/png 64x64"`) {
		t.Errorf("servers --json has no icons: %s", out)
	}
	out, stderr, code = mcpeek(t, "--config", cfg, "call", "s.bad_header", "--args", `{"ids":["a"]}`)
	if code == 0 || !strings.Contains(stderr, "not calling bad_header: clients drop this tool, its x-mcp-header annotation breaks the 2026-07-28 rules") {
		t.Errorf("call of a dropped tool: exit %d: %s%s", code, out, stderr)
	}
	out, _, code = mcpeek(t, "--config", cfg, "lint", "s")
	if code != 1 || !strings.Contains(out, "x-mcp-header") {
		t.Errorf("lint: exit %d:\n%s", code, out)
	}
	out, stderr, code = mcpeek(t, "--config", cfg, "read", "s", testkit.AppURI)
	if code != 0 || !strings.Contains(out, "Red") || strings.Contains(out, "\x1b") {
		t.Errorf("read %s: exit %d: %q %s", testkit.AppURI, code, out, stderr)
	}
	out, _, _ = mcpeek(t, "--config", cfg, "resources", "s")
	if !strings.Contains(out, "Release Notes (notes)") || !strings.Contains(out, "1 icon: image/svg+xml any") {
		t.Errorf("resources:\n%s", out)
	}
	out, _, _ = mcpeek(t, "--config", cfg, "prompts", "s")
	if !strings.Contains(out, "Greeting (greet)") || !strings.Contains(out, "1 icon: image/png") {
		t.Errorf("prompts:\n%s", out)
	}
}

// TestCallCheckRootArrayAndScalar: a 2026-07-28 output schema may be of
// any JSON type; call --check holds structuredContent that is an array or
// a scalar at the root to it, and says where it breaks.
func TestCallCheckRootArrayAndScalar(t *testing.T) {
	t.Parallel()
	srv := server.NewMCPServer("roots", "1", server.WithToolCapabilities(true))
	srv.AddTool(mcp.NewTool("ids", mcp.WithRawOutputSchema(json.RawMessage(`{"type":"array","items":{"type":"integer"}}`))),
		func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultStructured([]any{1, "two"}, "[1,\"two\"]"), nil
		})
	srv.AddTool(mcp.NewTool("count", mcp.WithRawOutputSchema(json.RawMessage(`{"type":"integer"}`))),
		func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultStructured(7, "7"), nil
		})
	cfg := serveHTTP(t, srv)
	out, stderr, code := mcpeek(t, "--config", cfg, "call", "s.ids", "--check")
	if code == 0 || !strings.Contains(stderr, "type mismatch     []: expected integer, got string") {
		t.Errorf("ids --check: exit %d:\n%s%s", code, out, stderr)
	}
	out, stderr, code = mcpeek(t, "--config", cfg, "call", "s.count", "--check")
	if code != 0 || !strings.Contains(stderr, "conforms to its output schema") {
		t.Errorf("count --check: exit %d:\n%s%s", code, out, stderr)
	}
}

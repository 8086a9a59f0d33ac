package testkit

import (
	"context"
	"encoding/json"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// AppHTML is the HTML of SpecServer's MCP App resource: more than a screen
// of lines, with escape sequences a terminal must never receive.
const AppHTML = "<!doctype html>\n<html>\n<head><title>\x1b]0;owned\x07Spec view</title></head>\n<body>\n" +
	"<h1>\x1b[31mRed\x1b[0m view</h1>\n<p>line 6</p>\n<p>line 7</p>\n<p>line 8</p>\n<p>line 9</p>\n<p>line 10</p>\n" +
	"<p>line 11</p>\n<p>line 12</p>\n<p>line 13</p>\n</body>\n</html>\n"

// AppURI is the ui:// resource SpecServer's app tools point at.
const AppURI = "ui://spec/view.html"

// SpecServer is an in-process MCP server with what the 2026-07-28
// specification and MCP Apps add to a tool list, for tests:
//
//   - region: a valid x-mcp-header ("Region"), a title and two icons;
//   - bad_header: an x-mcp-header under items, which clients must drop;
//   - number_header: an x-mcp-header on a number parameter (mcp-go refuses
//     to register one, so it is added to tools/list as raw JSON);
//   - app_view and legacy_app: MCP App tools whose UI is AppURI, under
//     _meta.ui.resourceUri and the older _meta["ui/resourceUri"];
//   - the AppURI resource, a titled resource and a titled prompt, each
//     with an icon; the server has a title and an icon.
//
// Every tool answers "called NAME".
func SpecServer() *server.MCPServer {
	hooks := &server.Hooks{}
	hooks.AddAfterListTools(func(_ context.Context, _ any, _ *mcp.ListToolsRequest, res *mcp.ListToolsResult) {
		res.Tools = append(res.Tools, mcp.NewToolWithRawSchema("number_header", "A header on a number.",
			json.RawMessage(`{"type":"object","properties":{"ratio":{"type":"number","x-mcp-header":"Ratio"}}}`)))
	})
	srv := server.NewMCPServer("spec", "1", server.WithTitle("Spec Server"),
		server.WithIcons(mcp.Icon{Src: "https://spec.example/icon.png", MIMEType: "image/png", Sizes: []string{"64x64"}}),
		server.WithToolCapabilities(true), server.WithResourceCapabilities(false, false),
		server.WithPromptCapabilities(false), server.WithHooks(hooks))
	called := func(name string) server.ToolHandlerFunc {
		return func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText("called " + name), nil
		}
	}
	srv.AddTool(withTitleIcons(mcp.NewToolWithRawSchema("region", "Look a region up.",
		json.RawMessage(`{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"}}}`))), called("region"))
	srv.AddTool(mcp.NewToolWithRawSchema("bad_header", "A header under items.",
		json.RawMessage(`{"type":"object","properties":{"ids":{"type":"array","items":{"type":"string","x-mcp-header":"Id"}}}}`)), called("bad_header"))
	app := mcp.NewTool("app_view", mcp.WithDescription("Show the spec view."))
	app.Meta = mcp.NewMetaFromMap(map[string]any{"ui": map[string]any{"resourceUri": AppURI, "visibility": []string{"model", "app"}}})
	srv.AddTool(app, called("app_view"))
	legacy := mcp.NewTool("legacy_app", mcp.WithDescription("Show the spec view, the older way."))
	legacy.Meta = mcp.NewMetaFromMap(map[string]any{"ui/resourceUri": AppURI})
	srv.AddTool(legacy, called("legacy_app"))
	srv.AddResource(mcp.NewResource(AppURI, "spec view", mcp.WithMIMEType("text/html;profile=mcp-app"),
		mcp.WithResourceTitle("Spec View")),
		func(context.Context, mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
			return []mcp.ResourceContents{mcp.TextResourceContents{URI: AppURI, MIMEType: "text/html;profile=mcp-app", Text: AppHTML}}, nil
		})
	srv.AddResource(mcp.NewResource("spec://notes", "notes", mcp.WithResourceTitle("Release Notes"),
		mcp.WithResourceIcons(mcp.Icon{Src: "data:image/svg+xml;base64,PHN2Zy8+", Sizes: []string{"any"}})),
		func(context.Context, mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
			return []mcp.ResourceContents{mcp.TextResourceContents{URI: "spec://notes", Text: "notes"}}, nil
		})
	srv.AddPrompt(mcp.NewPrompt("greet", mcp.WithPromptTitle("Greeting"), mcp.WithPromptDescription("Say hello."),
		mcp.WithPromptIcons(mcp.Icon{Src: "https://spec.example/greet.png", MIMEType: "image/png"})),
		func(context.Context, mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return mcp.NewGetPromptResult("hello", []mcp.PromptMessage{mcp.NewPromptMessage(mcp.RoleUser, mcp.NewTextContent("hello"))}), nil
		})
	return srv
}

// withTitleIcons gives a tool a title and two icons.
func withTitleIcons(t mcp.Tool) mcp.Tool {
	t.Title = "Region Lookup"
	t.Icons = []mcp.Icon{{Src: "https://spec.example/a.png", MIMEType: "image/png", Sizes: []string{"48x48"}},
		{Src: "data:image/svg+xml;base64,PHN2Zy8+", Theme: "dark"}}
	return t
}

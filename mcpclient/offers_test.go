package mcpclient

import (
	"context"
	"net/http/httptest"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// TestListChangedOfResourcesAndPrompts: a server's resources/list_changed
// and prompts/list_changed come out as events of their own, in both eras
// (2026-07-28 in process, through subscriptions/listen; 2025-11-25 over
// HTTP, on the standalone stream).
func TestListChangedOfResourcesAndPrompts(t *testing.T) {
	t.Parallel()
	for _, legacy := range []bool{false, true} {
		name := map[bool]string{false: "2026-07-28 in process", true: "2025-11-25 over HTTP"}[legacy]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			srv := server.NewMCPServer("offers", "1", server.WithResourceCapabilities(false, true), server.WithPromptCapabilities(true))
			var m *Manager
			if legacy {
				ts := httptest.NewServer(server.NewStreamableHTTPServer(srv))
				t.Cleanup(ts.Close)
				m = startManager(t, Config{Servers: []ServerConfig{{Name: "offers", URL: ts.URL + "/mcp", ProtocolVersion: mcp.ProtocolVersion20251125}}})
			} else {
				m = startManager(t, Config{}, WithInProcess("offers", srv))
			}
			srv.AddResource(mcp.NewResource("test://a", "a"), func(context.Context, mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
				return nil, nil
			})
			waitEvent(t, m, "resources changed", func(e Event) bool { return e.Server == "offers" && e.Kind == EventResourcesChanged })
			srv.AddPrompt(mcp.NewPrompt("p"), func(context.Context, mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
				return &mcp.GetPromptResult{}, nil
			})
			waitEvent(t, m, "prompts changed", func(e Event) bool { return e.Server == "offers" && e.Kind == EventPromptsChanged })
		})
	}
}

package mcpclient

import (
	"context"
	"fmt"
	"net/http/httptest"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/model"
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

// TestSubscriptionsShareTheListenStream: on a 2026-07-28 connection
// (over HTTP, where mcp-go's client holds one subscriptions/listen stream
// at a time) subscribing to resources replaces the connection's stream
// with one that asks for them too: the connection is not lost, list_changed
// still arrives, and each subscribed resource's update arrives.
func TestSubscriptionsShareTheListenStream(t *testing.T) {
	t.Parallel()
	srv := server.NewMCPServer("subs", "1", server.WithToolCapabilities(true), server.WithResourceCapabilities(true, true))
	srv.AddTool(mcp.NewTool("first"), textResult("1"))
	// mcp-go's server keeps no subscriptions of its own: the test tells
	// the newest stream that names a resource.
	streams := make(chan server.ClientSession, 8)
	hooks := &server.Hooks{}
	hooks.AddBeforeSubscriptionsListen(func(ctx context.Context, _ any, req *mcp.SubscriptionsListenRequest) {
		if len(req.Params.Notifications.ResourceSubscriptions) > 0 {
			streams <- server.ClientSessionFromContext(ctx)
		}
	})
	server.WithHooks(hooks)(srv)
	ts := httptest.NewServer(server.NewStreamableHTTPServer(srv))
	t.Cleanup(ts.Close)
	m := startManager(t, Config{Servers: []ServerConfig{{Name: "subs", URL: ts.URL + "/mcp", ProtocolVersion: mcp.ProtocolVersion20260728}}})
	ctx := context.Background()
	var stream server.ClientSession
	for _, uri := range []string{"test://a", "test://b"} {
		if err := m.SubscribeResource(ctx, "subs", uri); err != nil {
			t.Fatalf("SubscribeResource(%s): %v", uri, err)
		}
		stream = <-streams
	}
	updated := func(uri string) {
		stream.NotificationChannel() <- mcp.JSONRPCNotification{JSONRPC: mcp.JSONRPC_VERSION, Notification: mcp.Notification{
			Method: string(mcp.MethodNotificationResourceUpdated), Params: mcp.NotificationParams{AdditionalFields: map[string]any{"uri": uri}}}}
	}
	updated("test://a")
	updated("test://b")
	srv.AddTool(mcp.NewTool("second"), textResult("2"))
	want := map[string]bool{"test://a": true, "test://b": true, "tools": true}
	for len(want) > 0 {
		e := waitEvent(t, m, fmt.Sprintf("%v", want), func(e Event) bool {
			return e.Kind == EventResourceUpdated || e.Kind == EventToolsChanged || e.State == model.StateError
		})
		switch {
		case e.State == model.StateError:
			t.Fatalf("the connection was lost: %s", e.Err)
		case e.Kind == EventResourceUpdated:
			delete(want, e.URI)
		case len(m.Tools("subs")) == 2:
			delete(want, "tools")
		}
	}
}

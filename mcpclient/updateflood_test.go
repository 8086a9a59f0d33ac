package mcpclient

import (
	"context"
	"fmt"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// sessionOf captures the first client session of srv, whose notification
// channel a test fills at its own pace: mcp-go's own senders drop a
// notification the channel has no room for.
func sessionOf(srv *server.MCPServer) <-chan server.ClientSession {
	sessions := make(chan server.ClientSession, 1)
	hooks := &server.Hooks{}
	hooks.AddOnRegisterSession(func(_ context.Context, s server.ClientSession) {
		select {
		case sessions <- s:
		default:
		}
	})
	server.WithHooks(hooks)(srv)
	return sessions
}

// updatedNote is a notifications/resources/updated for uri.
func updatedNote(uri string) mcp.JSONRPCNotification {
	return mcp.JSONRPCNotification{JSONRPC: mcp.JSONRPC_VERSION, Notification: mcp.Notification{
		Method: string(mcp.MethodNotificationResourceUpdated), Params: mcp.NotificationParams{AdditionalFields: map[string]any{"uri": uri}}}}
}

// TestUnsolicitedUpdatesIgnored: a server that floods updates of resources
// nobody subscribed to raises no event for them (nor queues any), while an
// update of the subscribed resource, or of a part of it, comes through.
func TestUnsolicitedUpdatesIgnored(t *testing.T) {
	t.Parallel()
	srv := offeringServer(2, server.WithResourceCapabilities(true, false))
	sessions := sessionOf(srv)
	m := startManager(t, Config{}, WithInProcess("o", srv))
	if err := m.SubscribeResource(context.Background(), "o", "mem://r/0"); err != nil {
		t.Fatal(err)
	}
	notes := (<-sessions).NotificationChannel()
	for i := range 500 {
		notes <- updatedNote(fmt.Sprintf("mem://flood/%d", i))
	}
	notes <- updatedNote("mem://r/1")      // listed, but not subscribed to
	notes <- updatedNote("mem://r/0x")     // a name that starts alike
	notes <- updatedNote("mem://r/0/part") // a part of the subscribed one
	notes <- updatedNote("mem://r/0")
	var got []string
	waitEvent(t, m, "the update of mem://r/0", func(e Event) bool {
		if e.Kind == EventResourceUpdated {
			got = append(got, e.URI)
		}
		return e.URI == "mem://r/0"
	})
	if len(got) != 2 || got[0] != "mem://r/0/part" {
		t.Errorf("updates that came through: %d, the first %q; want mem://r/0/part, mem://r/0", len(got), got[:min(len(got), 3)])
	}
}

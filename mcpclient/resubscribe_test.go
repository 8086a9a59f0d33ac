package mcpclient

import (
	"context"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/internal/npmpeers"
)

// subscriptionLog records, per connection of an in-process mcp-go server,
// the resources its client subscribed to: by resources/subscribe, or named
// in a subscriptions/listen filter (2026-07-28), newest request last.
type subscriptionLog struct {
	mu     sync.Mutex
	listen [][]string // each subscriptions/listen request's resources
	tools  []bool     // and whether it asked for tools/list_changed
}

func (l *subscriptionLog) hooks() *server.Hooks {
	h := &server.Hooks{}
	h.AddBeforeAny(func(_ context.Context, _ any, method mcp.MCPMethod, message any) {
		if method != mcp.MethodSubscriptionsListen {
			return
		}
		req, ok := message.(*mcp.SubscriptionsListenRequest)
		if !ok {
			return
		}
		l.mu.Lock()
		l.listen = append(l.listen, slices.Clone(req.Params.Notifications.ResourceSubscriptions))
		l.tools = append(l.tools, req.Params.Notifications.ToolsListChanged)
		l.mu.Unlock()
	})
	return h
}

// asked returns the listen requests so far.
func (l *subscriptionLog) asked() ([][]string, []bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.listen), slices.Clone(l.tools)
}

// waitFor polls until ok holds, failing the test at waitLimit.
func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(waitLimit)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("no %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestResubscribeModern: in the 2026-07-28 era a connection has one
// subscriptions/listen stream, which names every subscribed resource and
// keeps tools/list_changed: subscribing to two resources keeps both and
// the tools, and a reconnect opens the stream again with both.
func TestResubscribeModern(t *testing.T) {
	t.Parallel()
	var log subscriptionLog
	srv := offeringServer(2, server.WithResourceCapabilities(true, false), server.WithToolCapabilities(true), server.WithHooks(log.hooks()))
	m := startManager(t, Config{}, WithInProcess("o", srv))
	ctx := context.Background()
	for _, uri := range []string{"mem://r/0", "mem://r/1"} {
		if err := m.SubscribeResource(ctx, "o", uri); err != nil {
			t.Fatalf("SubscribeResource %s: %v", uri, err)
		}
	}
	both := func(from int) func() bool {
		return func() bool {
			listen, tools := log.asked()
			return len(listen) > from && len(listen[len(listen)-1]) == 2 && tools[len(tools)-1]
		}
	}
	waitFor(t, "listen stream with both resources and the tools", both(0))
	if s, _ := m.Server("o"); s.State.String() != "connected" {
		t.Fatalf("subscribing cost the connection: %s %s", s.State, s.Err)
	}
	before, _ := log.asked()
	if _, err := m.ReconnectWait(ctx, "o"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "listen stream with both resources after the reconnect", both(len(before)))

	// Unsubscribing narrows the stream.
	if err := m.UnsubscribeResource(ctx, "o", "mem://r/0"); err != nil {
		t.Fatal(err)
	}
	listen, _ := log.asked()
	if last := listen[len(listen)-1]; !slices.Equal(last, []string{"mem://r/1"}) {
		t.Errorf("after unsubscribing the stream names %v", last)
	}
}

// TestResubscribeRefused: a subscription the new connection cannot make
// (the server no longer offers subscriptions) is reported as an
// EventSubscriptionEnded naming the resource, and is not tried again.
func TestResubscribeRefused(t *testing.T) {
	t.Parallel()
	srv := offeringServer(1, server.WithResourceCapabilities(true, false))
	m := startManager(t, Config{}, WithInProcess("o", srv))
	ctx := context.Background()
	if err := m.SubscribeResource(ctx, "o", "mem://r/0"); err != nil {
		t.Fatal(err)
	}
	server.WithResourceCapabilities(false, false)(srv)
	if _, err := m.ReconnectWait(ctx, "o"); err != nil {
		t.Fatal(err)
	}
	deadline := time.After(waitLimit)
	for {
		select {
		case ev := <-m.Events():
			if ev.Kind != EventSubscriptionEnded {
				continue
			}
			if ev.Server != "o" || ev.URI != "mem://r/0" || ev.Err == "" {
				t.Errorf("event %+v", ev)
			}
			if got := m.byName["o"].subscriptions(); len(got) != 0 {
				t.Errorf("still subscribed to %v", got)
			}
			return
		case <-deadline:
			t.Fatal("no EventSubscriptionEnded")
		}
	}
}

// TestResubscribeEverything: server-everything (2025-11-25, over stdio)
// sends notifications/resources/updated for the resources a session
// subscribed to (resources/subscribe) when its toggle-subscriber-updates
// tool is called; after a reconnect, a new process, the subscription is
// made again and its updates still arrive.
func TestResubscribeEverything(t *testing.T) {
	t.Parallel()
	node, modules := npmpeers.Find(t)
	cfg := Config{Servers: []ServerConfig{{Name: "everything", Source: "test", Command: node,
		Args: []string{filepath.Join(npmpeers.Package(modules, "@modelcontextprotocol/server-everything"), "dist", "index.js"), "stdio"}}}}
	m := startManager(t, cfg)
	ctx := context.Background()
	const uri = "demo://resource/static/document/architecture.md"
	if err := m.SubscribeResource(ctx, "everything", uri); err != nil {
		t.Fatal(err)
	}
	updated := func(when string) {
		t.Helper()
		if _, err := m.CallTool(ctx, "everything", "toggle-subscriber-updates", nil); err != nil {
			t.Fatal(err)
		}
		deadline := time.After(waitLimit)
		for {
			select {
			case ev := <-m.Events():
				if ev.Kind == EventResourceUpdated && ev.URI == uri {
					return
				}
			case <-deadline:
				t.Fatalf("%s: no update of %s", when, uri)
			}
		}
	}
	updated("first connection")
	if _, err := m.ReconnectWait(ctx, "everything"); err != nil {
		t.Fatal(err)
	}
	updated("after the reconnect")
}

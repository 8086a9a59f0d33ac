package mcpclient

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/model"
)

// TestSubscribeAndLogLevel: a subscribed resource's change arrives as an
// event naming its URI; SetLogLevel refuses an unknown level, and once set
// to debug the server's debug messages arrive (on each request, in the
// 2026-07-28 era).
func TestSubscribeAndLogLevel(t *testing.T) {
	t.Parallel()
	srv := offeringServer(1, server.WithResourceCapabilities(true, false), server.WithToolCapabilities(false))
	srv.AddTool(mcp.NewTool("chatty"), func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		srv.SendLogMessageToClient(ctx, mcp.NewLoggingMessageNotification(mcp.LoggingLevelDebug, "t", "a debug line"))
		time.Sleep(20 * time.Millisecond) // the work, while the message goes out
		return mcp.NewToolResultText("ok"), nil
	})
	sessions := sessionOf(srv)
	m := startManager(t, Config{}, WithInProcess("o", srv))
	ctx := context.Background()
	if err := m.SubscribeResource(ctx, "o", "mem://r/0"); err != nil {
		t.Fatalf("SubscribeResource: %v", err)
	}
	// mcp-go's server keeps no subscriptions of its own and broadcasts no
	// update to a session on a listen stream: the test tells the session.
	(<-sessions).NotificationChannel() <- updatedNote("mem://r/0")
	deadline := time.After(waitLimit)
	for got := false; !got; {
		select {
		case ev := <-m.Events():
			got = ev.Kind == EventResourceUpdated && ev.Server == "o" && ev.URI == "mem://r/0"
		case <-deadline:
			t.Fatal("no resource-updated event")
		}
	}
	if err := m.UnsubscribeResource(ctx, "o", "mem://r/0"); err != nil {
		t.Errorf("UnsubscribeResource: %v", err)
	}
	if err := m.SetLogLevel(ctx, "o", "loud"); err == nil {
		t.Error("SetLogLevel took an unknown level")
	}
	if err := m.SetLogLevel(ctx, "o", "debug"); err != nil {
		t.Fatalf("SetLogLevel: %v", err)
	}
	if _, err := m.CallTool(ctx, "o", "chatty", nil); err != nil {
		t.Fatal(err)
	}
	waitServer(t, m, "o", "the debug line", func(s model.Server) bool {
		return len(s.Log) > 0 && s.Log[len(s.Log)-1].Text == "a debug line"
	})
}

// TestCacheHint: ttlMs and cacheScope are read from a list result; a
// huge or negative ttl does not overflow, text is sanitised.
func TestCacheHint(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in    string
		ttl   time.Duration
		scope string
	}{
		{`{}`, 0, ""},
		{`{"ttlMs": 1500, "cacheScope": "session"}`, 1500 * time.Millisecond, "session"},
		{`{"ttlMs": -4, "cacheScope": 7}`, 0, ""},
		{`{"ttlMs": 1e300, "cacheScope": "u\u001b[2Jser"}`, 365 * 24 * time.Hour, "user"},
	} {
		var v map[string]json.RawMessage
		json.Unmarshal([]byte(c.in), &v)
		if h := cacheHint(v); h.TTL != c.ttl || h.Scope != c.scope {
			t.Errorf("%s: %+v", c.in, h)
		}
	}
}

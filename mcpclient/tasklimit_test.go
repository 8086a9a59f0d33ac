package mcpclient

import (
	"context"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// TestTaskResultOverTheLimit: a task whose result (tasks/result) is longer
// than the message limit ends the call with the limit named, over stdio and
// HTTP, instead of reconnecting and asking again until the call's deadline
// passes (which reported "timed out" and restarted the server).
func TestTaskResultOverTheLimit(t *testing.T) {
	t.Parallel()
	stdio := helperConfig("stdio", "mcpgo-tasks")
	ts := httptest.NewServer(server.NewStreamableHTTPServer(taskServer(nil)))
	t.Cleanup(ts.Close)
	web := ServerConfig{Name: "http", Type: "http", URL: ts.URL + "/mcp"}
	for _, cfg := range []ServerConfig{stdio, web} {
		cfg.ProtocolVersion = mcp.ProtocolVersion20251125
		t.Run(cfg.Name, func(t *testing.T) {
			t.Parallel()
			m := startManager(t, Config{Servers: []ServerConfig{cfg}}, WithMaxMessageBytes(1<<20), WithStopGrace(100*time.Millisecond))
			// The deadline is far beyond what the answer takes: a call that
			// reaches it has been asking again and again.
			_, err := m.CallToolWith(context.Background(), cfg.Name, "huge", nil, CallOptions{Timeout: waitLimit})
			var tooLarge *MessageTooLargeError
			if !errors.As(err, &tooLarge) || errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("huge = %v, want the message limit", err)
			}
			if !strings.Contains(err.Error(), "tasks/result") || !strings.Contains(err.Error(), "over the limit of 1 MiB (--max-message-bytes)") {
				t.Errorf("huge = %v, want tasks/result and the limit named", err)
			}
		})
	}
}

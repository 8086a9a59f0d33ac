package mcpclient

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type callerKey struct{}

// TestInProcessHandlerSeesNoCallerValues: an in-process server's handler
// gets the caller's deadline but none of its context values (a caller inside
// another mcp-go handler carries that request's era and headers).
func TestInProcessHandlerSeesNoCallerValues(t *testing.T) {
	t.Parallel()
	srv := server.NewMCPServer("values", "1", server.WithToolCapabilities(true))
	seen := make(chan bool, 1)
	hasDeadline := make(chan bool, 1)
	srv.AddTool(mcp.NewTool("peek"), func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		seen <- ctx.Value(callerKey{}) != nil
		_, ok := ctx.Deadline()
		hasDeadline <- ok
		return mcp.NewToolResultText("ok"), nil
	})
	m := startManager(t, Config{}, WithInProcess("values", srv))
	ctx, cancel := context.WithTimeout(context.WithValue(context.Background(), callerKey{}, "secret"), 5*time.Second)
	defer cancel()
	if _, err := m.CallTool(ctx, "values", "peek", []byte(`{}`)); err != nil {
		t.Fatal(err)
	}
	if <-seen {
		t.Error("the handler saw the caller's context value")
	}
	if !<-hasDeadline {
		t.Error("the handler lost the caller's deadline")
	}
}

// TestCallRightAfterACrashReconnects: a call made the moment a server's
// connection is lost, before the supervisor has moved its state on, waits
// for a reconnect instead of failing on the dead connection.
func TestCallRightAfterACrashReconnects(t *testing.T) {
	t.Parallel()
	m := startManager(t, Config{Servers: []ServerConfig{helperConfig("h", "basic")}},
		WithBackoff(time.Hour, time.Hour))
	for range 5 {
		if _, err := m.CallTool(context.Background(), "h", "crash", nil); !errors.Is(err, ErrUnavailable) {
			t.Fatalf("CallTool(crash) = %v", err)
		}
		res, err := m.CallTool(context.Background(), "h", "echo", nil)
		if err != nil || res.Text != "hello" {
			t.Fatalf("the call right after a crash: %v", err)
		}
	}
}

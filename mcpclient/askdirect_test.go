package mcpclient

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestInProcessAskDirect: in process, a server may also ask directly
// (mcp-go's RequestElicitation); the Manager's handler answers, and its
// context ends with the call.
func TestInProcessAskDirect(t *testing.T) {
	t.Parallel()
	waits := startManager(t, Config{}, WithInProcess("inproc", capsServer(func() {})),
		WithElicitationHandler(func(ctx context.Context, e Elicitation) (ElicitAnswer, error) {
			<-ctx.Done()
			return ElicitAnswer{}, ctx.Err()
		}))
	if _, err := waits.CallToolWith(context.Background(), "inproc", "ask-direct", nil, CallOptions{Timeout: 100 * time.Millisecond}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("ask-direct with a handler that waits = %v", err)
	}
	accepts := startManager(t, Config{}, WithInProcess("inproc", capsServer(func() {})), WithElicitationHandler(ElicitWith(ElicitAccept)))
	res, err := accepts.CallTool(context.Background(), "inproc", "ask-direct", nil)
	if err != nil || res.Text != `{"action":"accept","content":{"zeta":"z"}}` {
		t.Errorf("ask-direct accepting the defaults = %+v, %v", res, err)
	}
}

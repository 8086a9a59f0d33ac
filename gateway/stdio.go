package gateway

import (
	"context"
	"fmt"
	"io"

	"github.com/mark3labs/mcp-go/server"
)

// stdioWorkers is how many tool calls a stdio session runs at once (mcp-go
// allows 100; its default of 5 would let five slow upstream calls hold up
// every other call).
const stdioWorkers = 100

// Serve speaks MCP over stdio on in and out until in ends, ctx ends or the
// gateway closes; calls in flight when ctx ends are answered UNAVAILABLE.
// mcp-go keeps one stdio session per process: serve stdio once at a time.
func (g *Gateway) Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	if g.life.Err() != nil {
		return ErrClosed
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stop := context.AfterFunc(g.life, cancel)
	defer stop()
	// When ctx ends, mcp-go ends the calls in flight and writes their
	// answers: they say the gateway is shutting down.
	ctx = context.WithValue(ctx, drainKey{}, ctx)
	st := server.NewStdioServer(g.srv)
	server.WithWorkerPoolSize(stdioWorkers)(st)
	server.WithQueueSize(1000)(st)
	if err := st.Listen(ctx, in, out); err != nil && ctx.Err() == nil {
		return fmt.Errorf("gateway: stdio: %w", err)
	}
	return nil
}

package gateway

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Serve speaks MCP over stdio on in and out until in ends, ctx ends or the
// gateway closes; calls in flight when ctx ends are answered UNAVAILABLE.
// mcp-go keeps one stdio session per process: serve stdio once at a time.
//
// mcp-go's stdio server runs tool calls on a fixed pool of workers (at most
// 100), so that as many calls to a hung upstream would hold up every other
// call, to any server, until their deadlines. Serve therefore reads the
// input itself: each tools/call runs on a goroutine of its own, in mcp-go's
// stdio session, and everything else goes on to mcp-go's stdio server. When
// the input ends, calls still running are cancelled, as mcp-go does.
func (g *Gateway) Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	if g.life.Err() != nil {
		return ErrClosed
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stop := context.AfterFunc(g.life, cancel)
	defer stop()
	// When ctx ends, the calls in flight end and answer that the gateway
	// is shutting down (the session's context, and so every call's,
	// carries ctx as the drain).
	ctx = context.WithValue(ctx, drainKey{}, ctx)
	w := &lineWriter{w: out}
	st := server.NewStdioServer(g.srv)
	// The context of mcp-go's session, which tool calls need, is handed
	// out only to this function, before Listen reads anything.
	session := make(chan context.Context, 1)
	st.SetContextFunc(func(ctx context.Context) context.Context {
		session <- ctx
		return ctx
	})
	rest, restW := io.Pipe()
	listened := make(chan error, 1)
	go func() {
		err := st.Listen(ctx, rest, w)
		rest.CloseWithError(io.ErrClosedPipe) // unblocks a write below
		listened <- err
	}()
	var sessionCtx context.Context
	select {
	case sessionCtx = <-session:
	case err := <-listened:
		return fmt.Errorf("gateway: stdio: %w", err)
	}
	callCtx, cancelCalls := context.WithCancel(sessionCtx)
	var calls sync.WaitGroup

	input := readLines(in)
	defer input.stop()
	var readErr error
serve:
	for {
		select {
		case line, ok := <-input.lines:
			if !ok {
				readErr = input.err
				break serve
			}
			if id, ok := toolCallID(line); ok {
				calls.Go(func() { g.serveToolCall(callCtx, id, line, w) })
				continue
			}
			if _, err := restW.Write(line); err != nil {
				break serve // mcp-go's server stopped
			}
		case <-ctx.Done():
			break serve
		}
	}
	cancelCalls()
	calls.Wait()
	restW.CloseWithError(readErr)
	if err := <-listened; err != nil && ctx.Err() == nil {
		return fmt.Errorf("gateway: stdio: %w", err)
	}
	return nil
}

// lineReader reads its input a line at a time on a goroutine of its own,
// since a read cannot be cancelled.
type lineReader struct {
	lines chan []byte // closed when the input ends
	err   error       // why it ended (not io.EOF); read once lines is closed
	quit  chan struct{}
	stop  func() // lets the goroutine go once its read returns
}

func readLines(in io.Reader) *lineReader {
	r := &lineReader{lines: make(chan []byte), quit: make(chan struct{})}
	r.stop = sync.OnceFunc(func() { close(r.quit) })
	go func() {
		defer close(r.lines)
		br := bufio.NewReader(in)
		for {
			line, err := br.ReadBytes('\n')
			if len(line) > 0 {
				select {
				case r.lines <- line:
				case <-r.quit:
					return
				}
			}
			if err != nil {
				if err != io.EOF {
					r.err = err
				}
				return
			}
		}
	}()
	return r
}

// toolCallID returns the id of a tools/call request.
func toolCallID(line []byte) (mcp.RequestId, bool) {
	var msg struct {
		ID     *mcp.RequestId `json:"id"`
		Method string         `json:"method"`
	}
	if json.Unmarshal(line, &msg) != nil || msg.ID == nil || msg.Method != string(mcp.MethodToolsCall) {
		return mcp.RequestId{}, false
	}
	return *msg.ID, true
}

// serveToolCall answers one tools/call request, as one of mcp-go's stdio
// workers would.
func (g *Gateway) serveToolCall(ctx context.Context, id mcp.RequestId, line []byte, w io.Writer) {
	var resp mcp.JSONRPCMessage
	func() {
		defer func() {
			if r := recover(); r != nil {
				resp = mcp.NewJSONRPCError(id, mcp.INTERNAL_ERROR, fmt.Sprintf("internal panic: %v", r), nil)
			}
		}()
		resp = g.srv.HandleMessage(ctx, line)
	}()
	if resp == nil {
		return
	}
	b, err := json.Marshal(resp)
	if err != nil {
		return
	}
	_, _ = w.Write(append(b, '\n'))
}

// lineWriter writes whole messages, one Write each, from many goroutines.
type lineWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lineWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

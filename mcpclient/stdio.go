package mcpclient

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mcpeek/internal/jsonscan"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// stdioTransport is the mcp-go transport of a stdio server, over the pipes
// of the child we started. It reads each line once, as bytes: a reply's
// result reaches the caller as a slice of the line it arrived in, neither
// copied nor decoded, so that a multi-megabyte tools/list is decoded once,
// by listTools. (mcp-go's own Stdio transport decodes every line twice with
// encoding/json and copies the result out.)
//
// Otherwise it behaves as mcp-go's does: one JSON-RPC message a line; lines
// that are not JSON objects (banners, noise) are skipped; notifications go
// to the notification handler on the reading goroutine, and requests from
// the server to the request handler, each on its own goroutine, with their
// params raw (json.RawMessage) and a context that notifications/cancelled
// from the server ends.
type stdioTransport struct {
	in    io.Reader      // the server's stdout
	out   io.WriteCloser // the server's stdin
	noise *lineRing      // the lines of stdout skipped, when set

	writeMu sync.Mutex

	mu        sync.Mutex
	pending   map[string]chan *transport.JSONRPCResponse
	onNotify  func(mcp.JSONRPCNotification)
	onRequest transport.RequestHandler
	ctx       context.Context               // requests from the server run under it
	serving   map[string]context.CancelFunc // the server's requests being answered, by id

	done      chan struct{} // closed when reading stops or Close is called
	doneOnce  sync.Once
	closeOnce sync.Once
}

var _ transport.BidirectionalInterface = (*stdioTransport)(nil)

// stdioReadSize is the read buffer: replies longer than this are assembled
// from several reads.
const stdioReadSize = 64 << 10

func newStdioTransport(in io.Reader, out io.WriteCloser) *stdioTransport {
	return &stdioTransport{
		in:      in,
		out:     out,
		pending: make(map[string]chan *transport.JSONRPCResponse),
		serving: make(map[string]context.CancelFunc),
		ctx:     context.Background(),
		done:    make(chan struct{}),
	}
}

// Start starts reading. ctx is the lifetime of the requests the server sends.
func (t *stdioTransport) Start(ctx context.Context) error {
	t.mu.Lock()
	t.ctx = ctx
	t.mu.Unlock()
	go t.read()
	return nil
}

// read routes every line until the server's stdout ends (the child exited,
// or process.stop closed our end).
func (t *stdioTransport) read() {
	defer t.finish()
	r := bufio.NewReaderSize(t.in, stdioReadSize)
	for {
		line, err := r.ReadBytes('\n')
		if err != nil {
			return
		}
		t.route(line)
	}
}

// route hands one line to whoever waits for it.
func (t *stdioTransport) route(line []byte) {
	m, ok := splitMessage(line)
	if !ok {
		if t.noise != nil && len(bytes.TrimSpace(line)) > 0 {
			t.noise.Write(line)
		}
		return
	}
	var method string
	if m.method != nil && json.Unmarshal(m.method, &method) != nil {
		return
	}
	hasID := m.id != nil && string(m.id) != "null"
	switch {
	case method != "" && !hasID:
		var n mcp.JSONRPCNotification
		if json.Unmarshal(line, &n) != nil {
			return
		}
		if n.Method == string(mcp.MethodNotificationCancelled) {
			t.withdraw(n)
		}
		t.mu.Lock()
		handler := t.onNotify
		t.mu.Unlock()
		if handler != nil {
			handler(n)
		}
	case method != "":
		var raw struct {
			ID     mcp.RequestId   `json:"id"`
			Params json.RawMessage `json:"params"`
		}
		if json.Unmarshal(line, &raw) != nil {
			return
		}
		req := transport.JSONRPCRequest{JSONRPC: mcp.JSONRPC_VERSION, ID: raw.ID, Method: method}
		if len(raw.Params) > 0 {
			req.Params = raw.Params
		}
		t.serve(req)
	default:
		resp := &transport.JSONRPCResponse{JSONRPC: mcp.JSONRPC_VERSION, Result: json.RawMessage(m.result)}
		if hasID && json.Unmarshal(m.id, &resp.ID) != nil {
			return
		}
		if m.err != nil {
			resp.Error = new(mcp.JSONRPCErrorDetails)
			if json.Unmarshal(m.err, resp.Error) != nil {
				return
			}
		}
		key := resp.ID.String()
		t.mu.Lock()
		ch, ok := t.pending[key]
		delete(t.pending, key)
		t.mu.Unlock()
		if ok {
			ch <- resp
		}
	}
}

// serve answers a request from the server (ping, sampling, roots...) with
// the request handler (see peer).
func (t *stdioTransport) serve(req transport.JSONRPCRequest) {
	t.mu.Lock()
	handler, ctx := t.onRequest, t.ctx
	t.mu.Unlock()
	if handler == nil {
		t.respond(transport.NewJSONRPCErrorResponse(req.ID, mcp.METHOD_NOT_FOUND, "No request handler configured", nil))
		return
	}
	key := req.ID.String()
	ctx, cancel := context.WithCancel(ctx)
	t.mu.Lock()
	t.serving[key] = cancel
	t.mu.Unlock()
	go func() {
		defer func() {
			t.mu.Lock()
			delete(t.serving, key)
			t.mu.Unlock()
			cancel()
		}()
		if err := ctx.Err(); err != nil {
			t.respond(transport.NewJSONRPCErrorResponse(req.ID, mcp.INTERNAL_ERROR, err.Error(), nil))
			return
		}
		resp, err := handler(ctx, req)
		switch {
		case err != nil:
			t.respond(transport.NewJSONRPCErrorResponse(req.ID, mcp.INTERNAL_ERROR, err.Error(), nil))
		case resp != nil:
			t.respond(resp)
		}
	}()
}

// withdraw ends the context of a request of the server's that the server
// cancelled: whoever answers it (a person at a prompt) can stop.
func (t *stdioTransport) withdraw(n mcp.JSONRPCNotification) {
	b, err := json.Marshal(n.Params.AdditionalFields["requestId"])
	if err != nil {
		return
	}
	var id mcp.RequestId
	if json.Unmarshal(b, &id) != nil {
		return
	}
	t.mu.Lock()
	cancel := t.serving[id.String()]
	t.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

func (t *stdioTransport) respond(resp *transport.JSONRPCResponse) {
	_ = t.write(resp)
}

// write sends one message as one line.
func (t *stdioTransport) write(msg any) error {
	b, err := json.Marshal(msg)
	if err != nil {
		return fmt.Errorf("encode: %w", err)
	}
	b = append(b, '\n')
	t.writeMu.Lock()
	_, err = t.out.Write(b)
	t.writeMu.Unlock()
	if err != nil {
		t.drain()
	}
	return err
}

// drainWait bounds how long a failed write waits for the server's stdout to
// end.
const drainWait = 500 * time.Millisecond

// drain waits, after a write to the server failed (it closed its stdin: it
// exited, or is exiting), for its stdout to end, so that what it printed
// before going (a banner, the line that says why) is read and can be named
// in the error. A server that closed its stdin and goes on running holds
// the error up for drainWait at most.
func (t *stdioTransport) drain() {
	timer := time.NewTimer(drainWait)
	defer timer.Stop()
	select {
	case <-t.done:
	case <-timer.C:
	}
}

// SendRequest writes req and waits for its reply, the transport's end, or
// ctx, whichever comes first.
func (t *stdioTransport) SendRequest(ctx context.Context, req transport.JSONRPCRequest) (*transport.JSONRPCResponse, error) {
	select {
	case <-t.done:
		return nil, transport.ErrTransportClosed
	case <-ctx.Done():
		return nil, ctx.Err()
	default:
	}
	key := req.ID.String()
	ch := make(chan *transport.JSONRPCResponse, 1)
	t.mu.Lock()
	t.pending[key] = ch
	t.mu.Unlock()
	forget := func() {
		t.mu.Lock()
		delete(t.pending, key)
		t.mu.Unlock()
	}
	if err := t.write(req); err != nil {
		forget()
		return nil, fmt.Errorf("write request: %w", err)
	}
	select {
	case resp := <-ch:
		return resp, nil
	case <-t.done:
		forget()
		select {
		case resp := <-ch: // it arrived just before the end
			return resp, nil
		default:
		}
		return nil, transport.ErrTransportClosed
	case <-ctx.Done():
		forget()
		return nil, ctx.Err()
	}
}

// SendNotification writes one notification.
func (t *stdioTransport) SendNotification(ctx context.Context, n mcp.JSONRPCNotification) error {
	select {
	case <-t.done:
		return transport.ErrTransportClosed
	case <-ctx.Done():
		return ctx.Err()
	default:
	}
	if err := t.write(n); err != nil {
		return fmt.Errorf("write notification: %w", err)
	}
	return nil
}

// SetNotificationHandler sets the handler of the server's notifications.
func (t *stdioTransport) SetNotificationHandler(handler func(mcp.JSONRPCNotification)) {
	t.mu.Lock()
	t.onNotify = handler
	t.mu.Unlock()
}

// SetRequestHandler sets the handler of the server's requests.
func (t *stdioTransport) SetRequestHandler(handler transport.RequestHandler) {
	t.mu.Lock()
	t.onRequest = handler
	t.mu.Unlock()
}

// Close ends every wait and closes the server's stdin, which asks a stdio
// server to exit. Reading stops when the server's stdout closes.
func (t *stdioTransport) Close() error {
	t.finish()
	var err error
	t.closeOnce.Do(func() { err = t.out.Close() })
	return err
}

func (t *stdioTransport) finish() { t.doneOnce.Do(func() { close(t.done) }) }

// GetSessionId returns "": stdio has no sessions.
func (t *stdioTransport) GetSessionId() string { return "" }

// message holds the raw values of the top-level members of one JSON-RPC
// message that routing needs; a member that is absent is nil.
type message struct {
	id, method, result, err []byte
}

// splitMessage finds the top-level members of the JSON object on line
// without decoding it: it follows only strings and brackets, so the cost of
// a long result is a scan for its quotes and brackets. ok is false when the
// line is not a complete object. Values are not validated here; whoever
// decodes one does that.
func splitMessage(line []byte) (m message, ok bool) {
	b := bytes.Trim(line, " \t\r\n")
	if len(b) < 2 || b[0] != '{' {
		return m, false
	}
	i := skipSpace(b, 1)
	if i < len(b) && b[i] == '}' {
		return m, i == len(b)-1
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return m, false
		}
		end := skipString(b, i)
		if end < 0 {
			return m, false
		}
		name := b[i+1 : end-1]
		i = skipSpace(b, end)
		if i >= len(b) || b[i] != ':' {
			return m, false
		}
		i = skipSpace(b, i+1)
		end = skipValue(b, i)
		if end < 0 {
			return m, false
		}
		switch string(name) {
		case "id":
			m.id = b[i:end:end]
		case "method":
			m.method = b[i:end:end]
		case "result":
			m.result = b[i:end:end]
		case "error":
			m.err = b[i:end:end]
		}
		i = skipSpace(b, end)
		if i >= len(b) {
			return m, false
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case '}':
			return m, i == len(b)-1
		default:
			return m, false
		}
	}
}

// skipValue returns the index just after the value starting at b[i], or -1.
func skipValue(b []byte, i int) int {
	if i >= len(b) {
		return -1
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				end := skipString(b, j)
				if end < 0 {
					return -1
				}
				j = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1
				}
			}
		}
		return -1
	}
	j := i // a number, true, false or null
	for j < len(b) && b[j] != ',' && b[j] != '}' && b[j] != ']' && !jsonscan.IsSpace(b[j]) {
		j++
	}
	if j == i {
		return -1
	}
	return j
}

// skipString returns the index just after the string whose opening quote is
// b[i], or -1 when it does not end.
func skipString(b []byte, i int) int {
	if end, closed := jsonscan.StringEnd(b, i); closed {
		return end
	}
	return -1
}

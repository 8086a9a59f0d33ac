package mcpclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	"mcpeek/model"
)

// cancelNoticeTimeout bounds sending notifications/cancelled.
const cancelNoticeTimeout = 2 * time.Second

// request sends one JSON-RPC request through the transport and returns the
// result exactly as the server sent it.
//
// mcp-go's Client keeps its raw sendRequest private and decodes every result
// into typed structs, which for tools loses schema keywords; its transports,
// though, return the raw result. Going to the transport directly means doing
// here what Client.sendRequest does for the 2026-07-28 era (it is a no-op on
// the 2025-11-25 session era, where the handshake fixed everything):
//
//   - _meta carries io.modelcontextprotocol/protocolVersion, clientInfo and
//     clientCapabilities on every request (SEP-2575);
//   - over HTTP, Mcp-Method and Mcp-Name headers mirror the method and name,
//     and tools/call mirrors x-mcp-header parameters (SEP-2243). The
//     Mcp-Protocol-Version header is set by the transport itself, from the
//     version the client negotiated.
//
// Request ids are strings ("mcpeek-N") so they can never collide with the
// integer ids the client uses for its own requests on the same transport.
func (c *conn) request(ctx context.Context, method string, params map[string]any) (json.RawMessage, error) {
	select {
	case <-c.lost:
		return nil, fmt.Errorf("%s: %w: %w", method, ErrUnavailable, c.lostErr)
	default:
	}
	if params == nil {
		params = map[string]any{}
	}
	if method == string(mcp.MethodToolsCall) || method == string(mcp.MethodTasksResult) {
		// The server may ask its client for things while these run: the
		// book ties what it asks to the call (see Relay).
		defer c.peer.calls.enter(ctx)()
	}
	version := c.client.ProtocolVersion()
	modern := mcp.IsModernProtocol(version)
	if modern {
		meta, _ := params["_meta"].(map[string]any)
		if meta == nil {
			meta = map[string]any{}
		}
		meta[mcp.MetaKeyProtocolVersion] = version
		meta[mcp.MetaKeyClientCapabilities] = c.client.GetClientCapabilities()
		if c.clientInfo.Name != "" {
			meta[mcp.MetaKeyClientInfo] = c.clientInfo
		}
		if level := c.level(); level != "" && c.logs() {
			// 2026-07-28 servers send log messages only to a request that
			// asks for them.
			meta[mcp.MetaKeyLogLevel] = level
		}
		params["_meta"] = meta
	}
	encoded, err := json.Marshal(params)
	if err != nil {
		return nil, fmt.Errorf("%s: encode params: %w", method, err)
	}
	var header http.Header
	if modern && isHTTP(c.tr) {
		header = http.Header{}
		for k, v := range mcp.StandardHeaders(version, mcp.MCPMethod(method), encoded) {
			header.Set(k, v)
		}
		if id, ok := params["taskId"].(string); ok && strings.HasPrefix(method, "tasks/") {
			// The tasks extension routes tasks/* by the task id.
			if v, ok := mcp.EncodeHeaderValue(id); ok {
				header.Set(mcp.HeaderName, v)
			}
		}
		if method == string(mcp.MethodToolsCall) {
			name, _ := params["name"].(string)
			if tool := c.typedTool(name); tool != nil {
				for k, v := range mcp.GenerateParamHeaders(tool, encoded) {
					header.Set(k, v)
				}
			}
		}
	}
	req := transport.JSONRPCRequest{
		JSONRPC: mcp.JSONRPC_VERSION,
		ID:      mcp.NewRequestId("mcpeek-" + strconv.FormatInt(c.ids.Add(1), 10)),
		Method:  method,
		Params:  json.RawMessage(encoded),
		Header:  header,
	}
	ctx, limits := watchLimits(ctx)
	resp, err := c.send(ctx, req)
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			c.cancelRemote(req, ctxErr)
			return nil, fmt.Errorf("%s: %w: %w", method, ErrUnavailable, ctxErr)
		}
		var tooLarge *MessageTooLargeError
		if over := limits.Err(); over != nil && !errors.As(err, &tooLarge) {
			err = over
		}
		err = c.failure(err)
		if c.ep.inproc == nil && c.proc == nil && isConnectionError(err) {
			c.markLost(err)
		}
		return nil, fmt.Errorf("%s: %w: %w", method, ErrUnavailable, err)
	}
	if resp.Error != nil {
		// A server may quote what it was sent (a token, a header) in its
		// error: callers show Message and Data, so neither keeps a secret.
		e := &RPCError{Method: method, Code: resp.Error.Code, Message: c.ep.redact(resp.Error.Message)}
		if resp.Error.Data != nil {
			data, _ := json.Marshal(resp.Error.Data)
			if red := c.ep.redact(string(data)); json.Valid([]byte(red)) {
				e.Data = json.RawMessage(red)
			} else {
				e.Data = json.RawMessage(`"***"`)
			}
		}
		return nil, e
	}
	if len(resp.Result) == 0 {
		return nil, fmt.Errorf("%s: reply has neither result nor error", method)
	}
	return resp.Result, nil
}

// inProcessDeadlineSlack is how much later than the caller's deadline an
// in-process handler's own deadline falls.
const inProcessDeadlineSlack = 100 * time.Millisecond

// send hands req to the transport. The in-process transport runs the
// server's handler on the calling goroutine and only stops when the handler
// does, so its deadline is enforced here; a handler that ignores its context
// keeps its goroutine until it returns.
func (c *conn) send(ctx context.Context, req transport.JSONRPCRequest) (*transport.JSONRPCResponse, error) {
	if c.ep.inproc == nil {
		return c.tr.SendRequest(ctx, req)
	}
	// The handler gets a context with the caller's deadline and cancellation
	// but none of its values: a caller that is itself inside an mcp-go
	// handler carries that request's protocol era and headers, which the
	// in-process server would otherwise read as its own.
	// The deadline it sees is a little later than the caller's, so that it
	// is always the caller's context that ends first (through AfterFunc
	// below) and a deadline is never mistaken for a server error.
	// Only the call's Relay passes (see Relay).
	base := context.Background()
	if r := relayOf(ctx); r != nil {
		base = WithRelay(base, r)
	}
	inner, cancel := context.WithCancel(base)
	if dl, ok := ctx.Deadline(); ok {
		cancel()
		inner, cancel = context.WithDeadline(base, dl.Add(inProcessDeadlineSlack))
	}
	defer cancel()
	stop := context.AfterFunc(ctx, cancel)
	defer stop()
	type answer struct {
		resp *transport.JSONRPCResponse
		err  error
	}
	ch := make(chan answer, 1)
	go func() {
		r, err := c.tr.SendRequest(inner, req)
		ch <- answer{r, err}
	}()
	select {
	case a := <-ch:
		if err := ctx.Err(); err != nil {
			// The handler gave up because our deadline passed: that is the
			// caller's deadline, not a server error.
			return nil, err
		}
		if dl, ok := ctx.Deadline(); ok && !time.Now().Before(dl) {
			// The same, when the handler's later deadline fired before
			// ours did: each core keeps its own timers, and on a loaded
			// machine one core's may run late.
			return nil, context.DeadlineExceeded
		}
		return a.resp, a.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// cancelRemote tells the server to stop working on a request we gave up on,
// with notifications/cancelled. Not in process, where the handler's context
// is already cancelled, nor on a 2026-07-28 streamable HTTP connection,
// where ending the request's stream is the cancellation.
func (c *conn) cancelRemote(req transport.JSONRPCRequest, reason error) {
	if c.ep.inproc != nil || (c.modern() && c.ep.transport() == model.TransportStreamableHTTP) {
		return
	}
	n := mcp.JSONRPCNotification{
		JSONRPC: mcp.JSONRPC_VERSION,
		Notification: mcp.Notification{
			Method: string(mcp.MethodNotificationCancelled),
			Params: mcp.NotificationParams{AdditionalFields: map[string]any{
				"requestId": req.ID,
				"reason":    reason.Error(),
			}},
		},
	}
	c.goTracked(func() {
		ctx, cancel := context.WithTimeout(c.life, cancelNoticeTimeout)
		defer cancel()
		_ = c.tr.SendNotification(ctx, n)
	})
}

// isConnectionError reports whether a transport error means the connection
// itself is gone, rather than one reply being bad.
func isConnectionError(err error) bool {
	var (
		netErr net.Error
		urlErr *url.Error
	)
	return errors.Is(err, transport.ErrTransportClosed) ||
		errors.Is(err, transport.ErrSessionTerminated) ||
		errors.As(err, &netErr) || errors.As(err, &urlErr)
}

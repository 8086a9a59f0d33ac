package mcpclient

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// sseTransport is mcp-go's HTTP+SSE client transport with what it lacks:
// the server's requests (roots/list, elicitation/create,
// sampling/createMessage, ping). mcp-go reads a message on the event stream
// that has an id as the answer to one of its own requests, and drops it
// when none is waiting; so the event stream is read first by sseRequests,
// which takes the server's requests out of it, answers them with the
// handler set here and posts each answer to the message endpoint, as the
// 2024-11-05 transport says.
type sseTransport struct {
	*transport.SSE
	requests *sseRequests
}

var _ transport.BidirectionalInterface = (*sseTransport)(nil)

// newSSETransport builds the HTTP+SSE transport of the server at serverURL
// over client, whose round tripper it wraps: the answers go out through the
// same client, with its headers, token and origin pin.
func newSSETransport(serverURL string, client *http.Client) (*sseTransport, error) {
	base, err := url.Parse(serverURL)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	reqs := &sseRequests{client: client, base: base, ctx: ctx, cancel: cancel}
	client.Transport = sseFilter{base: client.Transport, requests: reqs}
	t, err := transport.NewSSE(serverURL, transport.WithSSELogger(discardLogger()), transport.WithHTTPClient(client),
		transport.WithMaxMessageBytes(unboundedByMCPGo))
	if err != nil {
		cancel()
		return nil, err
	}
	return &sseTransport{SSE: t, requests: reqs}, nil
}

// SetRequestHandler sets what answers the server's requests.
func (t *sseTransport) SetRequestHandler(h transport.RequestHandler) {
	t.requests.mu.Lock()
	t.requests.handler = h
	t.requests.mu.Unlock()
}

// SetProtocolVersion records the negotiated version for the answers too.
func (t *sseTransport) SetProtocolVersion(version string) {
	t.requests.mu.Lock()
	t.requests.version = version
	t.requests.mu.Unlock()
	t.SSE.SetProtocolVersion(version)
}

// SendRequest is the SSE transport's, except that a request whose own
// deadline ends the wait reports that deadline: mcp-go waits on a timer for
// the time left and on the context at once, and the timer may fire first,
// with an error that does not say the deadline passed (so the call would
// read as a transport failure, not a timeout).
func (t *sseTransport) SendRequest(ctx context.Context, req transport.JSONRPCRequest) (*transport.JSONRPCResponse, error) {
	resp, err := t.SSE.SendRequest(ctx, req)
	if err != nil && strings.HasPrefix(err.Error(), "timeout waiting for SSE response") {
		if deadline, ok := ctx.Deadline(); ok && time.Until(deadline) < sseDeadlineSlack {
			<-ctx.Done() // due at once
			return nil, ctx.Err()
		}
	}
	return resp, err
}

// sseDeadlineSlack is how near its deadline a request whose response timer
// fired is taken to have reached it.
const sseDeadlineSlack = 50 * time.Millisecond

// Close stops the answers under way and closes the transport.
func (t *sseTransport) Close() error {
	t.requests.cancel()
	return t.SSE.Close()
}

// sseRequests answers the requests a server sends on its event stream.
type sseRequests struct {
	client *http.Client
	base   *url.URL
	// ctx ends with the transport: answers under way are given up.
	ctx    context.Context
	cancel context.CancelFunc

	mu       sync.Mutex
	handler  transport.RequestHandler
	endpoint *url.URL // from the stream's endpoint event
	version  string
}

// sseFilter hands the body of each event stream it opens to sseRequests.
type sseFilter struct {
	base     http.RoundTripper
	requests *sseRequests
}

func (f sseFilter) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := f.base.RoundTrip(r)
	if err != nil || r.Method != http.MethodGet || resp.Body == nil {
		return resp, err
	}
	if mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type")); mt == "text/event-stream" {
		resp.Body = f.requests.filter(resp.Body)
	}
	return resp, nil
}

// filter returns the stream body without the server's requests, which it
// answers; events are passed on byte for byte, in order.
func (s *sseRequests) filter(body io.ReadCloser) io.ReadCloser {
	pr, pw := io.Pipe()
	go func() {
		err := s.pump(body, pw)
		pw.CloseWithError(err)
		body.Close()
	}()
	return filteredBody{PipeReader: pr, body: body}
}

// filteredBody closes the stream under the pipe too, so that the pump
// stops reading at once.
type filteredBody struct {
	*io.PipeReader
	body io.Closer
}

func (b filteredBody) Close() error {
	b.PipeReader.Close()
	return b.body.Close()
}

// pump reads events from body and writes to w those that are not requests.
func (s *sseRequests) pump(body io.Reader, w io.Writer) error {
	br := bufio.NewReader(body)
	var (
		block       bytes.Buffer // the event's lines as they came
		event, data string
		hasData     bool
	)
	flush := func() error {
		defer func() { block.Reset(); event, data, hasData = "", "", false }()
		switch {
		case event == "endpoint":
			s.setEndpoint(data)
		case hasData && (event == "" || event == "message") && s.take([]byte(data)):
			return nil
		}
		_, err := w.Write(block.Bytes())
		return err
	}
	for {
		line, err := br.ReadString('\n')
		block.WriteString(line)
		if err != nil {
			if block.Len() > 0 {
				if ferr := flush(); ferr != nil {
					return ferr
				}
			}
			return err
		}
		trimmed := strings.TrimRight(line, "\r\n")
		if trimmed == "" {
			if err := flush(); err != nil {
				return err
			}
			continue
		}
		if after, ok := strings.CutPrefix(trimmed, "event:"); ok {
			event = strings.TrimSpace(after)
		} else if after, ok := strings.CutPrefix(trimmed, "data:"); ok {
			after = strings.TrimPrefix(after, " ")
			if hasData {
				data += "\n"
			}
			data += after
			hasData = true
		}
	}
}

func (s *sseRequests) setEndpoint(data string) {
	u, err := s.base.Parse(strings.TrimSpace(data))
	if err != nil {
		return // mcp-go refuses it too, and the connection fails there
	}
	s.mu.Lock()
	s.endpoint = u
	s.mu.Unlock()
}

// take reports whether data is a request from the server, and if so
// answers it in the background.
func (s *sseRequests) take(data []byte) bool {
	var msg struct {
		ID     *mcp.RequestId  `json:"id"`
		Method string          `json:"method"`
		Params json.RawMessage `json:"params"`
	}
	if json.Unmarshal(data, &msg) != nil || msg.ID == nil || msg.ID.IsNil() || msg.Method == "" {
		return false
	}
	req := transport.JSONRPCRequest{JSONRPC: mcp.JSONRPC_VERSION, ID: *msg.ID, Method: msg.Method}
	if len(msg.Params) > 0 {
		req.Params = msg.Params
	}
	go s.answer(req)
	return true
}

// answer runs the handler on req and posts its answer to the endpoint.
func (s *sseRequests) answer(req transport.JSONRPCRequest) {
	s.mu.Lock()
	h, endpoint, version := s.handler, s.endpoint, s.version
	s.mu.Unlock()
	var resp *transport.JSONRPCResponse
	if h == nil {
		resp = transport.NewJSONRPCErrorResponse(req.ID, mcp.METHOD_NOT_FOUND, "no handler for "+req.Method, nil)
	} else if r, err := h(s.ctx, req); err != nil {
		resp = transport.NewJSONRPCErrorResponse(req.ID, mcp.INTERNAL_ERROR, err.Error(), nil)
	} else {
		resp = r
	}
	if resp == nil || endpoint == nil {
		return
	}
	body, err := json.Marshal(resp)
	if err != nil {
		return
	}
	hr, err := http.NewRequestWithContext(s.ctx, http.MethodPost, endpoint.String(), bytes.NewReader(body))
	if err != nil {
		return
	}
	hr.Header.Set("Content-Type", "application/json")
	if version != "" {
		hr.Header.Set(transport.HeaderKeyProtocolVersion, version)
	}
	// Best effort, as a notification: a server that lost the session says
	// so on the stream, which the connection watches.
	if res, err := s.client.Do(hr); err == nil {
		io.Copy(io.Discard, io.LimitReader(res.Body, 1<<16))
		res.Body.Close()
	}
}

package mcpclient

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// sseServer serves an mcp-go server over the 2024-11-05 HTTP+SSE transport
// as mcp-go's SSEServer does (an endpoint event, then messages on the
// stream; requests POSTed to the endpoint), and also sends the server's own
// requests (elicitation, sampling, roots) on the stream, which mcp-go's SSE
// sessions cannot: the requests a real legacy server sends.
type sseServer struct {
	srv      *server.MCPServer
	mu       sync.Mutex
	sessions map[string]*sseSession
	next     int
}

func newSSEServer(srv *server.MCPServer) *sseServer {
	return &sseServer{srv: srv, sessions: map[string]*sseSession{}}
}

func (s *sseServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.Method == http.MethodGet && r.URL.Path == "/sse":
		s.stream(w, r)
	case r.Method == http.MethodPost && r.URL.Path == "/message":
		s.mu.Lock()
		sess := s.sessions[r.URL.Query().Get("sessionId")]
		s.mu.Unlock()
		if sess == nil {
			http.Error(w, "no such session", http.StatusNotFound)
			return
		}
		body, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		w.WriteHeader(http.StatusAccepted)
		sess.received(s.srv, body)
	default:
		http.NotFound(w, r)
	}
}

func (s *sseServer) stream(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.next++
	sess := &sseSession{
		id:      fmt.Sprint(s.next),
		out:     make(chan []byte, 64),
		notes:   make(chan mcp.JSONRPCNotification, 64),
		waiting: map[string]chan answer{},
		life:    r.Context(),
	}
	s.sessions[sess.id] = sess
	s.mu.Unlock()
	if err := s.srv.RegisterSession(r.Context(), sess); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer s.srv.UnregisterSession(r.Context(), sess.id)
	w.Header().Set("Content-Type", "text/event-stream")
	flusher := w.(http.Flusher)
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "event: endpoint\ndata: /message?sessionId=%s\r\n\r\n", sess.id)
	bw.Flush()
	flusher.Flush()
	for {
		var msg []byte
		select {
		case msg = <-sess.out:
		case n := <-sess.notes:
			msg, _ = json.Marshal(n)
		case <-r.Context().Done():
			return
		}
		fmt.Fprintf(bw, "event: message\ndata: %s\n\n", msg)
		bw.Flush()
		flusher.Flush()
	}
}

// sseSession is one client's session: the server's requests to it wait
// here for their answers.
type sseSession struct {
	id    string
	out   chan []byte
	notes chan mcp.JSONRPCNotification
	life  context.Context
	init  atomic.Bool
	ids   atomic.Int64
	level atomic.Value

	mu      sync.Mutex
	waiting map[string]chan answer
}

type answer struct {
	result json.RawMessage
	err    error
}

var (
	_ server.SessionWithElicitation = (*sseSession)(nil)
	_ server.SessionWithSampling    = (*sseSession)(nil)
	_ server.SessionWithRoots       = (*sseSession)(nil)
	_ server.SessionWithLogging     = (*sseSession)(nil)
)

func (s *sseSession) SessionID() string                                   { return s.id }
func (s *sseSession) NotificationChannel() chan<- mcp.JSONRPCNotification { return s.notes }
func (s *sseSession) Initialize()                                         { s.init.Store(true) }
func (s *sseSession) Initialized() bool                                   { return s.init.Load() }
func (s *sseSession) SetLogLevel(l mcp.LoggingLevel)                      { s.level.Store(l) }
func (s *sseSession) GetLogLevel() mcp.LoggingLevel {
	if l, ok := s.level.Load().(mcp.LoggingLevel); ok {
		return l
	}
	return mcp.LoggingLevelError
}

// received handles one POSTed message: an answer to one of the session's
// requests, or a message for the server, whose answer goes on the stream.
func (s *sseSession) received(srv *server.MCPServer, body []byte) {
	var env struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Result json.RawMessage `json:"result"`
		Error  *struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(body, &env) == nil && env.Method == "" && env.ID != nil {
		a := answer{result: env.Result}
		if env.Error != nil {
			a.err = errors.New(env.Error.Message)
		}
		s.mu.Lock()
		ch := s.waiting[string(env.ID)]
		delete(s.waiting, string(env.ID))
		s.mu.Unlock()
		if ch != nil {
			ch <- a
		}
		return
	}
	go func() {
		resp := srv.HandleMessage(srv.WithContext(s.life, s), body)
		if resp == nil {
			return
		}
		b, _ := json.Marshal(resp)
		select {
		case s.out <- b:
		case <-s.life.Done():
		}
	}()
}

// request sends method to the client on the stream and waits for its
// answer, decoded into out.
func (s *sseSession) request(ctx context.Context, method string, params, out any) error {
	id := s.ids.Add(1)
	ch := make(chan answer, 1)
	s.mu.Lock()
	s.waiting[fmt.Sprint(id)] = ch
	s.mu.Unlock()
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	select {
	case s.out <- b:
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case a := <-ch:
		if a.err != nil {
			return a.err
		}
		return json.Unmarshal(a.result, out)
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (s *sseSession) RequestElicitation(ctx context.Context, r mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	var out mcp.ElicitationResult
	return &out, s.request(ctx, string(mcp.MethodElicitationCreate), r.Params, &out)
}

func (s *sseSession) RequestSampling(ctx context.Context, r mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
	var out mcp.CreateMessageResult
	if err := s.request(ctx, string(mcp.MethodSamplingCreateMessage), r.CreateMessageParams, &out); err != nil {
		return nil, err
	}
	content, err := mcp.ParseSamplingContent(out.Content)
	out.Content = content
	return &out, err
}

func (s *sseSession) ListRoots(ctx context.Context, r mcp.ListRootsRequest) (*mcp.ListRootsResult, error) {
	var out mcp.ListRootsResult
	return &out, s.request(ctx, string(mcp.MethodListRoots), r.Params, &out)
}

// TestSSEFilterPassesEventsThrough: the stream filter passes every event
// that is not a request from the server byte for byte, whatever its line
// endings, and takes out the requests.
func TestSSEFilterPassesEventsThrough(t *testing.T) {
	t.Parallel()
	in := "event: endpoint\r\ndata: /message?sessionId=1\r\n\r\n" +
		"event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n\n" +
		"event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{}}\n\n" +
		"event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":7,\n" +
		"data: \"method\":\"ping\"}\n\n" +
		": a comment\n\n" +
		"data: {\"jsonrpc\":\"2.0\",\"id\":\"x\",\"method\":\"roots/list\"}\n\n" +
		"event: message\ndata: {\"partial\":"
	want := "event: endpoint\r\ndata: /message?sessionId=1\r\n\r\n" +
		"event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n\n" +
		"event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{}}\n\n" +
		": a comment\n\n" +
		"event: message\ndata: {\"partial\":"
	base, _ := http.NewRequest(http.MethodGet, "http://h/sse", nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var (
		mu   sync.Mutex
		seen []string
		done = make(chan struct{}, 2)
	)
	s := &sseRequests{client: http.DefaultClient, base: base.URL, ctx: ctx, cancel: cancel}
	s.handler = func(ctx context.Context, req transport.JSONRPCRequest) (*transport.JSONRPCResponse, error) {
		mu.Lock()
		seen = append(seen, req.Method)
		mu.Unlock()
		done <- struct{}{}
		return nil, nil
	}
	var out strings.Builder
	if err := s.pump(strings.NewReader(in), &out); err != io.EOF {
		t.Errorf("pump = %v, want EOF", err)
	}
	if out.String() != want {
		t.Errorf("passed on\n%q\nwant\n%q", out.String(), want)
	}
	<-done
	<-done
	mu.Lock()
	defer mu.Unlock()
	if len(seen) != 2 || !strings.Contains(strings.Join(seen, " "), "ping") || !strings.Contains(strings.Join(seen, " "), "roots/list") {
		t.Errorf("handled %q", seen)
	}
	if s.endpoint == nil || s.endpoint.String() != "http://h/message?sessionId=1" {
		t.Errorf("endpoint %v", s.endpoint)
	}
}

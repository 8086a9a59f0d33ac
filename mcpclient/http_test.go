package mcpclient

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/model"
)

// requireBearer answers 401 to requests without the token, and counts them.
func requireBearer(token string, next http.Handler, rejected *atomic.Int32) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+token {
			rejected.Add(1)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// refuseDiscover answers server/discover with "method not found", as a
// server from before 2026-07-28 does, so the client falls back to initialize.
func refuseDiscover(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			body, _ := io.ReadAll(r.Body)
			var msg struct {
				ID     json.RawMessage `json:"id"`
				Method string          `json:"method"`
			}
			if json.Unmarshal(body, &msg) == nil && msg.Method == "server/discover" {
				w.Header().Set("Content-Type", "application/json")
				fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"Method not found"}}`, msg.ID)
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		next.ServeHTTP(w, r)
	})
}

// signalListen closes listening once the server has started answering a
// standalone GET (SSE) stream: from then on it delivers notifications.
func signalListen(next http.Handler, listening chan struct{}) http.Handler {
	var once sync.Once
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			w = &flushSignal{ResponseWriter: w, signal: func() { once.Do(func() { close(listening) }) }}
		}
		next.ServeHTTP(w, r)
	})
}

// flushSignal calls signal when the response is first flushed.
type flushSignal struct {
	http.ResponseWriter
	signal func()
}

func (f *flushSignal) Flush() {
	if fl, ok := f.ResponseWriter.(http.Flusher); ok {
		fl.Flush()
	}
	f.signal()
}

func liveServer(name string) *server.MCPServer {
	srv := server.NewMCPServer(name, "1", server.WithToolCapabilities(true))
	srv.AddTool(mcp.NewTool("first"), textResult("first"))
	return srv
}

func TestStreamableHTTP(t *testing.T) {
	for _, era := range []struct {
		name      string
		stateless bool
		legacy    bool // refuse server/discover, as servers before 2026-07-28 do
		version   string
	}{
		{"2026-07-28 stateless", true, false, mcp.ProtocolVersion20260728},
		{"2026-07-28 stateful", false, false, mcp.ProtocolVersion20260728},
		{"2025-11-25 session", false, true, mcp.ProtocolVersion20251125},
	} {
		t.Run(era.name, func(t *testing.T) {
			t.Setenv("MCPEEK_TEST_HTTP_TOKEN", "tok-secret-1")
			srv := liveServer("web")
			var rejected atomic.Int32
			var h http.Handler = server.NewStreamableHTTPServer(srv, server.WithStateLess(era.stateless))
			listening := make(chan struct{})
			if era.legacy {
				h = refuseDiscover(signalListen(h, listening))
			}
			ts := httptest.NewServer(requireBearer("tok-secret-1", h, &rejected))
			t.Cleanup(ts.Close)

			path := writeFile(t, t.TempDir()+"/.mcp.json", `{"mcpServers": {"web": {
				"type": "http", "url": "`+ts.URL+`/mcp",
				"headers": {"Authorization": "Bearer ${MCPEEK_TEST_HTTP_TOKEN}"}}}}`)
			cfg, err := Load(path)
			if err != nil {
				t.Fatal(err)
			}
			m := startManager(t, cfg)
			s, _ := m.Server("web")
			if s.State != model.StateConnected || s.Transport != model.TransportStreamableHTTP {
				t.Fatalf("state %s, err %q", s.State, s.Err)
			}
			if got := protocolOf(t, m, "web"); got != era.version {
				t.Errorf("negotiated %q, want %q", got, era.version)
			}
			if n := rejected.Load(); n != 0 {
				t.Errorf("%d requests went without the configured header", n)
			}
			res, err := m.CallTool(context.Background(), "web", "first", nil)
			if err != nil || res.Text != "first" {
				t.Fatalf("CallTool: %v", err)
			}
			// list_changed: on a subscriptions/listen stream in the new era,
			// on the standalone GET stream in the session era. A change made
			// before that GET stream is open is not seen (see dial), so the
			// session era waits for the server to have answered it.
			if era.legacy {
				select {
				case <-listening:
				case <-time.After(10 * time.Second):
					t.Fatal("the client never opened the standalone GET stream")
				}
			}
			srv.AddTool(mcp.NewTool("second"), textResult("second"))
			waitServer(t, m, "web", "the second tool", func(s model.Server) bool { return len(s.Tools) == 2 })
		})
	}
}

func TestStreamableHTTPWrongTokenIsRedacted(t *testing.T) {
	var rejected atomic.Int32
	ts := httptest.NewServer(requireBearer("right", server.NewStreamableHTTPServer(liveServer("web")), &rejected))
	t.Cleanup(ts.Close)
	m := startManager(t, Config{Servers: []ServerConfig{{
		Name: "web", Type: "http", URL: ts.URL + "/mcp?api_key=query-secret-42",
		Headers: map[string]string{"Authorization": "Bearer wrong-token-99"},
	}}}, WithBackoff(time.Hour, time.Hour))
	s, _ := m.Server("web")
	if s.State != model.StateError {
		t.Fatalf("state %s", s.State)
	}
	for _, secret := range []string{"query-secret-42", "wrong-token-99"} {
		if strings.Contains(s.Err, secret) {
			t.Errorf("error leaks %q: %s", secret, s.Err)
		}
	}
}

func TestSSE(t *testing.T) {
	srv := liveServer("events")
	sse := server.NewSSEServer(srv)
	ts := httptest.NewServer(sse)
	server.WithBaseURL(ts.URL)(sse)
	t.Cleanup(ts.Close)

	m := startManager(t, Config{Servers: []ServerConfig{{Name: "events", Type: "sse", URL: ts.URL + "/sse"}}},
		WithBackoff(time.Hour, time.Hour))
	s, _ := m.Server("events")
	if s.State != model.StateConnected || s.Transport != model.TransportSSE {
		t.Fatalf("state %s, err %q", s.State, s.Err)
	}
	if got := protocolOf(t, m, "events"); got != mcp.ProtocolVersion20251125 {
		t.Errorf("negotiated %q over SSE", got)
	}
	res, err := m.CallTool(context.Background(), "events", "first", nil)
	if err != nil || res.Text != "first" {
		t.Fatalf("CallTool: %v", err)
	}
	srv.AddTool(mcp.NewTool("second"), textResult("second"))
	waitServer(t, m, "events", "the second tool", func(s model.Server) bool { return len(s.Tools) == 2 })

	// The server going away shows as an error, without a request to notice.
	ts.CloseClientConnections()
	s = waitServer(t, m, "events", "the error state", isState(model.StateError))
	if !strings.Contains(s.Err, "connection lost") {
		t.Errorf("err = %q", s.Err)
	}
}

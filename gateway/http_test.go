package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	"mcpeek/mcpclient"
)

const initializeBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`

func post(t *testing.T, url, body string, headers map[string]string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range headers {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

func newHTTPHarness(t *testing.T, opts Options) (*harness, *httptest.Server) {
	t.Helper()
	h := newHarness(t, harnessConfig{opts: opts})
	srv := httptest.NewServer(h.g)
	t.Cleanup(srv.Close)
	return h, srv
}

func TestHTTPOriginCheck(t *testing.T) {
	t.Parallel()
	_, srv := newHTTPHarness(t, Options{HTTP: HTTPOptions{AllowedOrigins: []string{"https://app.example"}}})
	url := srv.URL + "/mcp"
	cases := []struct {
		origin string
		want   int
	}{
		{"http://evil.example", http.StatusForbidden},
		{"null", http.StatusForbidden},
		{"http://localhost.evil.example", http.StatusForbidden},
		{"http://localhost:6274", http.StatusOK},
		{"http://127.0.0.1", http.StatusOK},
		{"http://[::1]:3000", http.StatusOK},
		{"https://app.example", http.StatusOK},
		{"", http.StatusOK},
	}
	for _, c := range cases {
		h := map[string]string{}
		if c.origin != "" {
			h["Origin"] = c.origin
		}
		if code, body := post(t, url, initializeBody, h); code != c.want {
			t.Errorf("Origin %q: %d %s, want %d", c.origin, code, body, c.want)
		}
	}
}

func TestHTTPHostCheck(t *testing.T) {
	t.Parallel()
	_, srv := newHTTPHarness(t, Options{})
	if code, _ := post(t, srv.URL+"/mcp", initializeBody, map[string]string{"Host": "evil.example"}); code != http.StatusForbidden {
		t.Fatalf("a foreign Host on a loopback listener: %d", code)
	}
	if code, _ := post(t, srv.URL+"/mcp", initializeBody, map[string]string{"Host": "localhost"}); code != http.StatusOK {
		t.Fatalf("Host localhost: %d", code)
	}
}

func TestHTTPBodyCap(t *testing.T) {
	t.Parallel()
	_, srv := newHTTPHarness(t, Options{HTTP: HTTPOptions{MaxBodyBytes: 1024}})
	big := `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"` + strings.Repeat("x", 2048) + `"}}`
	if code, _ := post(t, srv.URL+"/mcp", big, nil); code != http.StatusRequestEntityTooLarge {
		t.Fatalf("oversized body: %d", code)
	}
	// Without a Content-Length (chunked), the cap still holds.
	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/mcp", io.MultiReader(strings.NewReader(big)))
	req.ContentLength = -1
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusRequestEntityTooLarge {
		t.Fatalf("chunked oversized body: %d", res.StatusCode)
	}
	if code, _ := post(t, srv.URL+"/mcp", initializeBody, nil); code != http.StatusOK {
		t.Fatalf("a small body: %d", code)
	}
}

func TestHTTPToken(t *testing.T) {
	t.Parallel()
	_, srv := newHTTPHarness(t, Options{HTTP: HTTPOptions{Token: "s3cret-token"}})
	for _, auth := range []string{"", "Bearer wrong", "s3cret-token", "Basic s3cret-token"} {
		code, body := post(t, srv.URL+"/mcp", initializeBody, map[string]string{"Authorization": auth})
		if code != http.StatusUnauthorized || strings.Contains(body, "s3cret") {
			t.Errorf("Authorization %q: %d %s", auth, code, body)
		}
	}
	if code, _ := post(t, srv.URL+"/mcp", initializeBody, map[string]string{"Authorization": "Bearer s3cret-token"}); code != http.StatusOK {
		t.Fatalf("right token: %d", code)
	}
	// The Origin check comes first: a browser page never learns whether a token is set.
	if code, _ := post(t, srv.URL+"/mcp", initializeBody, map[string]string{"Origin": "http://evil.example"}); code != http.StatusForbidden {
		t.Fatalf("evil origin: %d", code)
	}
}

func TestHTTPBearerSchemeIsCaseInsensitive(t *testing.T) {
	t.Parallel()
	_, srv := newHTTPHarness(t, Options{HTTP: HTTPOptions{Token: "s3cret-token"}})
	for _, auth := range []string{"Bearer s3cret-token", "bearer s3cret-token", "BEARER s3cret-token", "BeArEr   s3cret-token"} {
		if code, _ := post(t, srv.URL+"/mcp", initializeBody, map[string]string{"Authorization": auth}); code != http.StatusOK {
			t.Errorf("Authorization %q: %d", auth, code)
		}
	}
	for _, auth := range []string{"Bearers3cret-token", "Bearer", "Bearer ", "Bear s3cret-token", "Basic s3cret-token", "Bearer s3cret-tokenX", "Bearer s3cret"} {
		if code, _ := post(t, srv.URL+"/mcp", initializeBody, map[string]string{"Authorization": auth}); code != http.StatusUnauthorized {
			t.Errorf("Authorization %q: %d", auth, code)
		}
	}
}

func TestNewRefusesATokenNoClientCanSend(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{noDemo: true})
	for _, token := range []string{" ", "   ", " s3cret", "s3cret ", "\ts3cret", "s3c\nret"} {
		g, err := New(h.up, Options{HTTP: HTTPOptions{Token: token}})
		if err == nil {
			g.Close()
			t.Errorf("token %q is accepted", token)
			continue
		}
		if strings.Contains(err.Error(), "s3c") {
			t.Errorf("the error repeats the token: %v", err)
		}
	}
	g, err := New(h.up, Options{HTTP: HTTPOptions{Token: "s3cret-token_with.all~kinds+of/chars="}})
	if err != nil {
		t.Fatal(err)
	}
	g.Close()
}

func TestListenRefusesNonLoopbackWithoutToken(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{noDemo: true})
	for _, addr := range []string{"0.0.0.0:0", ":0", "192.0.2.1:8080", "example.com:80"} {
		if _, err := h.g.Listen(addr); err == nil || !strings.Contains(err.Error(), "refusing") {
			t.Errorf("%s: %v", addr, err)
		}
	}
	ln, err := h.g.Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln.Close()

	withToken, err := New(h.up, Options{HTTP: HTTPOptions{Token: "t0ken"}})
	if err != nil {
		t.Fatal(err)
	}
	defer withToken.Close()
	// With a token the address is allowed (binding this documentation
	// address then fails, which is not a refusal).
	if _, err := withToken.Listen("192.0.2.1:0"); err != nil && strings.Contains(err.Error(), "refusing") {
		t.Fatalf("with a token: %v", err)
	}
}

// serveHTTP runs the gateway on a loopback port and returns its URL.
func serveHTTP(t *testing.T, g *Gateway) string {
	t.Helper()
	ln, err := g.Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- g.ServeListener(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("ServeListener: %v", err)
		}
	})
	return g.URL(ln)
}

func TestHTTPBothProtocolEras(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	url := serveHTTP(t, h.g)
	for _, legacy := range []bool{true, false} {
		var opts []client.ClientOption
		if legacy {
			opts = append(opts, client.WithProtocolVersion(mcp.LATEST_LEGACY_PROTOCOL_VERSION))
		}
		tr, err := transport.NewStreamableHTTP(url)
		if err != nil {
			t.Fatal(err)
		}
		c := client.NewClient(tr, opts...)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		if err := c.Start(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := c.Initialize(ctx, mcp.InitializeRequest{}); err != nil {
			t.Fatalf("legacy %v: initialize: %v", legacy, err)
		}
		if modern := mcp.IsModernProtocol(c.ProtocolVersion()); modern == legacy {
			t.Fatalf("legacy %v: negotiated %s", legacy, c.ProtocolVersion())
		}
		list, err := c.ListTools(ctx, mcp.ListToolsRequest{})
		if err != nil || len(list.Tools) != 3 {
			t.Fatalf("legacy %v: tools/list: %v %v", legacy, err, list)
		}
		res, err := c.CallTool(ctx, mcp.CallToolRequest{Params: mcp.CallToolParams{Name: "tool_exec",
			Arguments: map[string]any{"op": "demo.util_echo", "args": map[string]any{"message": "hi"}}}})
		if err != nil || res.IsError {
			t.Fatalf("legacy %v: tools/call: %v %+v", legacy, err, res)
		}
		var env envelope
		json.Unmarshal(res.RawStructuredContent, &env)
		if !env.OK {
			t.Fatalf("legacy %v: %s", legacy, res.RawStructuredContent)
		}
		c.Close()
		cancel()
	}
}

func TestHTTPThroughTheClientManager(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	url := serveHTTP(t, h.g)
	m, err := mcpclient.NewManager(mcpclient.Config{Servers: []mcpclient.ServerConfig{{Name: "gw", URL: url, Type: "http"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := m.Start(ctx); err != nil {
		t.Fatal(err)
	}
	if n := len(m.Tools("gw")); n != 3 {
		s, _ := m.Server("gw")
		t.Fatalf("%d tools: %s", n, s.Err)
	}
	res, err := m.CallTool(ctx, "gw", "tool_help", json.RawMessage(`{"path":""}`))
	if err != nil || res.IsError || !strings.Contains(res.Text, `"toolbox"`) {
		t.Fatalf("%v %s", err, res.Raw)
	}
}

func TestServeAfterCloseIsRefused(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{noDemo: true})
	ln, err := h.g.Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	h.g.Close()
	if err := h.g.ServeListener(context.Background(), ln); !errors.Is(err, ErrClosed) {
		t.Fatalf("%v", err)
	}
}

// TestProgressiveToolsListAsServed: ProgressiveToolsList is byte for byte
// the result a client gets from tools/list over HTTP, whatever the
// upstreams.
func TestProgressiveToolsListAsServed(t *testing.T) {
	t.Parallel()
	want, err := ProgressiveToolsList()
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, harnessConfig{})
	url := serveHTTP(t, h.g)
	rpc := func(body, session string) (*http.Response, []byte) {
		req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if session != "" {
			req.Header.Set("Mcp-Session-Id", session)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, b
	}
	res, _ := rpc(initializeBody, "")
	session := res.Header.Get("Mcp-Session-Id")
	_, body := rpc(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, session)
	var got struct {
		Result json.RawMessage `json:"result"`
	}
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatalf("tools/list answer: %v\n%s", err, body)
	}
	if string(got.Result) != string(want) {
		t.Fatalf("served:\n%s\nProgressiveToolsList:\n%s", got.Result, want)
	}
	var list struct {
		Tools []struct{ Name string } `json:"tools"`
	}
	if err := json.Unmarshal(want, &list); err != nil || len(list.Tools) != 3 || list.Tools[0].Name != "tool_help" ||
		list.Tools[1].Name != "tool_exec" || list.Tools[2].Name != "tool_batch" {
		t.Fatalf("tools %+v (%v)", list.Tools, err)
	}
}

// TestCloseRacingServeListener: a Close at once after ServeListener is
// started (as a front end quitting at once does) ends it cleanly.
func TestCloseRacingServeListener(t *testing.T) {
	t.Parallel()
	for range 50 {
		g, err := New(noUpstreams{}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		ln, err := g.Listen("127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- g.ServeListener(context.Background(), ln) }()
		g.Close()
		if err := <-done; err != nil && !errors.Is(err, ErrClosed) {
			t.Fatal(err)
		}
	}
}

package mcpclient

import (
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/server"
	"golang.org/x/oauth2"

	"mcpeek/mcpclient/oauth"
	"mcpeek/model"
)

// headerLog records the credentials each request to a server carried.
type headerLog struct {
	mu   sync.Mutex
	seen []string // "Authorization=...; X-Api-Key=..." per request
}

func (l *headerLog) record(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l.mu.Lock()
		l.seen = append(l.seen, "Authorization="+r.Header.Get("Authorization")+"; X-Api-Key="+r.Header.Get("X-Api-Key"))
		l.mu.Unlock()
		next.ServeHTTP(w, r)
	})
}

func (l *headerLog) requests() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.seen...)
}

// serveOn starts h on addr ("127.0.0.2:0": another origin than
// httptest's 127.0.0.1 on Linux loopback).
func serveOn(t *testing.T, addr string, h http.Handler) *httptest.Server {
	t.Helper()
	l, err := net.Listen("tcp", addr)
	if err != nil {
		t.Skipf("cannot listen on %s: %v", addr, err)
	}
	ts := httptest.NewUnstartedServer(h)
	ts.Listener.Close()
	ts.Listener = l
	ts.Start()
	t.Cleanup(ts.Close)
	return ts
}

// redirectTo answers every request with a 307 to target.
func redirectTo(target string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, target, http.StatusTemporaryRedirect)
	})
}

// A server that answers with a redirect to another origin is not
// followed: the other origin (a working MCP server, which would be listed
// as the first one) gets no request, so neither the stored OAuth token nor
// the config's headers reach it, and the error says where the server moved
// and what to do.
func TestCredentialsStayOnTheConfiguredOrigin(t *testing.T) {
	t.Parallel()
	const (
		accessToken = "redirect-access-token-0007"
		apiKey      = "redirect-api-key-0008"
		staticAuth  = "Bearer static-header-token-0009"
		urlKey      = "url-query-key-0010"
	)
	for _, c := range []struct {
		name    string
		headers map[string]string
		oauth   bool
		typ     string
	}{
		{name: "oauth token", oauth: true, typ: "http"},
		{name: "config headers", headers: map[string]string{"Authorization": staticAuth, "X-Api-Key": apiKey}, typ: "http"},
		{name: "oauth token over sse", oauth: true, typ: "sse"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var elsewhere headerLog
			var other http.Handler = server.NewStreamableHTTPServer(liveServer("elsewhere"), server.WithStateLess(true))
			if c.typ == "sse" {
				other = server.NewSSEServer(liveServer("elsewhere"))
			}
			b := serveOn(t, "127.0.0.2:0", elsewhere.record(other))
			path := "/mcp"
			if c.typ == "sse" {
				path = "/sse"
			}
			var home headerLog
			// The redirect keeps the configured URL's query, with its key.
			a := serveOn(t, "127.0.0.1:0", home.record(redirectTo(b.URL+path+"?key="+urlKey)))

			store := &oauth.MemoryStore{}
			if c.oauth {
				store.Save(oauth.CanonicalURL(a.URL+path+"?key="+urlKey), &oauth.Record{
					Token: &oauth2.Token{AccessToken: accessToken, TokenType: "Bearer", Expiry: time.Now().Add(time.Hour)}})
			}
			m := startManager(t, Config{Servers: []ServerConfig{{Name: "moved", Type: c.typ, URL: a.URL + path + "?key=" + urlKey, Headers: c.headers}}},
				WithTokenStore(store), WithBackoff(time.Hour, time.Hour))

			s, _ := m.Server("moved")
			if s.State == model.StateConnected {
				t.Errorf("connected through the redirect, with tools %v", s.Tools)
			}
			if got := elsewhere.requests(); len(got) != 0 {
				t.Errorf("the other origin got %d requests: %q", len(got), got)
			}
			if got := home.requests(); len(got) == 0 || !strings.Contains(got[0], "Authorization=Bearer ") {
				t.Errorf("the configured origin did not get the credentials: %q", got)
			}
			for _, want := range []string{"moved to " + b.URL + path + "?key=***", "307", `if the server has moved, put its new URL in the config`} {
				if !strings.Contains(s.Err, want) {
					t.Errorf("error lacks %q: %s", want, s.Err)
				}
			}
			for _, secret := range []string{accessToken, apiKey, staticAuth, urlKey} {
				if strings.Contains(s.Err, secret) {
					t.Errorf("error shows %s: %s", secret, s.Err)
				}
			}
		})
	}
}

// A redirect within the server's origin is followed, with the
// credentials.
func TestSameOriginRedirectKeepsCredentials(t *testing.T) {
	t.Parallel()
	var log headerLog
	mux := http.NewServeMux()
	mux.Handle("/old", redirectTo("/mcp"))
	mux.Handle("/mcp", server.NewStreamableHTTPServer(liveServer("web"), server.WithStateLess(true)))
	ts := serveOn(t, "127.0.0.1:0", log.record(mux))
	m := startManager(t, Config{Servers: []ServerConfig{{Name: "web", Type: "http", URL: ts.URL + "/old",
		Headers: map[string]string{"X-Api-Key": "same-origin-key"}}}})
	if s, _ := m.Server("web"); s.State != model.StateConnected || len(s.Tools) != 1 {
		t.Fatalf("state %s, err %q", s.State, s.Err)
	}
	for _, r := range log.requests() {
		if !strings.Contains(r, "X-Api-Key=same-origin-key") {
			t.Errorf("a request went without the header: %q", r)
		}
	}
}

// A redirect from https to http is refused, even to the same host.
func TestRedirectToPlainHTTPIsRefused(t *testing.T) {
	t.Parallel()
	var plain headerLog
	b := serveOn(t, "127.0.0.1:0", plain.record(server.NewStreamableHTTPServer(liveServer("plain"), server.WithStateLess(true))))
	a := httptest.NewTLSServer(redirectTo(b.URL + "/mcp"))
	t.Cleanup(a.Close)
	client, err := httpClient(a.URL+"/mcp", map[string]string{"X-Api-Key": "tls-only-key"}, messageCap{bytes: 1 << 20}, nil, a.Client().Transport)
	if err != nil {
		t.Fatal(err)
	}
	_, err = client.Post(a.URL+"/mcp", "application/json", strings.NewReader(`{}`))
	if err == nil || !strings.Contains(err.Error(), "redirected from https to http (307 to "+b.URL+"/mcp)") {
		t.Errorf("err = %v", err)
	}
	if got := plain.requests(); len(got) != 0 {
		t.Errorf("the http server got %q", got)
	}
}

// A redirect loop ends with an error that says so, whether the server
// sends a request back where it came from or on an endless chain.
func TestRedirectLoopEnds(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.Handle("/a", redirectTo("/b"))
	mux.Handle("/b", redirectTo("/a"))
	n := 0
	mux.HandleFunc("/chain/", func(w http.ResponseWriter, r *http.Request) {
		n++
		http.Redirect(w, r, "/chain/"+strings.Repeat("x", n), http.StatusTemporaryRedirect)
	})
	ts := serveOn(t, "127.0.0.1:0", mux)
	for path, want := range map[string]string{
		"/a":       "redirect loop: " + ts.URL + "/b redirects (307) back to " + ts.URL + "/a",
		"/chain/x": "redirect loop: 10 redirects without an answer",
	} {
		m := startManager(t, Config{Servers: []ServerConfig{{Name: "loop", Type: "http", URL: ts.URL + path}}},
			WithBackoff(time.Hour, time.Hour))
		if s, _ := m.Server("loop"); s.State != model.StateError || !strings.Contains(s.Err, want) {
			t.Errorf("%s: state %s, err %q; want %q", path, s.State, s.Err, want)
		}
	}
}

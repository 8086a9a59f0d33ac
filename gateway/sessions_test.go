package gateway

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"
)

const toolsListBody = `{"jsonrpc":"2.0","id":7,"method":"tools/list"}`

// TestHTTPSessionRules: the session era's rules of streamable HTTP. A
// session id that was never issued, or whose session ended, is 404; a
// request after initialize without one is 400; a GET stream needs a live
// session; other methods are 405 with Allow.
func TestHTTPSessionRules(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{noDemo: true})
	endpoint := serveHTTP(t, h.g)
	s := openRawSession(t, endpoint)
	s.client.Timeout = 3 * time.Second // a GET that opens a stream would never end
	const forged = "mcp-session-0b6f3a4e-2f7c-4d0e-9a51-7c1d2e3f4a5b"
	noSession := map[string]string{"Mcp-Session-Id": ""}
	forgedSession := map[string]string{"Mcp-Session-Id": forged}
	expect := func(what string, want int, method, body string, headers map[string]string) *http.Response {
		t.Helper()
		res, b, err := s.send(method, body, headers)
		if err != nil {
			t.Errorf("%s: %v, want %d", what, err, want)
			return &http.Response{}
		}
		if res.StatusCode != want {
			t.Errorf("%s: %d %.200s, want %d", what, res.StatusCode, b, want)
		}
		return res
	}
	expect("tools/list in the session", http.StatusOK, http.MethodPost, toolsListBody, nil)
	expect("tools/list with a session id never issued", http.StatusNotFound, http.MethodPost, toolsListBody, forgedSession)
	expect("tools/list without a session id", http.StatusBadRequest, http.MethodPost, toolsListBody, noSession)
	expect("a notification without a session id", http.StatusBadRequest, http.MethodPost, `{"jsonrpc":"2.0","method":"notifications/initialized"}`, noSession)
	expect("GET without a session id", http.StatusBadRequest, http.MethodGet, "", noSession)
	expect("GET with a session id never issued", http.StatusNotFound, http.MethodGet, "", forgedSession)
	expect("DELETE without a session id", http.StatusBadRequest, http.MethodDelete, "", noSession)
	expect("DELETE of a session never issued", http.StatusNotFound, http.MethodDelete, "", forgedSession)
	for _, m := range []string{http.MethodPut, http.MethodPatch, http.MethodOptions} {
		res := expect(m, http.StatusMethodNotAllowed, m, "", nil)
		if allow := res.Header.Get("Allow"); !strings.Contains(allow, "POST") || !strings.Contains(allow, "GET") || !strings.Contains(allow, "DELETE") {
			t.Errorf("%s: Allow %q", m, allow)
		}
	}
	// The Origin check still comes first.
	expect("PUT from a foreign origin", http.StatusForbidden, http.MethodPut, "", map[string]string{"Origin": "http://evil.example"})

	expect("DELETE the session", http.StatusOK, http.MethodDelete, "", nil)
	expect("tools/list after DELETE", http.StatusNotFound, http.MethodPost, toolsListBody, nil)
	expect("GET after DELETE", http.StatusNotFound, http.MethodGet, "", nil)
	expect("DELETE again", http.StatusNotFound, http.MethodDelete, "", nil)

	// A new initialize gets a new session, which works.
	s2 := openRawSession(t, endpoint)
	if s2.id == s.id {
		t.Fatal("the ended session's id was issued again")
	}
	if res, b := s2.do(http.MethodPost, toolsListBody, nil); res.StatusCode != http.StatusOK {
		t.Fatalf("a new session: %d %s", res.StatusCode, b)
	}
}

// TestHTTPStatelessEraNeedsNoSession: a 2026-07-28 request carries no
// session id and is served.
func TestHTTPStatelessEraNeedsNoSession(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{noDemo: true})
	s := &rawSession{t: t, url: serveHTTP(t, h.g), client: &http.Client{}}
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}}}}`
	res, b := s.do(http.MethodPost, body, map[string]string{"Mcp-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/list"})
	if res.StatusCode != http.StatusOK || !strings.Contains(string(b), "tool_exec") {
		t.Fatalf("%d %s", res.StatusCode, b)
	}
}

// TestHTTPSessionCap: beyond MaxSessions, a new session ends the least
// recently used one; a session with an open stream is kept.
func TestHTTPSessionCap(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{noDemo: true, opts: Options{HTTP: HTTPOptions{MaxSessions: 2}}})
	endpoint := serveHTTP(t, h.g)
	streaming := openRawSession(t, endpoint)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, endpoint, nil)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Mcp-Session-Id", streaming.id)
	res, err := http.DefaultClient.Do(req)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET stream: %v %v", err, res)
	}
	defer res.Body.Close()
	old := openRawSession(t, endpoint)
	for range 3 {
		openRawSession(t, endpoint)
	}
	if res, _ := old.do(http.MethodPost, toolsListBody, nil); res.StatusCode != http.StatusNotFound {
		t.Errorf("the least recently used session: %d, want 404", res.StatusCode)
	}
	if res, _ := streaming.do(http.MethodPost, toolsListBody, nil); res.StatusCode != http.StatusOK {
		t.Errorf("the session with an open stream: %d, want 200", res.StatusCode)
	}
}

// TestHTTPSessionIdle: a session unused for SessionIdle ends.
func TestHTTPSessionIdle(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{noDemo: true, opts: Options{HTTP: HTTPOptions{SessionIdle: 200 * time.Millisecond}}})
	endpoint := serveHTTP(t, h.g)
	s := openRawSession(t, endpoint)
	time.Sleep(400 * time.Millisecond)
	openRawSession(t, endpoint) // any later request notices
	if res, _ := s.do(http.MethodPost, toolsListBody, nil); res.StatusCode != http.StatusNotFound {
		t.Fatalf("an idle session: %d, want 404", res.StatusCode)
	}
}

package mcpclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/internal/testkit"
	"mcpeek/mcpclient/oauth"
	"mcpeek/model"
)

// oauthServer is an MCP server behind a fake authorization server: every
// request needs a token with scope "read", tools/call one with "write" too.
type oauthServer struct {
	ts *httptest.Server

	mu     sync.Mutex
	tokens map[string][]string // access token -> scopes
	authz  []string            // the scope of each authorization request
	n      int
}

func newOAuthServer(t *testing.T) *oauthServer {
	o := &oauthServer{tokens: map[string][]string{}}
	srv := server.NewMCPServer("guarded", "1", server.WithToolCapabilities(true))
	srv.AddTool(mcp.NewTool("write_note"), textResult("written"))
	mcpHandler := server.NewStreamableHTTPServer(srv, server.WithStateLess(true))
	mux := http.NewServeMux()
	o.ts = httptest.NewServer(mux)
	t.Cleanup(o.ts.Close)
	base := func() string { return o.ts.URL }
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(strings.NewReader(string(body)))
		var msg struct{ Method string }
		json.Unmarshal(body, &msg)
		tok, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		o.mu.Lock()
		scopes, ok := o.tokens[tok]
		o.mu.Unlock()
		prm := `resource_metadata="` + base() + `/.well-known/oauth-protected-resource/mcp"`
		switch {
		case !ok:
			w.Header().Set("WWW-Authenticate", `Bearer scope="read", `+prm)
			w.WriteHeader(http.StatusUnauthorized)
			return
		case msg.Method == "tools/call" && !slices.Contains(scopes, "write"):
			w.Header().Set("WWW-Authenticate", `Bearer error="insufficient_scope", scope="read write", `+prm)
			w.WriteHeader(http.StatusForbidden)
			return
		}
		mcpHandler.ServeHTTP(w, r)
	})
	// The same server over SSE (2024-11-05), behind the same tokens.
	sse := server.NewSSEServer(srv)
	server.WithBaseURL(o.ts.URL)(sse)
	guardSSE := func(w http.ResponseWriter, r *http.Request) {
		o.mu.Lock()
		_, ok := o.tokens[strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")]
		o.mu.Unlock()
		if !ok {
			w.Header().Set("WWW-Authenticate", `Bearer scope="read"`)
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		sse.ServeHTTP(w, r)
	}
	mux.HandleFunc("/sse", guardSSE)
	mux.HandleFunc("/message", guardSSE)
	mux.HandleFunc("/.well-known/oauth-protected-resource/sse", func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]any{"resource": base() + "/sse", "authorization_servers": []string{base()}})
	})
	mux.HandleFunc("/.well-known/oauth-protected-resource/mcp", func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]any{"resource": base() + "/mcp", "authorization_servers": []string{base()}})
	})
	mux.HandleFunc("/.well-known/oauth-authorization-server", func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]any{"issuer": base(), "authorization_endpoint": base() + "/authorize",
			"token_endpoint": base() + "/token", "registration_endpoint": base() + "/register",
			"code_challenge_methods_supported": []string{"S256"}})
	})
	mux.HandleFunc("/register", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusCreated)
		io.WriteString(w, `{"client_id": "mcpeek-test", "client_secret": "client-secret-0042"}`)
	})
	var lastScope string
	mux.HandleFunc("/authorize", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		o.mu.Lock()
		o.authz = append(o.authz, q.Get("scope"))
		lastScope = q.Get("scope")
		o.mu.Unlock()
		http.Redirect(w, r, q.Get("redirect_uri")+"?code=c&state="+q.Get("state"), http.StatusFound)
	})
	mux.HandleFunc("/token", func(w http.ResponseWriter, r *http.Request) {
		o.mu.Lock()
		o.n++
		tok := fmt.Sprintf("access-token-%d-secret", o.n)
		o.tokens[tok] = strings.Fields(lastScope)
		o.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"access_token": %q, "token_type": "Bearer", "expires_in": 3600, "refresh_token": "refresh-token-%d-secret"}`, tok, o.n)
	})
	return o
}

// browser is a login prompt that plays the user: it follows the
// authorization URL to the loopback redirect.
func browser(t *testing.T) (Option, *sync.WaitGroup) {
	var wg sync.WaitGroup
	return WithLoginPrompt(func(server, u string) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := &http.Client{Transport: &http.Transport{}}
			defer c.CloseIdleConnections()
			resp, err := c.Get(u)
			if err != nil {
				t.Errorf("browser: %v", err)
				return
			}
			resp.Body.Close()
		}()
	}), &wg
}

func TestServerThatNeedsLogin(t *testing.T) {
	o := newOAuthServer(t)
	store := &oauth.MemoryStore{}
	prompt, wg := browser(t)
	defer wg.Wait()
	m := startManager(t, Config{Servers: []ServerConfig{{Name: "guarded", Type: "http", URL: o.ts.URL + "/mcp"}}},
		WithTokenStore(store), prompt, WithBackoff(time.Hour, time.Hour))

	s, _ := m.Server("guarded")
	if s.State != model.StateNeedsLogin || s.State.String() != "needs login" || !strings.Contains(s.Err, "401") {
		t.Fatalf("without a token: state %s, err %q", s.State, s.Err)
	}
	if _, err := m.CallTool(context.Background(), "guarded", "write_note", nil); !errors.Is(err, ErrNeedsLogin) || !errors.Is(err, ErrUnavailable) {
		t.Fatalf("CallTool before login: %v", err)
	}

	if err := m.Login(context.Background(), "guarded"); err != nil {
		t.Fatal(err)
	}
	s, _ = m.Server("guarded")
	if s.State != model.StateConnected || len(s.Tools) != 1 {
		t.Fatalf("after login: state %s, err %q", s.State, s.Err)
	}
	st, _ := m.AuthStatus("guarded")
	if !st.LoggedIn || !st.Refreshable || st.ClientID != "mcpeek-test" || !slices.Equal(st.Scopes, []string{"read"}) {
		t.Errorf("status %+v", st)
	}

	// Without auto-login a call that wants more scope says so...
	_, err := m.CallTool(context.Background(), "guarded", "write_note", nil)
	if !errors.Is(err, ErrNeedsLogin) || !strings.Contains(err.Error(), "insufficient_scope") {
		t.Fatalf("step-up without auto-login: %v", err)
	}
	// ...and secrets never show.
	for _, secret := range []string{"access-token-1-secret", "refresh-token-1-secret", "client-secret-0042"} {
		if strings.Contains(err.Error(), secret) {
			t.Errorf("error leaks %s: %v", secret, err)
		}
		st := m.byName["guarded"]
		for name, form := range testkit.SecretEncodings(secret) {
			if got := st.redact("x " + form + " y"); got != "x *** y" {
				t.Errorf("redact(%s, %s) = %q", secret, name, got)
			}
		}
	}
	if err := m.Logout("guarded"); err != nil {
		t.Fatal(err)
	}
	if st, _ := m.AuthStatus("guarded"); st.LoggedIn {
		t.Errorf("after logout: %+v", st)
	}
}

func TestAutoLoginAndStepUp(t *testing.T) {
	o := newOAuthServer(t)
	prompt, wg := browser(t)
	defer wg.Wait()
	m := startManager(t, Config{Servers: []ServerConfig{{Name: "guarded", Type: "http", URL: o.ts.URL + "/mcp"}}},
		WithTokenStore(&oauth.MemoryStore{}), prompt, WithAutoLogin(true), WithBackoff(time.Hour, time.Hour))
	if s, _ := m.Server("guarded"); s.State != model.StateConnected {
		t.Fatalf("state %s, err %q", s.State, s.Err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := m.CallToolWith(ctx, "guarded", "write_note", nil, CallOptions{Timeout: 10 * time.Second})
	if err != nil || res.Text != "written" {
		t.Fatalf("CallTool: %v", err)
	}
	// The step-up leaves the server as it was: connected, not "logging in".
	if s, _ := m.Server("guarded"); s.State != model.StateConnected {
		t.Errorf("after the step-up: state %s, err %q", s.State, s.Err)
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if !slices.Equal(o.authz, []string{"read", "read write"}) {
		t.Errorf("authorization requests asked for %q", o.authz)
	}
}

// A login for a call's step-up on a live connection leaves the server
// connected: while the browser was asked it read "logging in", and a
// call's retry waits for a connected state (it waited for an attempt
// nobody made, until its timeout).
func TestStepUpLoginLeavesTheServerConnected(t *testing.T) {
	o := newOAuthServer(t)
	prompt, wg := browser(t)
	defer wg.Wait()
	m := startManager(t, Config{Servers: []ServerConfig{{Name: "guarded", Type: "http", URL: o.ts.URL + "/mcp"}}},
		WithTokenStore(&oauth.MemoryStore{}), prompt, WithAutoLogin(true), WithBackoff(time.Hour, time.Hour))
	s := m.byName["guarded"]
	if st, _ := m.Server("guarded"); st.State != model.StateConnected {
		t.Fatalf("state %s, err %q", st.State, st.Err)
	}
	prm := o.ts.URL + "/.well-known/oauth-protected-resource/mcp"
	rerr := &oauth.RequiredError{Status: http.StatusForbidden, Challenge: oauth.ParseChallenges([]string{
		`Bearer error="insufficient_scope", scope="read write", resource_metadata="` + prm + `"`})[0]}
	if err := m.authorize(s, rerr); err != nil {
		t.Fatal(err)
	}
	if st, _ := m.Server("guarded"); st.State != model.StateConnected {
		t.Errorf("after the step-up login: state %s, err %q", st.State, st.Err)
	}
}

func TestOAuthConfigIsReadAndItsSecretRedacted(t *testing.T) {
	t.Setenv("MCPEEK_TEST_CLIENT_SECRET", "oauth-client-secret-77")
	path := writeFile(t, t.TempDir()+"/.mcp.json", `{"mcpServers": {"remote": {"url": "https://mcp.example.com/mcp",
		"oauth": {"clientId": "pre", "clientSecret": "${MCPEEK_TEST_CLIENT_SECRET}", "scopes": ["a", "b"],
		"grant": "client_credentials", "tokenEndpointAuthMethod": "client_secret_post", "callbackPort": 8976}}}}`)
	cfg, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	o := cfg.Servers[0].OAuth
	if o.ClientID != "pre" || o.ClientSecret != "oauth-client-secret-77" || o.Grant != "client_credentials" || o.CallbackPort != 8976 || len(o.Scopes) != 2 {
		t.Errorf("oauth = %+v", o)
	}
	if got := cfg.Servers[0].Redact("secret oauth-client-secret-77"); got != "secret ***" {
		t.Errorf("Redact = %q", got)
	}
	if s := cfg.Servers[0].String(); strings.Contains(s, "oauth-client-secret-77") {
		t.Errorf("String leaks: %s", s)
	}
	for _, bad := range []string{`{"grant": "password"}`, `{"grant": "client_credentials"}`, `{"tokenEndpointAuthMethod": "private_key_jwt"}`} {
		p := writeFile(t, t.TempDir()+"/.mcp.json", `{"mcpServers": {"r": {"url": "https://x/mcp", "oauth": `+bad+`}}}`)
		if _, err := Load(p); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

func TestSSEServerBehindOAuth(t *testing.T) {
	o := newOAuthServer(t)
	prompt, wg := browser(t)
	defer wg.Wait()
	m := startManager(t, Config{Servers: []ServerConfig{{Name: "events", Type: "sse", URL: o.ts.URL + "/sse"}}},
		WithTokenStore(&oauth.MemoryStore{}), prompt, WithAutoLogin(true), WithBackoff(time.Hour, time.Hour))
	if s, _ := m.Server("events"); s.State != model.StateConnected || len(s.Tools) != 1 {
		t.Fatalf("state %s, err %q", s.State, s.Err)
	}
}

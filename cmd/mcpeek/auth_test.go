package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"mcpeek/mcpclient/oauth"
)

// `auth logout` revokes the refresh and access tokens at the revocation
// endpoint the authorization server advertises, then removes them; a
// revocation the server refuses is reported (exit 1) and the token is
// removed all the same.
func TestAuthLogoutRevokes(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("MCPEEK_TOKEN_STORE", "file")
	var (
		mu      sync.Mutex
		revoked []string
		refuse  bool
	)
	mux := http.NewServeMux()
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	mux.HandleFunc("/.well-known/oauth-authorization-server", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"issuer": %q, "authorization_endpoint": "%[1]s/authorize", "token_endpoint": "%[1]s/token", "revocation_endpoint": "%[1]s/revoke"}`, ts.URL)
	})
	mux.HandleFunc("/revoke", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		mu.Lock()
		defer mu.Unlock()
		if refuse {
			http.Error(w, `{"error": "server_error"}`, http.StatusInternalServerError)
			return
		}
		id, _, _ := r.BasicAuth()
		revoked = append(revoked, r.PostForm.Get("token_type_hint")+"="+r.PostForm.Get("token")+" by "+id)
	})
	cfg := filepath.Join(t.TempDir(), "mcp.json")
	os.WriteFile(cfg, fmt.Appendf(nil, `{"mcpServers": {"remote": {"type": "http", "url": "%s/mcp"}}}`, ts.URL), 0o600)
	tokenFile, err := oauth.DefaultTokenFile()
	if err != nil {
		t.Fatal(err)
	}
	store := oauth.NewFileStore(tokenFile)
	key := oauth.CanonicalURL(ts.URL + "/mcp")
	login := func() {
		t.Helper()
		err := store.Save(key, &oauth.Record{
			Token:  &oauth2.Token{AccessToken: "revoke-access-0013", RefreshToken: "revoke-refresh-0014", TokenType: "Bearer", Expiry: time.Now().Add(time.Hour)},
			Client: &oauth.Client{ID: "dyn", Secret: "dyn-secret-0015", Registered: true},
			Issuer: ts.URL, // a login stored before the revocation endpoint was kept
		})
		if err != nil {
			t.Fatal(err)
		}
	}

	login()
	out, stderr, code := mcpeek(t, "auth", "logout", "remote", "--config", cfg)
	if code != 0 || !strings.Contains(out, "remote: logged out (removed from "+tokenFile+"; refresh token and access token revoked at "+ts.URL+"/revoke)") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	mu.Lock()
	got := strings.Join(revoked, ", ")
	mu.Unlock()
	if got != "refresh_token=revoke-refresh-0014 by dyn, access_token=revoke-access-0013 by dyn" {
		t.Errorf("revoked: %s", got)
	}
	if rec, _ := store.Load(key); rec != nil {
		t.Errorf("still stored: %+v", rec)
	}

	login()
	mu.Lock()
	refuse = true
	mu.Unlock()
	out, stderr, code = mcpeek(t, "auth", "logout", "remote", "--config", cfg)
	if code != 1 || !strings.Contains(out, "remote: logged out (removed from "+tokenFile+"; not revoked at the server)") ||
		!strings.Contains(stderr, "remote: the token could not be revoked at "+ts.URL+"/revoke: revoking the refresh token: the server answered 500") {
		t.Errorf("refused: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	if rec, _ := store.Load(key); rec != nil {
		t.Errorf("still stored after a refused revocation: %+v", rec)
	}
	for _, secret := range []string{"revoke-access-0013", "revoke-refresh-0014", "dyn-secret-0015"} {
		if strings.Contains(out+stderr, secret) {
			t.Errorf("printed %s", secret)
		}
	}
}

// watchedBuffer is a stderr that the test can wait on.
type watchedBuffer struct {
	mu      sync.Mutex
	b       strings.Builder
	changed chan struct{}
}

func (w *watchedBuffer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.b.Write(p)
	select {
	case w.changed <- struct{}{}:
	default:
	}
	return len(p), nil
}

func (w *watchedBuffer) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// While a login in the browser is pending, the command says it waits for
// that, and for how long, not that it gives up at --connect-timeout (it
// waits for the login, up to 5 minutes). The note is due 3 seconds in:
// the test lasts that long.
func TestAPendingLoginSaysWhatItWaitsFor(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("MCPEEK_TOKEN_STORE", "file")
	t.Setenv("BROWSER", "true") // a browser that opens nothing: the login stays pending
	mux := http.NewServeMux()
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("WWW-Authenticate", `Bearer resource_metadata="`+ts.URL+`/.well-known/oauth-protected-resource/mcp"`)
		w.WriteHeader(http.StatusUnauthorized)
	})
	mux.HandleFunc("/.well-known/oauth-protected-resource/mcp", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"resource": "%s/mcp", "authorization_servers": [%[1]q]}`, ts.URL)
	})
	mux.HandleFunc("/.well-known/oauth-authorization-server", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"issuer": %q, "authorization_endpoint": "%[1]s/authorize", "token_endpoint": "%[1]s/token",
			"registration_endpoint": "%[1]s/register", "code_challenge_methods_supported": ["S256"]}`, ts.URL)
	})
	mux.HandleFunc("/register", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusCreated)
		fmt.Fprint(w, `{"client_id": "pending-client"}`)
	})
	cfg := filepath.Join(t.TempDir(), "mcp.json")
	os.WriteFile(cfg, fmt.Appendf(nil, `{"mcpServers": {"remote": {"type": "http", "url": "%s/mcp"}}}`, ts.URL), 0o600)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stderr := &watchedBuffer{changed: make(chan struct{}, 1)}
	done := make(chan int, 1)
	go func() {
		var out strings.Builder
		a := newApp(strings.NewReader(""), &out, stderr)
		a.slowNote = 10 * time.Millisecond // the note, not its delay, is under test
		done <- a.run(ctx, []string{"tools", "--config", cfg, "--connect-timeout", "1s"})
	}()
	const want = "mcpeek: waiting for the browser login to remote (up to 5m; ctrl+c to stop)"
	// On a busy machine the note can come before the login begins, when the
	// server is still connecting: then it rightly names the connect timeout,
	// and the login's own line says what is waited for from then on.
	const prompt = "mcpeek: remote asks you to log in (mcpeek waits up to 5m; ctrl+c to stop)"
	notedBeforeLogin := func(s string) bool {
		i := strings.Index(s, prompt)
		return i >= 0 && strings.Contains(s[:i], "giving up after")
	}
	deadline := time.After(time.Minute)
	for s := stderr.String(); !strings.Contains(s, want) && !notedBeforeLogin(s); s = stderr.String() {
		select {
		case <-stderr.changed:
		case code := <-done:
			t.Fatalf("ended (exit %d) before saying it waits for the login: %q", code, stderr.String())
		case <-deadline:
			t.Fatalf("no note about the login: %q", stderr.String())
		}
	}
	cancel()
	if code := <-done; code != 130 {
		t.Errorf("exit %d after ctrl+c", code)
	}
	got := stderr.String()
	if !strings.Contains(got, prompt) {
		t.Errorf("the prompt does not say how long mcpeek waits: %q", got)
	}
	if _, afterPrompt, _ := strings.Cut(got, prompt); strings.Contains(afterPrompt, "giving up after") {
		t.Errorf("the note speaks of the connect timeout while a login is pending: %q", got)
	}
}

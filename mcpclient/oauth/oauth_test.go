package oauth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zalando/go-keyring"
	"golang.org/x/oauth2"
)

func TestParseChallenges(t *testing.T) {
	got := ParseChallenges([]string{
		`Basic realm="x", Bearer error="insufficient_scope", scope="a b", resource_metadata="https://h/.well-known/oauth-protected-resource/mcp", error_description="say \"more\""`,
		`Negotiate abc==`,
	})
	if len(got) != 3 || got[0].Scheme != "Basic" || got[1].Scheme != "Bearer" || got[2].Scheme != "Negotiate" {
		t.Fatalf("challenges = %+v", got)
	}
	b := got[1]
	if b.ErrorCode() != "insufficient_scope" || !slices.Equal(b.Scopes(), []string{"a", "b"}) ||
		b.ResourceMetadata() != "https://h/.well-known/oauth-protected-resource/mcp" || b.Params["error_description"] != `say "more"` {
		t.Errorf("bearer = %+v", b)
	}
	if got[0].Params["realm"] != "x" {
		t.Errorf("basic = %+v", got[0])
	}
	if c := BearerChallenge([]string{`Bearer realm=example`}); c.Params["realm"] != "example" {
		t.Errorf("token value: %+v", c)
	}
}

func TestWellKnownAndMetadataURLs(t *testing.T) {
	if got := wellKnownURLs("https://h.example/api/mcp/", "oauth-protected-resource"); !slices.Equal(got, []string{
		"https://h.example/.well-known/oauth-protected-resource/api/mcp", "https://h.example/.well-known/oauth-protected-resource"}) {
		t.Errorf("wellKnownURLs = %q", got)
	}
	if got := metadataURLs("https://as.example/tenant1"); !slices.Equal(got, []string{
		"https://as.example/.well-known/oauth-authorization-server/tenant1",
		"https://as.example/.well-known/openid-configuration/tenant1",
		"https://as.example/tenant1/.well-known/openid-configuration"}) {
		t.Errorf("metadataURLs = %q", got)
	}
	for _, c := range []struct {
		resource, server string
		want             bool
	}{
		{"https://h/mcp", "https://h/mcp", true},
		{"https://h", "https://h/mcp", true},
		{"https://h/", "https://h/mcp", true},
		{"https://h/m", "https://h/mcp", false},
		{"https://evil.example.com/mcp", "https://h/mcp", false},
		{"http://h/mcp", "https://h/mcp", false},
	} {
		if got := resourceCovers(c.resource, c.server); got != c.want {
			t.Errorf("resourceCovers(%q, %q) = %v", c.resource, c.server, got)
		}
	}
}

func TestBrowserCommands(t *testing.T) {
	got := browserCommands("lynx -dump:firefox --new-tab %s", "http://x/?a=1")
	want := [][]string{{"lynx", "-dump", "http://x/?a=1"}, {"firefox", "--new-tab", "http://x/?a=1"}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("browserCommands = %q", got)
	}
}

// fakeAuth is an MCP server behind an authorization server, both on one
// httptest server, recording what the client sends.
type fakeAuth struct {
	srv *httptest.Server

	mu        sync.Mutex
	authz     []map[string]string // authorization request parameters
	tokenReqs []map[string]string // token request parameters (+ "basic" user)
	issued    map[string]bool
	n         int
	tokenAuth []string
	revoked   []map[string]string // revocation request parameters (+ "basic")
	revokeErr bool                // answer revocations with 503
}

func newFakeAuth(t *testing.T) *fakeAuth {
	f := &fakeAuth{issued: map[string]bool{}, tokenAuth: []string{"client_secret_basic"}}
	mux := http.NewServeMux()
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		tok, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		f.mu.Lock()
		ok := f.issued[tok]
		f.mu.Unlock()
		if !ok {
			w.Header().Set("WWW-Authenticate", `Bearer scope="mcp:read", resource_metadata="`+f.srv.URL+`/.well-known/oauth-protected-resource/mcp"`)
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		io.WriteString(w, "ok")
	})
	mux.HandleFunc("/.well-known/oauth-protected-resource/mcp", func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]any{"resource": f.srv.URL + "/mcp", "authorization_servers": []string{f.srv.URL + "/as"}})
	})
	mux.HandleFunc("/.well-known/oauth-authorization-server/as", func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]any{
			"issuer": f.srv.URL + "/as", "authorization_endpoint": f.srv.URL + "/as/authorize",
			"token_endpoint": f.srv.URL + "/as/token", "registration_endpoint": f.srv.URL + "/as/register",
			"code_challenge_methods_supported": []string{"S256"}, "token_endpoint_auth_methods_supported": f.tokenAuth,
			"revocation_endpoint": f.srv.URL + "/as/revoke",
		})
	})
	mux.HandleFunc("/as/revoke", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		q := map[string]string{}
		for k := range r.PostForm {
			q[k] = r.PostForm.Get(k)
		}
		if u, p, ok := r.BasicAuth(); ok {
			q["basic"] = u + ":" + p
		}
		f.mu.Lock()
		defer f.mu.Unlock()
		if f.revokeErr {
			w.WriteHeader(http.StatusServiceUnavailable)
			fmt.Fprintf(w, `{"error": "temporarily_unavailable", "error_description": "cannot revoke %s"}`, q["token"])
			return
		}
		f.revoked = append(f.revoked, q)
	})
	mux.HandleFunc("/as/register", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusCreated)
		json.NewEncoder(w).Encode(map[string]any{"client_id": "dyn-client", "client_secret": "dyn-secret-0123", "token_endpoint_auth_method": "client_secret_basic"})
	})
	mux.HandleFunc("/as/authorize", func(w http.ResponseWriter, r *http.Request) {
		q := map[string]string{}
		for k := range r.URL.Query() {
			q[k] = r.URL.Query().Get(k)
		}
		f.mu.Lock()
		f.authz = append(f.authz, q)
		f.mu.Unlock()
		http.Redirect(w, r, q["redirect_uri"]+"?code=the-code&state="+q["state"], http.StatusFound)
	})
	mux.HandleFunc("/as/token", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		q := map[string]string{}
		for k := range r.PostForm {
			q[k] = r.PostForm.Get(k)
		}
		if u, p, ok := r.BasicAuth(); ok {
			q["basic"] = u + ":" + p
		}
		f.mu.Lock()
		f.tokenReqs = append(f.tokenReqs, q)
		f.n++
		access := fmt.Sprintf("access-%d-abcdef", f.n)
		f.issued[access] = true
		f.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"access_token": access, "token_type": "bearer", "expires_in": 3600, "refresh_token": fmt.Sprintf("refresh-%d-abcdef", f.n)})
	})
	return f
}

// follow is a headless browser: it GETs the URL and follows the redirects
// to the loopback callback.
func follow(t *testing.T) Prompt {
	return func(u string) {
		go func() {
			resp, err := http.Get(u)
			if err != nil {
				t.Errorf("browser: %v", err)
				return
			}
			resp.Body.Close()
		}()
	}
}

func TestSessionLogsInRefreshesAndStores(t *testing.T) {
	f := newFakeAuth(t)
	store := NewFileStore(filepath.Join(t.TempDir(), "cfg", "tokens.json"))
	s := NewSession(Config{ServerURL: f.srv.URL + "/mcp"}, store, nil)
	hc := &http.Client{Transport: s.Transport(http.DefaultTransport)}

	_, err := hc.Get(f.srv.URL + "/mcp")
	var rerr *RequiredError
	if !errors.As(err, &rerr) || rerr.Status != 401 || !slices.Equal(rerr.Challenge.Scopes(), []string{"mcp:read"}) {
		t.Fatalf("first request: %v", err)
	}
	if err := s.Authorize(context.Background(), rerr, follow(t)); err != nil {
		t.Fatal(err)
	}
	resp, err := hc.Get(f.srv.URL + "/mcp")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("after login: %v %v", resp, err)
	}
	resp.Body.Close()

	a := f.authz[0]
	if a["code_challenge_method"] != "S256" || a["code_challenge"] == "" || a["resource"] != f.srv.URL+"/mcp" ||
		a["scope"] != "mcp:read" || a["client_id"] != "dyn-client" || !strings.HasPrefix(a["redirect_uri"], "http://127.0.0.1:") {
		t.Errorf("authorization request: %v", a)
	}
	tr := f.tokenReqs[0]
	if tr["grant_type"] != "authorization_code" || tr["code_verifier"] == "" || tr["resource"] != f.srv.URL+"/mcp" ||
		tr["basic"] != "dyn-client:dyn-secret-0123" || tr["client_secret"] != "" {
		t.Errorf("token request: %v", tr)
	}
	if st, err := os.Stat(store.Where()); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("token file: %v %v", st.Mode(), err)
	}

	// Expire the token: the next request refreshes it, with the resource.
	rec, _ := store.Load(s.Key())
	rec.Token.Expiry = rec.Token.Expiry.Add(-2 * 3600e9)
	store.Save(s.Key(), rec)
	s.Reload()
	resp, err = hc.Get(f.srv.URL + "/mcp")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("after expiry: %v %v", resp, err)
	}
	resp.Body.Close()
	tr = f.tokenReqs[1]
	if tr["grant_type"] != "refresh_token" || tr["refresh_token"] != "refresh-1-abcdef" || tr["resource"] != f.srv.URL+"/mcp" {
		t.Errorf("refresh request: %v", tr)
	}
	secrets := s.Secrets()
	for _, want := range []string{"access-2-abcdef", "refresh-2-abcdef", "dyn-secret-0123"} {
		if !slices.Contains(secrets, want) {
			t.Errorf("Secrets() = %q lacks %q", secrets, want)
		}
	}

	// A new session on the same store is logged in already.
	s2 := NewSession(Config{ServerURL: f.srv.URL + "/mcp/"}, store, nil)
	if st := s2.Status(); !st.LoggedIn || !st.Refreshable || st.ClientID != "dyn-client" {
		t.Errorf("status = %+v", st)
	}
	if err := s2.Logout(); err != nil {
		t.Fatal(err)
	}
	if st := s.Status(); st.LoggedIn {
		t.Errorf("after logout: %+v", st)
	}
}

func TestClientCredentialsNeedNoBrowser(t *testing.T) {
	f := newFakeAuth(t)
	s := NewSession(Config{ServerURL: f.srv.URL + "/mcp", Grant: GrantClientCredentials, ClientID: "svc", ClientSecret: "svc-secret"}, &MemoryStore{}, nil)
	hc := &http.Client{Transport: s.Transport(http.DefaultTransport)}
	resp, err := hc.Post(f.srv.URL+"/mcp", "application/json", strings.NewReader("{}"))
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("request: %v %v", resp, err)
	}
	resp.Body.Close()
	tr := f.tokenReqs[0]
	if tr["grant_type"] != "client_credentials" || tr["basic"] != "svc:svc-secret" || tr["resource"] != f.srv.URL+"/mcp" || tr["scope"] != "mcp:read" {
		t.Errorf("token request: %v", tr)
	}
	if len(f.authz) != 0 {
		t.Errorf("the browser was used: %v", f.authz)
	}
}

func TestClientSecretPostAndBasicEncoding(t *testing.T) {
	got := oauthConfig(&Client{ID: "a b", Secret: "s:t", AuthMethod: AuthClientSecretPost}, "", "", "", nil)
	if got.Endpoint.AuthStyle != oauth2.AuthStyleInParams || got.ClientSecret != "s:t" {
		t.Errorf("post: %+v", got)
	}
	got = oauthConfig(&Client{ID: "a", Secret: "s", AuthMethod: AuthNone}, "", "", "", nil)
	if got.ClientSecret != "" {
		t.Errorf("none keeps the secret: %+v", got)
	}
	if m := tokenAuthMethod("", true, []string{"client_secret_post"}); m != AuthClientSecretPost {
		t.Errorf("method = %s", m)
	}
}

// listenOn starts h on addr; "127.0.0.2:0" is another origin than
// httptest's 127.0.0.1 on Linux loopback.
func listenOn(t *testing.T, addr string, h http.Handler) *httptest.Server {
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

// A token endpoint that redirects to another origin is not followed: the
// refresh token and the client secret (in the body and the Basic header a
// 307 would send again) stay where they were meant to go. A public metadata
// document may still be found through a redirect.
func TestTokenRequestsStayOnTheirOrigin(t *testing.T) {
	var mu sync.Mutex
	var elsewhere []string
	b := listenOn(t, "127.0.0.2:0", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		elsewhere = append(elsewhere, r.Method+" "+r.URL.Path+" "+r.Header.Get("Authorization")+" "+string(body))
		mu.Unlock()
		if r.URL.Path == "/.well-known/oauth-protected-resource/mcp" {
			json.NewEncoder(w).Encode(map[string]any{"authorization_servers": []string{"http://" + r.Host}})
			return
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"access_token": "stolen", "token_type": "bearer", "expires_in": 3600}`)
	}))
	a := listenOn(t, "127.0.0.1:0", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, b.URL+r.URL.Path, http.StatusTemporaryRedirect)
	}))

	store := &MemoryStore{}
	s := NewSession(Config{ServerURL: a.URL + "/mcp"}, store, nil)
	store.Save(s.Key(), &Record{
		Token:    &oauth2.Token{AccessToken: "old", RefreshToken: "refresh-secret-0011", Expiry: time.Now().Add(-time.Hour)},
		Client:   &Client{ID: "c", Secret: "client-secret-0012", AuthMethod: AuthClientSecretBasic},
		TokenURL: a.URL + "/token",
	})
	_, err := s.renew(context.Background(), nil)
	if err == nil || !strings.Contains(err.Error(), "moved to "+b.URL+"/token (307 from "+a.URL+")") {
		t.Errorf("refresh: %v", err)
	}
	mu.Lock()
	got := slices.Clone(elsewhere)
	mu.Unlock()
	if len(got) != 0 {
		t.Errorf("the other origin got %q", got)
	}

	var prm ProtectedResource
	if ok, err := getJSON(context.Background(), s.hc, a.URL+"/.well-known/oauth-protected-resource/mcp", &prm); !ok || err != nil ||
		len(prm.AuthorizationServers) != 1 {
		t.Errorf("metadata through a redirect: %v %v %+v", ok, err, prm)
	}
}

// Without a config directory of the user's own, tokens are not written to
// the shared temporary directory: the store says what to set instead.
func TestNoTokenFileInASharedDirectory(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	t.Setenv(TokenStoreEnv, "file")
	for _, env := range []map[string]string{
		{"HOME": "", "XDG_CONFIG_HOME": ""},
		{"HOME": "", "XDG_CONFIG_HOME": "relative/dir"},
		{"HOME": "relative", "XDG_CONFIG_HOME": ""},
	} {
		for k, v := range env {
			t.Setenv(k, v)
		}
		if _, err := DefaultTokenFile(); err == nil || !strings.Contains(err.Error(), "set XDG_CONFIG_HOME to an absolute directory of your own") {
			t.Errorf("%v: DefaultTokenFile: %v", env, err)
		}
		store, err := DefaultStore()
		if err != nil {
			t.Fatal(err)
		}
		err = store.Save("https://h/mcp", &Record{Token: &oauth2.Token{AccessToken: "tmp-token"}})
		if err == nil || !strings.Contains(err.Error(), "XDG_CONFIG_HOME") {
			t.Errorf("%v: Save: %v", env, err)
		}
		if _, err := store.Load("https://h/mcp"); err == nil {
			t.Errorf("%v: Load: no error", env)
		}
	}
	if entries, _ := os.ReadDir(tmp); len(entries) != 0 {
		t.Errorf("something was written to TMPDIR: %v", entries)
	}
}

// A token directory open to others is made private before a token goes in;
// one that belongs to another user is refused.
func TestTokenDirectoryIsPrivate(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mcpeek")
	if err := os.Mkdir(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	os.Chmod(dir, 0o777) // past the umask
	store := NewFileStore(filepath.Join(dir, "tokens.json"))
	if err := store.Save("https://h/mcp", &Record{Token: &oauth2.Token{AccessToken: "a"}}); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(dir); st.Mode().Perm() != 0o700 {
		t.Errorf("directory mode %v after a save", st.Mode().Perm())
	}
	os.Chmod(dir, 0o777)
	if _, err := store.Load("https://h/mcp"); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(dir); st.Mode().Perm() != 0o700 {
		t.Errorf("directory mode %v after a load", st.Mode().Perm())
	}

	if os.Getuid() != 0 {
		t.Skip("giving a directory to another user needs root")
	}
	theirs := filepath.Join(t.TempDir(), "mcpeek")
	os.Mkdir(theirs, 0o700)
	if err := os.Chown(theirs, 65534, 65534); err != nil {
		t.Skip(err)
	}
	store = NewFileStore(filepath.Join(theirs, "tokens.json"))
	err := store.Save("https://h/mcp", &Record{Token: &oauth2.Token{AccessToken: "a"}})
	if err == nil || !strings.Contains(err.Error(), "belongs to another user (uid 65534)") {
		t.Errorf("Save in another user's directory: %v", err)
	}
	if _, err := os.Stat(filepath.Join(theirs, "tokens.json")); err == nil {
		t.Error("the token file was written")
	}
}

// Two stores on one file (two mcpeek processes) saving different servers
// at once keep both records: each read-modify-write holds the file lock.
func TestConcurrentSavesLoseNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cfg", "tokens.json")
	const writers, each = 4, 25
	var wg sync.WaitGroup
	errs := make(chan error, writers*each)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			store := NewFileStore(path) // its own, as another process has
			for i := range each {
				key := fmt.Sprintf("https://h%d/mcp%d", w, i)
				if err := store.Save(key, &Record{Token: &oauth2.Token{AccessToken: key}}); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var recs map[string]*Record
	if err := json.Unmarshal(b, &recs); err != nil {
		t.Fatal(err)
	}
	if len(recs) != writers*each {
		t.Errorf("%d records kept of %d saved", len(recs), writers*each)
	}
}

// Two mcpeek processes with one expired token: the second to refresh
// finds the first one's new token in the file and uses it, rather than
// spending the refresh token again (refused where refresh tokens rotate,
// which loses the login).
func TestASecondRefreshUsesTheFirstOnesToken(t *testing.T) {
	f := newFakeAuth(t)
	path := filepath.Join(t.TempDir(), "cfg", "tokens.json")
	one := NewSession(Config{ServerURL: f.srv.URL + "/mcp"}, NewFileStore(path), nil)
	two := NewSession(Config{ServerURL: f.srv.URL + "/mcp"}, NewFileStore(path), nil)
	stale := &oauth2.Token{AccessToken: "expired", RefreshToken: "refresh-0", Expiry: time.Now().Add(-time.Hour)}
	if err := one.store.Save(one.Key(), &Record{Token: stale, Client: &Client{ID: "dyn-client"}, TokenURL: f.srv.URL + "/as/token"}); err != nil {
		t.Fatal(err)
	}
	two.record() // both have read the expired token
	got1, err := one.renew(context.Background(), stale)
	if err != nil {
		t.Fatal(err)
	}
	got2, err := two.renew(context.Background(), stale)
	if err != nil {
		t.Fatal(err)
	}
	f.mu.Lock()
	n := len(f.tokenReqs)
	f.mu.Unlock()
	if got2.AccessToken != got1.AccessToken || n != 1 {
		t.Errorf("second refresh: %s (first %s), %d token requests", got2.AccessToken, got1.AccessToken, n)
	}
}

// Revoke revokes the refresh token and then the access token at the
// endpoint the login found, authenticating the client as at the token
// endpoint; a refusal is an error that does not quote the token.
func TestRevokeAtLogout(t *testing.T) {
	f := newFakeAuth(t)
	store := &MemoryStore{}
	s := NewSession(Config{ServerURL: f.srv.URL + "/mcp"}, store, nil)
	if err := s.Authorize(context.Background(), nil, follow(t)); err != nil {
		t.Fatal(err)
	}
	rec, _ := store.Load(s.Key())
	if rec.RevocationURL != f.srv.URL+"/as/revoke" {
		t.Fatalf("revocation URL %q", rec.RevocationURL)
	}
	r := s.Revoke(context.Background())
	if r.Err != nil || r.Endpoint != f.srv.URL+"/as/revoke" || !slices.Equal(r.Revoked, []string{"refresh token", "access token"}) {
		t.Fatalf("Revoke = %+v", r)
	}
	f.mu.Lock()
	got := slices.Clone(f.revoked)
	f.mu.Unlock()
	if len(got) != 2 || got[0]["token"] != "refresh-1-abcdef" || got[0]["token_type_hint"] != "refresh_token" ||
		got[1]["token"] != "access-1-abcdef" || got[1]["basic"] != "dyn-client:dyn-secret-0123" {
		t.Errorf("revocation requests %v", got)
	}

	// A login stored before the endpoint was kept: it is read from the
	// issuer's metadata. A refusal is reported.
	rec.RevocationURL = ""
	store.Save(s.Key(), rec)
	f.mu.Lock()
	f.revokeErr = true
	f.mu.Unlock()
	r = s.Revoke(context.Background())
	if r.Err == nil || r.Endpoint != f.srv.URL+"/as/revoke" || !strings.Contains(r.Err.Error(), `revoking the refresh token: the server answered 503 Service Unavailable (error "temporarily_unavailable")`) ||
		strings.Contains(r.Err.Error(), "refresh-1-abcdef") {
		t.Errorf("Revoke refused = %+v", r)
	}
	if s.Revoke(context.Background()); s.Logout() != nil {
		t.Fatal("Logout")
	}
	if r := s.Revoke(context.Background()); r.Endpoint != "" || r.Err != nil {
		t.Errorf("Revoke after logout = %+v", r)
	}
}

// With a keyring but no private directory for the file, the keyring alone
// keeps the tokens: the missing file is no error on the way.
func TestKeyringWithoutATokenFile(t *testing.T) {
	keyring.MockInit()
	a := &autoStore{file: &FileStore{err: errors.New("no private directory")}}
	a.once.Do(func() { a.ok = true })
	if err := a.Save("https://h/mcp", &Record{Token: &oauth2.Token{AccessToken: "k"}}); err != nil {
		t.Fatal(err)
	}
	if r, err := a.Load("https://h/mcp"); err != nil || r == nil || r.Token.AccessToken != "k" {
		t.Errorf("Load = %+v, %v", r, err)
	}
	if r, err := a.Load("https://other/mcp"); err != nil || r != nil {
		t.Errorf("Load of nothing = %+v, %v", r, err)
	}
	if err := a.Delete("https://h/mcp"); err != nil {
		t.Error(err)
	}
	if w := a.Where(); w != "the OS keyring" {
		t.Errorf("Where = %q", w)
	}
}

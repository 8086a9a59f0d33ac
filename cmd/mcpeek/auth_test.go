package main

import (
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

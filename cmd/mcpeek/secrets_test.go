package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"golang.org/x/oauth2"

	"mcpeek/mcpclient/oauth"
)

// TestPlantedSecretsAppearInNoOutput plants secrets in a config's env, its
// headers, its "oauth" settings and the token store, and greps what every
// command prints for them. The remote server even echoes the token it was
// sent in an error, and the stdio server prints its key on stderr.
func TestPlantedSecretsAppearInNoOutput(t *testing.T) {
	const (
		accessToken  = "planted-access-token-0001"
		headerSecret = "planted-header-secret-0002"
		envSecret    = "planted-env-secret-0003"
		refreshToken = "planted-refresh-token-0004"
		dcrSecret    = "planted-dcr-secret-0005"
		oauthSecret  = "planted-oauth-secret-0006"
	)
	secrets := []string{accessToken, headerSecret, envSecret, refreshToken, dcrSecret, oauthSecret}
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("MCPEEK_TOKEN_STORE", "file")
	t.Setenv("BROWSER", "")
	t.Setenv("MCPEEK_TEST_OAUTH_SECRET", oauthSecret)

	srv := server.NewMCPServer("remote", "1", server.WithToolCapabilities(true))
	srv.AddTool(mcp.NewTool("echo", mcp.WithOutputSchema[struct {
		ID string `json:"id"`
	}]()), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultStructuredOnly(map[string]any{"id": "1"}), nil
	})
	srv.AddTool(mcp.NewTool("leak"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, fmt.Errorf("you sent %s and %s", req.Header.Get("Authorization"), req.Header.Get("X-Api-Key"))
	})
	h := server.NewStreamableHTTPServer(srv)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+accessToken || r.Header.Get("X-Api-Key") != headerSecret {
			w.Header().Set("WWW-Authenticate", `Bearer scope="read"`)
			http.Error(w, "no", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)

	tokenFile, err := oauth.DefaultTokenFile()
	if err != nil {
		t.Fatal(err)
	}
	err = oauth.NewFileStore(tokenFile).Save(oauth.CanonicalURL(ts.URL+"/mcp"), &oauth.Record{
		Token:  &oauth2.Token{AccessToken: accessToken, TokenType: "Bearer", RefreshToken: refreshToken, Expiry: time.Now().Add(time.Hour)},
		Client: &oauth.Client{ID: "dyn", Secret: dcrSecret, Registered: true},
		Scopes: []string{"read"},
	})
	if err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(t.TempDir(), "mcp.json")
	os.WriteFile(cfg, fmt.Appendf(nil, `{"mcpServers": {
		"remote": {"type": "http", "url": %q, "headers": {"X-Api-Key": %q},
			"oauth": {"clientId": "dyn", "clientSecret": "${MCPEEK_TEST_OAUTH_SECRET}"}},
		"local": {"command": "sh", "args": ["-c", "echo \"using key $API_KEY\" >&2; exit 3"], "env": {"API_KEY": %q}}}}`,
		ts.URL+"/mcp", headerSecret, envSecret), 0o600)

	runs := [][]string{
		{"servers"}, {"servers", "--json"}, {"tools"}, {"tools", "--json"},
		{"describe", "remote.echo"}, {"describe", "remote.echo", "--json"},
		{"summary", "remote.echo"}, {"inspect", "remote.echo"},
		{"call", "remote.echo"}, {"call", "remote.leak"}, {"call", "remote.leak", "--json"},
		{"describe", "local.x"},
		{"auth", "status"}, {"auth", "status", "--json"}, {"auth", "logout", "remote"}, {"servers"},
	}
	sawRemote, sawStderr := false, false
	for _, args := range runs {
		out, errOut, _ := mcpeek(t, append(args, "--config", cfg)...)
		all := out + errOut
		sawRemote = sawRemote || strings.Contains(all, "you sent")
		sawStderr = sawStderr || strings.Contains(all, "using key ***")
		for _, s := range secrets {
			if strings.Contains(all, s) {
				t.Errorf("mcpeek %s printed %s:\n%s", strings.Join(args, " "), s, all)
			}
		}
	}
	if !sawRemote || !sawStderr {
		t.Errorf("the leaks were not exercised: the error echo seen %v, the stderr line seen %v", sawRemote, sawStderr)
	}
}

package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"golang.org/x/oauth2"

	"mcpeek/mcpclient/oauth"
)

// TestPlantedSecretsAppearInNoOutput plants secrets in a config's env, its
// headers, its "oauth" settings and the token store, and greps what every
// command and the gateway print for them. The remote server even echoes the
// token it was sent in an error, the stdio server prints its key on stderr,
// and a third server redirects to another origin, which must get nothing.
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
	login := func() {
		t.Helper()
		err := oauth.NewFileStore(tokenFile).Save(oauth.CanonicalURL(ts.URL+"/mcp"), &oauth.Record{
			Token:  &oauth2.Token{AccessToken: accessToken, TokenType: "Bearer", RefreshToken: refreshToken, Expiry: time.Now().Add(time.Hour)},
			Client: &oauth.Client{ID: "dyn", Secret: dcrSecret, Registered: true},
			Scopes: []string{"read"},
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	login()
	// A server that moved to another origin (127.0.0.2): its headers and
	// its stored token must not follow, in any command or the gateway.
	var elsewhere atomic.Int32
	other, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Skipf("no 127.0.0.2: %v", err)
	}
	otherSrv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		elsewhere.Add(1)
		h.ServeHTTP(w, r)
	})}
	go otherSrv.Serve(other)
	t.Cleanup(func() { otherSrv.Close() })
	moved := httptest.NewServer(http.RedirectHandler("http://"+other.Addr().String()+"/mcp", http.StatusTemporaryRedirect))
	t.Cleanup(moved.Close)
	err = oauth.NewFileStore(tokenFile).Save(oauth.CanonicalURL(moved.URL+"/mcp"), &oauth.Record{
		Token: &oauth2.Token{AccessToken: accessToken, TokenType: "Bearer", Expiry: time.Now().Add(time.Hour)},
	})
	if err != nil {
		t.Fatal(err)
	}

	cfg := filepath.Join(t.TempDir(), "mcp.json")
	os.WriteFile(cfg, fmt.Appendf(nil, `{"mcpServers": {
		"remote": {"type": "http", "url": %q, "headers": {"X-Api-Key": %q},
			"oauth": {"clientId": "dyn", "clientSecret": "${MCPEEK_TEST_OAUTH_SECRET}"}},
		"local": {"command": "sh", "args": ["-c", "echo \"using key $API_KEY\" >&2; exit 3"], "env": {"API_KEY": %q}},
		"moved": {"type": "http", "url": %q, "headers": {"X-Api-Key": %q}}}}`,
		ts.URL+"/mcp", headerSecret, envSecret, moved.URL+"/mcp", headerSecret), 0o600)

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

	// The gateway, in both modes (logged in again: the runs above ended
	// with a logout): tools/list, tool_help of every level,
	// tool_exec errors (the upstream's echo, an unavailable server, bad
	// arguments), direct calls, its stderr and its events file.
	login()
	events := filepath.Join(t.TempDir(), "events.jsonl")
	call := func(id int, tool string, args string) string {
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":%s}}`, id, tool, args)
	}
	for _, g := range []struct {
		args     []string
		requests []string
	}{
		{[]string{"gateway", "--events", events}, []string{
			`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
			call(3, "tool_help", `{"path":""}`), call(4, "tool_help", `{"path":"remote"}`),
			call(5, "tool_help", `{"path":"remote.leak"}`), call(6, "tool_help", `{"path":"local"}`),
			call(7, "tool_exec", `{"op":"remote.leak"}`), call(8, "tool_exec", `{"op":"local.x"}`),
			call(9, "tool_exec", `{"op":"remote.echo","args":{"nope":1}}`), call(10, "tool_help", `{"path":"moved"}`),
			call(11, "tool_batch", `{"ops":[{"type":"exec","op":"remote.leak"},{"type":"exec","op":"moved.x"},{"type":"help","path":"moved"}]}`),
		}},
		{[]string{"gateway", "--mode", "direct"}, []string{
			`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, call(3, "remote__leak", `{}`), call(4, "remote__echo", `{"nope":1}`),
		}},
	} {
		out, errOut := gatewayTalk(t, append(g.args, "--config", cfg), g.requests)
		log, _ := os.ReadFile(events)
		all := out + errOut + string(log)
		sawGateway := strings.Contains(all, "you sent")
		for _, s := range secrets {
			if strings.Contains(all, s) {
				t.Errorf("mcpeek %s printed %s:\n%s", strings.Join(g.args, " "), s, all)
			}
		}
		if !sawGateway {
			t.Errorf("mcpeek %s: the upstream's echo was not exercised:\n%s", strings.Join(g.args, " "), all)
		}
	}
	if !sawRemote || !sawStderr {
		t.Errorf("the leaks were not exercised: the error echo seen %v, the stderr line seen %v", sawRemote, sawStderr)
	}
	if got := elsewhere.Load(); got != 0 {
		t.Errorf("the origin the moved server redirects to got %d requests", got)
	}
}

// gatewayTalk runs `mcpeek ARGS` (a gateway over stdio), initializes, sends
// requests (each with an id) and returns what it wrote once every one is
// answered and its input closed.
func gatewayTalk(t *testing.T, args []string, requests []string) (stdout, stderr string) {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var errOut strings.Builder
	done := make(chan int, 1)
	go func() {
		done <- run(context.Background(), args, inR, outW, &errOut)
		outW.Close()
	}()
	var out strings.Builder
	lines := bufio.NewScanner(outR)
	lines.Buffer(nil, 16<<20)
	answered := make(chan struct{})
	go func() {
		defer close(answered)
		n := 0
		for lines.Scan() {
			out.WriteString(lines.Text() + "\n")
			if strings.Contains(lines.Text(), `"id":`) {
				n++
			}
			if n == len(requests)+1 {
				return
			}
		}
	}()
	io.WriteString(inW, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`+"\n")
	io.WriteString(inW, `{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n")
	for _, r := range requests {
		io.WriteString(inW, r+"\n")
	}
	select {
	case <-answered:
	case <-time.After(time.Minute):
		t.Errorf("mcpeek %s: not every request was answered:\n%s", strings.Join(args, " "), out.String())
	}
	inW.Close()
	go io.Copy(io.Discard, outR)
	<-done
	return out.String(), errOut.String()
}

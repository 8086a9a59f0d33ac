package mcpclient

import (
	"errors"
	"testing"
)

func TestOAuthServersPicksThoseThatLogIn(t *testing.T) {
	cfg := Config{Servers: []ServerConfig{
		{Name: "remote", URL: "https://example.com/mcp", Type: "http"},
		{Name: "keyed", URL: "https://example.com/mcp", Type: "http", Headers: map[string]string{"Authorization": "Bearer x"}},
		{Name: "off", URL: "https://example.com/mcp", Type: "http", Disabled: true},
		{Name: "local", Command: "shop-server"},
	}}
	if got, err := OAuthServers(cfg, ""); err != nil || len(got) != 1 || got[0].Name != "remote" {
		t.Errorf("every one: %+v, %v; want remote", got, err)
	}
	if got, err := OAuthServers(cfg, "off"); err != nil || len(got) != 1 {
		t.Errorf("a disabled one named: %+v, %v", got, err)
	}
	if _, err := OAuthServers(cfg, "local"); !errors.Is(err, ErrNoOAuth) {
		t.Errorf("a local one named: %v, want ErrNoOAuth", err)
	}
	if _, err := OAuthServers(cfg, "remot"); err == nil || err.Error() != `no server named "remot" (did you mean remote?); the servers are: remote, keyed, off, local` {
		t.Errorf("a name there is not: %v", err)
	}
	if _, err := OAuthServers(Config{}, ""); !errors.Is(err, ErrNoOAuthServer) {
		t.Errorf("none: %v, want ErrNoOAuthServer", err)
	}
}

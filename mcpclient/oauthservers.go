package mcpclient

import (
	"errors"
	"fmt"
)

// ErrNoOAuthServer is OAuthServers' error when no server of the config
// uses OAuth.
var ErrNoOAuthServer = errors.New("no configured remote server uses OAuth")

// OAuthServers returns the enabled servers of cfg that log in with OAuth,
// or, when name is not "", the server of that name, which must.
func OAuthServers(cfg Config, name string) ([]ServerConfig, error) {
	var out []ServerConfig
	for _, sc := range cfg.Servers {
		switch {
		case name != "" && sc.Name == name:
			if !sc.UsesOAuth() {
				return nil, fmt.Errorf("server %q: %w", sc.Name, ErrNoOAuth)
			}
			return []ServerConfig{sc}, nil
		case name == "" && sc.UsesOAuth() && !sc.Disabled:
			out = append(out, sc)
		}
	}
	if name != "" {
		names := make([]string, len(cfg.Servers))
		for i, sc := range cfg.Servers {
			names[i] = sc.Name
		}
		return nil, UnknownServer(name, names)
	}
	if len(out) == 0 {
		return nil, ErrNoOAuthServer
	}
	return out, nil
}

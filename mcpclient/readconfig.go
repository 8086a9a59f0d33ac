package mcpclient

import (
	"errors"
	"fmt"
	"net/url"
)

// ConfigSource says where a command reads its servers from: one server's
// URL (--url), a config file (--config), or else the config files found
// from the working directory and the home directory.
type ConfigSource struct {
	URL  string // the server's http or https URL, or ""
	Path string // the config file, or ""
	Cwd  string // where the discovery looks first
	Home string // the home directory of the discovery
	// LookupVar reads the environment the config's references expand from.
	LookupVar func(string) (string, bool)
}

// ReadConfig reads the servers src says. With no config found anywhere it
// returns an empty config and usingDemo true: the caller then serves the
// embedded demo server. Problems with some files do not hide the servers
// of the others; they are the config's Warnings. When every config found
// is broken, that is the error.
func ReadConfig(src ConfigSource) (cfg Config, usingDemo bool, err error) {
	if src.URL != "" {
		if src.Path != "" {
			return cfg, false, errors.New("give either --url or --config, not both")
		}
		if err := CheckServerURL(src.URL); err != nil {
			return cfg, false, err
		}
		cfg.Servers = []ServerConfig{{Name: "url", Source: "--url", URL: src.URL, Type: "http"}}
		return cfg, false, nil
	}
	if src.Path != "" {
		cfg, err = Load(src.Path)
		if err != nil {
			return cfg, false, err
		}
		if len(cfg.Servers) == 0 {
			// Never the demo in its place: a lock file written from it
			// in CI would be silently wrong.
			return cfg, false, fmt.Errorf("%s lists no MCP servers: add one, or leave out --config for the embedded demo server", src.Path)
		}
	} else {
		cfg, err = DiscoverEnv(src.Cwd, src.Home, src.LookupVar)
		if err != nil && len(cfg.Servers) == 0 {
			// The demo in its place would look like the user's servers.
			return cfg, false, fmt.Errorf("the MCP server config found is broken, and no other lists a server: %w (fix it, or give another with --config FILE)", err)
		}
		if err != nil {
			cfg.Warnings = append([]string{err.Error()}, cfg.Warnings...)
		}
	}
	return cfg, len(cfg.Servers) == 0, nil
}

// CheckServerURL refuses a --url that is not an http or https URL with a
// host, before anything tries to connect to it.
func CheckServerURL(raw string) error {
	u, err := url.Parse(raw)
	switch {
	case err != nil:
		return fmt.Errorf("--url %q is not a URL: %v", raw, errors.Unwrap(err))
	case u.Scheme != "http" && u.Scheme != "https":
		return fmt.Errorf("--url %q: give the server's http:// or https:// URL, such as http://localhost:3000/mcp", raw)
	case u.Host == "":
		return fmt.Errorf("--url %q has no host: give one, such as http://localhost:3000/mcp", raw)
	}
	return nil
}

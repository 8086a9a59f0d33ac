package mcpclient

import (
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
)

// codexEntry is one [mcp_servers.NAME] table of Codex CLI's config.toml: a
// stdio server has "command" (and "args", "env", "cwd"), a streamable HTTP
// server has "url" (and "http_headers", "env_http_headers",
// "bearer_token_env_var"). Codex's other keys ("startup_timeout_sec",
// "tool_timeout_sec", "enabled_tools", "required", ...) are ignored, and so
// is "env_vars": a child started by mcpeek inherits the whole environment.
type codexEntry struct {
	Command string            `toml:"command"`
	Args    []string          `toml:"args"`
	Env     map[string]string `toml:"env"`
	Cwd     string            `toml:"cwd"`
	URL     string            `toml:"url"`
	// BearerTokenEnvVar names the variable holding the token sent as
	// "Authorization: Bearer TOKEN".
	BearerTokenEnvVar string            `toml:"bearer_token_env_var"`
	HTTPHeaders       map[string]string `toml:"http_headers"`
	// EnvHTTPHeaders maps a header to the variable holding its value; an
	// unset variable leaves the header out.
	EnvHTTPHeaders map[string]string `toml:"env_http_headers"`
	// Enabled false turns the server off; absent means on.
	Enabled *bool `toml:"enabled"`
}

// parseCodex reads the [mcp_servers] of a Codex CLI config.toml.
func parseCodex(path string, data []byte, env loadEnv, strict bool) (Config, error) {
	var file struct {
		MCPServers map[string]toml.Primitive `toml:"mcp_servers"`
	}
	md, err := toml.Decode(string(withoutBOM(data)), &file)
	if err != nil {
		return Config{}, tomlError(path, "", err)
	}
	if !md.IsDefined("mcp_servers") {
		return noServers(path, "[mcp_servers] table", strict)
	}
	if !isTOMLTable(md, "mcp_servers") {
		return Config{}, &ConfigError{Path: path, Msg: `"mcp_servers" must be a table`}
	}
	var cfg Config
	for _, name := range codexServerNames(md) {
		if !isTOMLTable(md, "mcp_servers", name) {
			return Config{}, &ConfigError{Path: path, Server: name, Msg: "entry must be a table"}
		}
		var raw codexEntry
		if err := md.PrimitiveDecode(file.MCPServers[name], &raw); err != nil {
			return Config{}, tomlError(path, name, err)
		}
		sc, warnings, err := codexServer(name, raw, env)
		if err != nil {
			return Config{}, &ConfigError{Path: path, Server: name, Msg: err.Error(), Err: err}
		}
		sc.Source = path
		cfg.Servers = append(cfg.Servers, sc)
		for _, w := range warnings {
			cfg.Warnings = append(cfg.Warnings, fmt.Sprintf("%s: server %q: %s", path, name, w))
		}
	}
	return cfg, nil
}

// codexServerNames returns the names of the [mcp_servers] tables in file
// order (a Go map would lose it).
func codexServerNames(md toml.MetaData) []string {
	var names []string
	seen := map[string]bool{}
	for _, k := range md.Keys() {
		if len(k) >= 2 && k[0] == "mcp_servers" && !seen[k[1]] {
			seen[k[1]] = true
			names = append(names, k[1])
		}
	}
	return names
}

// isTOMLTable reports whether key is a table, written as one or made by
// the dotted keys inside it.
func isTOMLTable(md toml.MetaData, key ...string) bool {
	t := md.Type(key...)
	return t == "Hash" || t == ""
}

// codexServer turns a Codex entry into a validated, expanded ServerConfig.
// Headers taken from the environment are added after expansion, so that a
// token is used as it is.
func codexServer(name string, raw codexEntry, env loadEnv) (ServerConfig, []string, error) {
	if name == "" {
		return ServerConfig{}, nil, errors.New("server name is empty")
	}
	sc := ServerConfig{
		Name:     name,
		Command:  raw.Command,
		Args:     raw.Args,
		Env:      raw.Env,
		Cwd:      raw.Cwd,
		URL:      raw.URL,
		Headers:  raw.HTTPHeaders,
		Disabled: raw.Enabled != nil && !*raw.Enabled,
	}
	switch {
	case sc.Command != "" && sc.URL != "":
		if !sc.Disabled {
			return ServerConfig{}, nil, errors.New(`has both "command" and "url"`)
		}
	case sc.Command != "":
		sc.Type = "stdio"
	case sc.URL != "":
		sc.Type = "http"
	}
	sc, warnings, err := finishEntry(sc, env)
	if err != nil {
		return ServerConfig{}, nil, err
	}
	fromEnv := func(field, header, prefix, variable string) {
		if v, ok := env.lookup(variable); ok && v != "" {
			setHeader(&sc, header, prefix+v)
			return
		}
		warnings = append(warnings, fmt.Sprintf("%s: ${%s} is not set: no %s header", field, variable, header))
	}
	for _, h := range slices.Sorted(maps.Keys(raw.EnvHTTPHeaders)) {
		fromEnv(fmt.Sprintf("env_http_headers %q", h), h, "", raw.EnvHTTPHeaders[h])
	}
	if raw.BearerTokenEnvVar != "" {
		fromEnv("bearer_token_env_var", "Authorization", "Bearer ", raw.BearerTokenEnvVar)
	}
	return sc, warnings, nil
}

// setHeader sets a header of sc, replacing one of the same name in any
// case.
func setHeader(sc *ServerConfig, name, value string) {
	if sc.Headers == nil {
		sc.Headers = map[string]string{}
	}
	for k := range sc.Headers {
		if strings.EqualFold(k, name) {
			delete(sc.Headers, k)
		}
	}
	sc.Headers[name] = value
}

// tomlDecodeError is the text of a decoding error of BurntSushi/toml that is
// not a ParseError: "toml: line N (last key "k"): message".
var tomlDecodeError = regexp.MustCompile(`^toml: (?:line (\d+) )?(?:\(last key "([^"]*)"\): )?(.*)$`)

// tomlError turns an error of the TOML decoder into a ConfigError located
// in the file.
func tomlError(path, server string, err error) error {
	ce := &ConfigError{Path: path, Server: server, Msg: err.Error(), Err: err}
	var pe toml.ParseError
	if errors.As(err, &pe) {
		ce.Line, ce.Col = pe.Position.Line, pe.Position.Col
		ce.Msg = "malformed TOML: " + pe.Message
		if pe.LastKey != "" && server != "" {
			ce.Msg = fmt.Sprintf("%q: %s", pe.LastKey, pe.Message)
		}
		return ce
	}
	if m := tomlDecodeError.FindStringSubmatch(err.Error()); m != nil {
		ce.Line, _ = strconv.Atoi(m[1])
		ce.Msg = m[3]
		if m[2] != "" {
			ce.Msg = fmt.Sprintf("%q: %s", m[2], m[3])
		}
	}
	return ce
}

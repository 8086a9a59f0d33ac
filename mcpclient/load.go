package mcpclient

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ConfigError is a problem with a config file, located by line and column
// when it can be. It never quotes secret values.
type ConfigError struct {
	// Path is the file.
	Path string
	// Line and Col locate the problem (1-based), or are 0 when unknown.
	Line, Col int
	// Server is the entry concerned, or "".
	Server string
	// Msg says what is wrong.
	Msg string
	// Err is the underlying error, if any.
	Err error
}

// Error returns "path:line:col: server "name": what is wrong" (the column
// left out when unknown).
func (e *ConfigError) Error() string {
	var b strings.Builder
	b.WriteString(e.Path)
	switch {
	case e.Line > 0 && e.Col > 0:
		fmt.Fprintf(&b, ":%d:%d", e.Line, e.Col)
	case e.Line > 0:
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	b.WriteString(": ")
	if e.Server != "" {
		fmt.Fprintf(&b, "server %q: ", e.Server)
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Unwrap returns the underlying error.
func (e *ConfigError) Unwrap() error { return e.Err }

// Load reads one config file: an mcpServers file (Claude Desktop, Claude Code,
// Cursor, Windsurf), a VS Code mcp.json with a "servers" object, or the
// settings of Codex CLI (a .toml file), Gemini CLI (settings.json in a
// .gemini directory), Zed ("context_servers"), opencode ("mcp") or Goose (a
// .yaml file). Comments and trailing commas are accepted in JSON. ${VAR}
// references are expanded from the environment; ${workspaceFolder} is the
// directory holding the file (its parent for a file inside .vscode, .cursor
// or another client's project directory).
func Load(path string) (Config, error) {
	home, _ := os.UserHomeDir()
	return loadPath(path, loadEnv{lookup: os.LookupEnv, home: home, workspace: workspaceOf(path)}, true)
}

// loadEnv is what expansion needs to know about the surroundings.
type loadEnv struct {
	lookup    func(string) (string, bool)
	home      string
	workspace string
}

// workspaceOf guesses the project directory of a config file.
func workspaceOf(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	dir := filepath.Dir(abs)
	switch filepath.Base(dir) {
	case ".vscode", ".cursor", ".codex", ".gemini", ".zed", ".opencode":
		return filepath.Dir(dir)
	}
	return dir
}

// loadPath reads and parses path, in the format its name and contents tell.
// With strict unset, a file holding no servers section is an empty config
// rather than an error (the editors' files hold other settings too).
func loadPath(path string, env loadEnv, strict bool) (Config, error) {
	data, err := readConfigFile(path, syntaxOf(path))
	var ce *ConfigError
	if errors.As(err, &ce) {
		return Config{}, err
	}
	if err != nil {
		return Config{}, fmt.Errorf("read config: %w", err)
	}
	return parseFormat(formatOf(path, data), path, data, env, strict)
}

// withoutBOM skips a UTF-8 byte order mark, which Windows editors like to
// write, at the start of a config file; positions in errors count from
// after it.
func withoutBOM(data []byte) []byte { return bytes.TrimPrefix(data, []byte("\uFEFF")) }

// parseConfig parses the bytes of one config file.
func parseConfig(path string, data []byte, env loadEnv, strict bool) (Config, error) {
	data = withoutBOM(data)
	clean := stripJSONC(data)
	fail := func(err error, server string) error {
		ce := &ConfigError{Path: path, Server: server, Msg: err.Error(), Err: err}
		var pe *posError
		if errors.As(err, &pe) {
			ce.Line, ce.Col = lineCol(data, pe.Offset)
			ce.Msg = pe.Msg
		}
		return ce
	}
	if err := checkJSON(clean); err != nil {
		return Config{}, fail(offsetError(err, 0), "")
	}
	top, err := topMembers(clean)
	if err != nil {
		return Config{}, fail(err, "")
	}
	var servers *member
	for i := range top {
		if top[i].Key == "mcpServers" || (top[i].Key == "servers" && servers == nil) {
			servers = &top[i]
			if top[i].Key == "mcpServers" {
				break
			}
		}
	}
	if servers == nil {
		if strict {
			return Config{}, &ConfigError{Path: path, Msg: `no "mcpServers" (or VS Code "servers") object`}
		}
		return Config{}, nil
	}
	return parseServers(path, data, *servers, env)
}

// parseServers parses the members of an mcpServers/servers object.
func parseServers(path string, data []byte, servers member, env loadEnv) (Config, error) {
	entries, err := objectMembers(servers.Value, servers.ValueOffset)
	if err != nil {
		return Config{}, posConfigError(path, data, err, "", fmt.Sprintf("%q: ", servers.Key))
	}
	var cfg Config
	for _, m := range entries {
		sc, warnings, err := parseEntry(m, env)
		if err != nil {
			return Config{}, posConfigError(path, data, err, m.Key, "")
		}
		sc.Source = path
		cfg.Servers = append(cfg.Servers, sc)
		for _, w := range warnings {
			cfg.Warnings = append(cfg.Warnings, fmt.Sprintf("%s: server %q: %s", path, m.Key, w))
		}
	}
	return cfg, nil
}

func posConfigError(path string, data []byte, err error, server, prefix string) error {
	ce := &ConfigError{Path: path, Server: server, Msg: prefix + err.Error(), Err: err}
	var pe *posError
	if errors.As(err, &pe) {
		ce.Line, ce.Col = lineCol(data, pe.Offset)
		ce.Msg = prefix + pe.Msg
	}
	return ce
}

// rawEntry is one server entry as written. Unknown fields ("autoApprove",
// "timeout", ...) belong to other clients and are ignored.
type rawEntry struct {
	Command   string                     `json:"command"`
	Args      []string                   `json:"args"`
	Env       map[string]json.RawMessage `json:"env"`
	Cwd       string                     `json:"cwd"`
	URL       string                     `json:"url"`
	ServerURL string                     `json:"serverUrl"` // Windsurf's name for url
	Type      string                     `json:"type"`
	Headers   map[string]string          `json:"headers"`
	Disabled  bool                       `json:"disabled"`
	// MaxMessage is mcpeek's own: see ServerConfig.MaxMessageBytes.
	MaxMessage int64 `json:"maxMessageBytes"`
	// OAuth is mcpeek's own: see ServerConfig.OAuth.
	OAuth OAuthConfig `json:"oauth"`
	// Roots is mcpeek's own: see ServerConfig.Roots.
	Roots []string `json:"roots"`
	// Sandbox is mcpeek's own: see ServerConfig.Sandbox.
	Sandbox sandboxField `json:"sandbox"`
}

// parseEntry decodes, validates and expands one entry.
func parseEntry(m member, env loadEnv) (ServerConfig, []string, error) {
	at := func(msg string) error { return &posError{Offset: m.Offset, Msg: msg} }
	if t := bytes.TrimLeft(m.Value, " \t\r\n"); len(t) == 0 || t[0] != '{' {
		return ServerConfig{}, nil, at("entry must be an object")
	}
	if m.Key == "" {
		return ServerConfig{}, nil, at("server name is empty")
	}
	var raw rawEntry
	if err := json.Unmarshal(m.Value, &raw); err != nil {
		return ServerConfig{}, nil, fieldError(m, err)
	}
	if raw.URL == "" {
		raw.URL = raw.ServerURL
	}
	sc := ServerConfig{
		Name:     m.Key,
		Command:  raw.Command,
		Args:     raw.Args,
		Cwd:      raw.Cwd,
		URL:      raw.URL,
		Type:     raw.Type,
		Headers:  raw.Headers,
		Disabled: raw.Disabled,
	}
	sc.MaxMessageBytes = raw.MaxMessage
	sc.OAuth = raw.OAuth
	sc.Roots = raw.Roots
	sc.Sandbox = raw.Sandbox.cfg
	if len(raw.Env) > 0 {
		sc.Env = make(map[string]string, len(raw.Env))
		for k, v := range raw.Env {
			s, ok, err := envValue(v)
			if err != nil {
				return ServerConfig{}, nil, at(fmt.Sprintf("env %q: %v", k, err))
			}
			if ok {
				sc.Env[k] = s
			}
		}
	}
	sc, warnings, err := finishEntry(sc, env)
	if err != nil {
		return ServerConfig{}, nil, at(err.Error())
	}
	return sc, warnings, nil
}

// finishEntry validates an entry read from any client's format (unless it
// is disabled) and expands its ${...} references; it returns the warnings
// of the expansion.
func finishEntry(sc ServerConfig, env loadEnv) (ServerConfig, []string, error) {
	if err := validate(sc); err != nil && !sc.Disabled {
		return ServerConfig{}, nil, err
	}
	if len(sc.Env) == 0 {
		sc.Env = nil
	}
	if len(sc.Headers) == 0 {
		sc.Headers = nil
	}
	x := &expander{lookup: env.lookup, home: env.home, workspace: env.workspace}
	sc.Command = x.expand(sc.Command)
	for i, a := range sc.Args {
		sc.Args[i] = x.expand(a)
	}
	for k, v := range sc.Env {
		sc.Env[k] = x.expand(v)
	}
	sc.Cwd = x.expand(sc.Cwd)
	sc.URL = x.expand(sc.URL)
	for k, v := range sc.Headers {
		sc.Headers[k] = x.expand(v)
	}
	sc.OAuth.expand(x)
	for i, r := range sc.Roots {
		sc.Roots[i] = x.expand(r)
	}
	return sc, dedupe(x.missing), nil
}

// fieldError locates a decoding error of an entry at the field concerned:
// encoding/json reports the offset after the bad value, which is less useful.
func fieldError(m member, err error) error {
	pe, _ := offsetError(err, m.ValueOffset).(*posError)
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) && typ.Field != "" {
		field, _, _ := strings.Cut(typ.Field, ".")
		if fields, ferr := objectMembers(m.Value, m.ValueOffset); ferr == nil {
			for _, f := range fields {
				if f.Key == field {
					pe.Offset = f.Offset
				}
			}
		}
	}
	return pe
}

// envValue accepts the scalar env values VS Code allows: strings, numbers and
// booleans as text; null means "leave unset".
func envValue(v json.RawMessage) (string, bool, error) {
	t := string(bytes.TrimSpace(v))
	if t == "null" {
		return "", false, nil
	}
	var s string
	if err := json.Unmarshal(v, &s); err == nil {
		return s, true, nil
	}
	switch {
	case t == "true" || t == "false":
		return t, true, nil
	case len(t) > 0 && (t[0] == '-' || (t[0] >= '0' && t[0] <= '9')):
		return t, true, nil
	}
	return "", false, errors.New("value must be a string")
}

// validate checks that an entry says how to reach its server.
func validate(sc ServerConfig) error {
	t, ok := transportOf(sc.Type)
	if !ok {
		return fmt.Errorf(`unknown type %q (want "stdio", "sse", "http" or "streamable-http")`, sc.Type)
	}
	switch {
	case sc.Command == "" && sc.URL == "":
		return errors.New(`needs "command" (stdio) or "url" (sse, http)`)
	case t == "" && sc.Command != "" && sc.URL != "":
		return errors.New(`has both "command" and "url": set "type" to say which to use`)
	case t == "stdio" && sc.Command == "":
		return errors.New(`type "stdio" needs "command"`)
	case (t == "sse" || t == "http") && sc.URL == "":
		return fmt.Errorf(`type %q needs "url"`, sc.Type)
	case sc.MaxMessageBytes < 0:
		return errors.New(`"maxMessageBytes" must be a positive number of bytes`)
	}
	return sc.OAuth.validate()
}

func dedupe(in []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

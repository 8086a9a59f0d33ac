package mcpclient

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
)

// format is the shape of a config file, which depends on the client that
// wrote it.
type format int

const (
	// formatMCPServers is the "mcpServers" JSON of Claude Desktop, Claude
	// Code, Cursor and Windsurf, or VS Code's "servers".
	formatMCPServers format = iota
	// formatCodex is Codex CLI's config.toml: [mcp_servers.NAME] tables.
	formatCodex
	// formatGemini is Gemini CLI's settings.json: "mcpServers" where "url"
	// means SSE and "httpUrl" streamable HTTP.
	formatGemini
	// formatZed is Zed's settings.json: "context_servers".
	formatZed
	// formatOpencode is opencode.json(c): "mcp" with local and remote
	// entries.
	formatOpencode
	// formatGoose is Goose's config.yaml: the "extensions" map.
	formatGoose
)

// formatOf tells the format of a file named on the command line: TOML is
// Codex's and YAML Goose's; a settings.json inside .gemini is Gemini CLI's;
// other JSON goes by its top-level key ("mcpServers" or "servers", else
// "context_servers" for Zed, else "mcp" for opencode).
func formatOf(path string, data []byte) format {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".toml":
		return formatCodex
	case ".yaml", ".yml":
		return formatGoose
	}
	if filepath.Base(filepath.Dir(path)) == ".gemini" {
		return formatGemini
	}
	top, err := topMembers(stripJSONC(withoutBOM(data)))
	if err != nil {
		return formatMCPServers // whose parser reports the error
	}
	keys := map[string]bool{}
	for _, m := range top {
		keys[m.Key] = true
	}
	switch {
	case keys["mcpServers"] || keys["servers"]:
		return formatMCPServers
	case keys["context_servers"]:
		return formatZed
	case keys["mcp"]:
		return formatOpencode
	}
	return formatMCPServers
}

// parseFormat parses the bytes of one config file of format f. With strict
// unset, a file without a servers section is an empty config.
func parseFormat(f format, path string, data []byte, env loadEnv, strict bool) (Config, error) {
	switch f {
	case formatCodex:
		return parseCodex(path, data, env, strict)
	case formatGemini:
		return parseGemini(path, data, env, strict)
	case formatZed:
		return parseZed(path, data, env, strict)
	case formatOpencode:
		return parseOpencode(path, data, env, strict)
	case formatGoose:
		return parseGoose(path, data, env, strict)
	}
	return parseConfig(path, data, env, strict)
}

// errNotAServer is returned by an entry reader for an entry that names no
// server mcpeek could start: a Zed extension, a Goose builtin, an opencode
// entry that only turns a server defined elsewhere on or off. Such entries
// are skipped.
var errNotAServer = errors.New("not a server mcpeek can start")

// jsonEntryReader turns one entry of a client's JSON server map into a
// ServerConfig whose ${...} references are not yet expanded, with warnings.
// Its errors are *posError values, located in the file.
type jsonEntryReader func(m member) (ServerConfig, []string, error)

// jsonSettings is a JSON-with-comments settings file, decoded down to its
// top-level members.
type jsonSettings struct {
	path string
	// data is the file without its byte order mark: the text that error
	// positions count in.
	data []byte
	top  []member
}

// readJSONSettings decodes the top level of a settings file.
func readJSONSettings(path string, data []byte) (jsonSettings, error) {
	data = withoutBOM(data)
	clean := stripJSONC(data)
	if err := checkJSON(clean); err != nil {
		return jsonSettings{}, posConfigError(path, data, offsetError(err, 0), "", "")
	}
	top, err := topMembers(clean)
	if err != nil {
		return jsonSettings{}, posConfigError(path, data, err, "", "")
	}
	return jsonSettings{path: path, data: data, top: top}, nil
}

// member returns the top-level member named key.
func (s jsonSettings) member(key string) (member, bool) {
	for _, m := range s.top {
		if m.Key == key {
			return m, true
		}
	}
	return member{}, false
}

// servers reads the entries of the object servers (a member of the file)
// with read, and validates and expands each. The first bad entry fails the
// whole file, as in an mcpServers file.
func (s jsonSettings) servers(servers member, env loadEnv, read jsonEntryReader) (Config, error) {
	entries, err := objectMembers(servers.Value, servers.ValueOffset)
	if err != nil {
		return Config{}, posConfigError(s.path, s.data, err, "", fmt.Sprintf("%q: ", servers.Key))
	}
	var cfg Config
	for _, m := range entries {
		at := func(msg string) error { return &posError{Offset: m.Offset, Msg: msg} }
		fail := func(err error) (Config, error) { return Config{}, posConfigError(s.path, s.data, err, m.Key, "") }
		if !isJSONObject(m.Value) {
			return fail(at("entry must be an object"))
		}
		if m.Key == "" {
			return fail(at("server name is empty"))
		}
		sc, notes, err := read(m)
		if errors.Is(err, errNotAServer) {
			continue
		}
		if err != nil {
			return fail(err)
		}
		sc.Name, sc.Source = m.Key, s.path
		sc, warnings, err := finishEntry(sc, env)
		if err != nil {
			return fail(at(err.Error()))
		}
		cfg.Servers = append(cfg.Servers, sc)
		for _, w := range append(notes, warnings...) {
			cfg.Warnings = append(cfg.Warnings, fmt.Sprintf("%s: server %q: %s", s.path, m.Key, w))
		}
	}
	return cfg, nil
}

// noServers is what a file without its servers section gives: an error
// when it was named on the command line, else an empty config.
func noServers(path, what string, strict bool) (Config, error) {
	if strict {
		return Config{}, &ConfigError{Path: path, Msg: "no " + what}
	}
	return Config{}, nil
}

func isJSONObject(v json.RawMessage) bool {
	t := bytes.TrimLeft(v, " \t\r\n")
	return len(t) > 0 && t[0] == '{'
}

// decodeEntry decodes the entry m into v, locating an error at the field
// concerned.
func decodeEntry(m member, v any) error {
	if err := json.Unmarshal(m.Value, v); err != nil {
		return fieldError(m, err)
	}
	return nil
}

// envValues converts env values as VS Code allows them (strings, numbers,
// booleans; null leaves the variable unset) to strings.
func envValues(m member, field string, raw map[string]json.RawMessage) (map[string]string, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	env := make(map[string]string, len(raw))
	for k, v := range raw {
		s, ok, err := envValue(v)
		if err != nil {
			return nil, &posError{Offset: m.Offset, Msg: fmt.Sprintf("%s %q: %v", field, k, err)}
		}
		if ok {
			env[k] = s
		}
	}
	return env, nil
}

// rewriteStrings applies f to every string of sc that ${...} expansion
// reads: a client's own reference syntax becomes ours before expanding.
func rewriteStrings(sc *ServerConfig, f func(string) string) {
	sc.Command = f(sc.Command)
	for i, a := range sc.Args {
		sc.Args[i] = f(a)
	}
	for k, v := range sc.Env {
		sc.Env[k] = f(v)
	}
	sc.Cwd = f(sc.Cwd)
	sc.URL = f(sc.URL)
	for k, v := range sc.Headers {
		sc.Headers[k] = f(v)
	}
}

package mcpclient

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// opencodeEntry is one server of opencode's "mcp" object: {"type":
// "local", "command": [program, args...], "environment": {...}} or {"type":
// "remote", "url", "headers"}. "timeout" and "oauth" are opencode's own and
// ignored.
type opencodeEntry struct {
	Type        string                     `json:"type"`
	Command     []string                   `json:"command"`
	Environment map[string]json.RawMessage `json:"environment"`
	URL         string                     `json:"url"`
	Headers     map[string]string          `json:"headers"`
	// Enabled false turns the server off; absent means on.
	Enabled *bool `json:"enabled"`
}

// parseOpencode reads the "mcp" servers of an opencode.json(c) file. The
// servers are the members of "mcp", or of "mcp"."servers" in the layout of
// opencode's second major version. An entry without "type", "command" or
// "url" only turns on or off a server defined elsewhere (opencode merges
// its files; mcpeek takes the first definition) and is skipped.
func parseOpencode(path string, data []byte, env loadEnv, strict bool) (Config, error) {
	s, err := readJSONSettings(path, data)
	if err != nil {
		return Config{}, err
	}
	servers, ok := s.member("mcp")
	if !ok {
		return noServers(path, `"mcp" object`, strict)
	}
	if nested, ok := opencodeServers(servers); ok {
		servers = nested
	}
	return s.servers(servers, env, func(m member) (ServerConfig, []string, error) {
		at := func(msg string) error { return &posError{Offset: m.Offset, Msg: msg} }
		var raw opencodeEntry
		if err := decodeEntry(m, &raw); err != nil {
			return ServerConfig{}, nil, err
		}
		sc := ServerConfig{Disabled: raw.Enabled != nil && !*raw.Enabled}
		switch raw.Type {
		case "local":
			if len(raw.Command) == 0 || raw.Command[0] == "" {
				if !sc.Disabled {
					return ServerConfig{}, nil, at(`type "local" needs "command": [program, arguments...]`)
				}
				raw.Command = []string{""}
			}
			sc.Type, sc.Command = "stdio", raw.Command[0]
			if len(raw.Command) > 1 {
				sc.Args = raw.Command[1:]
			}
			var err error
			if sc.Env, err = envValues(m, "environment", raw.Environment); err != nil {
				return ServerConfig{}, nil, err
			}
		case "remote":
			if raw.URL == "" && !sc.Disabled {
				return ServerConfig{}, nil, at(`type "remote" needs "url"`)
			}
			// opencode tries streamable HTTP first, then SSE.
			sc.Type, sc.URL, sc.Headers = "http", raw.URL, raw.Headers
		case "":
			if len(raw.Command) == 0 && raw.URL == "" {
				return ServerConfig{}, nil, errNotAServer
			}
			return ServerConfig{}, nil, at(`needs "type": "local" or "remote"`)
		default:
			return ServerConfig{}, nil, at(fmt.Sprintf(`unknown type %q (want "local" or "remote")`, raw.Type))
		}
		var notes []string
		rewriteStrings(&sc, func(s string) string {
			if strings.Contains(s, "{file:") {
				notes = append(notes, "a {file:...} reference is not read by mcpeek: left as written")
			}
			return opencodeEnvRefs(s)
		})
		return sc, dedupe(notes), nil
	})
}

// opencodeServers returns the "servers" member of the "mcp" object when it
// holds the servers: an object that is not itself a server (it has no
// "type").
func opencodeServers(mcp member) (member, bool) {
	members, err := objectMembers(mcp.Value, mcp.ValueOffset)
	if err != nil {
		return member{}, false
	}
	for _, m := range members {
		if m.Key != "servers" || !isJSONObject(m.Value) {
			continue
		}
		var probe struct {
			Type *json.RawMessage `json:"type"`
		}
		if json.Unmarshal(m.Value, &probe) == nil && probe.Type == nil {
			return m, true
		}
	}
	return member{}, false
}

// opencodeEnv matches opencode's {env:NAME} references.
var opencodeEnv = regexp.MustCompile(`\{env:([^}]*)\}`)

// opencodeEnvRefs rewrites opencode's {env:NAME} as ${NAME}, leaving alone
// a ${env:NAME} that is already in our syntax.
func opencodeEnvRefs(s string) string {
	var b strings.Builder
	last := 0
	for _, loc := range opencodeEnv.FindAllStringSubmatchIndex(s, -1) {
		if loc[0] > 0 && s[loc[0]-1] == '$' {
			continue
		}
		b.WriteString(s[last:loc[0]])
		b.WriteString("${" + s[loc[2]:loc[3]] + "}")
		last = loc[1]
	}
	b.WriteString(s[last:])
	return b.String()
}

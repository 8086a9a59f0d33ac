package mcpclient

import (
	"encoding/json"
	"regexp"
	"slices"
)

// geminiEntry is one server of Gemini CLI's "mcpServers" (in
// ~/.gemini/settings.json or a project's .gemini/settings.json). Gemini's
// own fields that do not change how the server is reached ("timeout",
// "trust", "includeTools", "excludeTools", "description", "oauth") are
// ignored.
type geminiEntry struct {
	Command string                     `json:"command"`
	Args    []string                   `json:"args"`
	Env     map[string]json.RawMessage `json:"env"`
	Cwd     string                     `json:"cwd"`
	// URL is an SSE endpoint, unless Type says "http".
	URL string `json:"url"`
	// HTTPURL is a streamable HTTP endpoint; it wins over URL and Command.
	HTTPURL string `json:"httpUrl"`
	// Type, written by `gemini mcp add --transport`, is "sse" or "http".
	Type    string            `json:"type"`
	Headers map[string]string `json:"headers"`
}

// geminiMCP is the top-level "mcp" object of Gemini's settings: the servers
// it names in Excluded, or leaves out of a non-empty Allowed, are not
// started.
type geminiMCP struct {
	Allowed  []string `json:"allowed"`
	Excluded []string `json:"excluded"`
}

// parseGemini reads the "mcpServers" of a Gemini CLI settings file.
func parseGemini(path string, data []byte, env loadEnv, strict bool) (Config, error) {
	s, err := readJSONSettings(path, data)
	if err != nil {
		return Config{}, err
	}
	servers, ok := s.member("mcpServers")
	if !ok {
		return noServers(path, `"mcpServers" object`, strict)
	}
	var policy geminiMCP
	if m, ok := s.member("mcp"); ok && isJSONObject(m.Value) {
		if err := decodeEntry(m, &policy); err != nil {
			return Config{}, posConfigError(path, s.data, err, "", `"mcp": `)
		}
	}
	return s.servers(servers, env, func(m member) (ServerConfig, []string, error) {
		var raw geminiEntry
		if err := decodeEntry(m, &raw); err != nil {
			return ServerConfig{}, nil, err
		}
		sc := ServerConfig{Headers: raw.Headers}
		switch {
		case raw.HTTPURL != "":
			sc.URL, sc.Type = raw.HTTPURL, "http"
		case raw.URL != "":
			sc.URL, sc.Type = raw.URL, "sse"
			if raw.Type == "http" {
				sc.Type = "http"
			}
		default:
			sc.Command, sc.Args, sc.Cwd = raw.Command, raw.Args, raw.Cwd
		}
		var err error
		if sc.Env, err = envValues(m, "env", raw.Env); err != nil {
			return ServerConfig{}, nil, err
		}
		sc.Disabled = slices.Contains(policy.Excluded, m.Key) ||
			(len(policy.Allowed) > 0 && !slices.Contains(policy.Allowed, m.Key))
		rewriteStrings(&sc, bracedDollar)
		return sc, nil, nil
	})
}

// bareDollar matches the $NAME form of a variable that Gemini CLI accepts
// beside ${NAME}.
var bareDollar = regexp.MustCompile(`\$([A-Za-z_][A-Za-z0-9_]*)`)

// bracedDollar rewrites Gemini's $NAME references as ${NAME}.
func bracedDollar(s string) string {
	return bareDollar.ReplaceAllString(s, "$${$1}")
}

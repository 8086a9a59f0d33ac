package mcpclient

import (
	"bytes"
	"encoding/json"
	"errors"
)

// zedEntry is one server of Zed's "context_servers". A custom server has
// its command written flat ("command", "args", "env") or, in older settings,
// as an object {"path", "args", "env"} under "command"; a remote one has
// "url" and "headers". A server that an extension provides ("source":
// "extension", or in older settings no "source" and only "settings") has
// no command in the settings and is skipped.
type zedEntry struct {
	Source  string                     `json:"source"`
	Command json.RawMessage            `json:"command"`
	Args    []string                   `json:"args"`
	Env     map[string]json.RawMessage `json:"env"`
	URL     string                     `json:"url"`
	Headers map[string]string          `json:"headers"`
	// Enabled false turns the server off; absent means on.
	Enabled *bool `json:"enabled"`
}

// zedCommand is the older object form of a custom server's command.
type zedCommand struct {
	Path string                     `json:"path"`
	Args []string                   `json:"args"`
	Env  map[string]json.RawMessage `json:"env"`
}

// parseZed reads the "context_servers" of a Zed settings file.
func parseZed(path string, data []byte, env loadEnv, strict bool) (Config, error) {
	s, err := readJSONSettings(path, data)
	if err != nil {
		return Config{}, err
	}
	servers, ok := s.member("context_servers")
	if !ok {
		return noServers(path, `"context_servers" object`, strict)
	}
	return s.servers(servers, env, func(m member) (ServerConfig, []string, error) {
		var raw zedEntry
		if err := decodeEntry(m, &raw); err != nil {
			return ServerConfig{}, nil, err
		}
		command := bytes.TrimSpace(raw.Command)
		if raw.Source == "extension" || (raw.Source == "" && len(command) == 0 && raw.URL == "") {
			return ServerConfig{}, nil, errNotAServer
		}
		sc := ServerConfig{Args: raw.Args, URL: raw.URL, Headers: raw.Headers}
		envRaw := raw.Env
		if len(command) > 0 && command[0] == '{' {
			var c zedCommand
			if err := json.Unmarshal(command, &c); err != nil {
				return ServerConfig{}, nil, commandError(m, err)
			}
			sc.Command, sc.Args, envRaw = c.Path, c.Args, c.Env
		} else if len(command) > 0 {
			if err := json.Unmarshal(command, &sc.Command); err != nil {
				return ServerConfig{}, nil, commandError(m, errors.New(`"command" must be a string or an object {"path", "args", "env"}`))
			}
		}
		switch {
		case sc.Command != "" && sc.URL != "":
			return ServerConfig{}, nil, &posError{Offset: m.Offset, Msg: `has both "command" and "url"`}
		case sc.Command != "":
			sc.Type = "stdio"
		case sc.URL != "":
			sc.Type = "http"
		}
		var err error
		if sc.Env, err = envValues(m, "env", envRaw); err != nil {
			return ServerConfig{}, nil, err
		}
		sc.Disabled = raw.Enabled != nil && !*raw.Enabled
		return sc, nil, nil
	})
}

// commandError locates a problem with the "command" of entry m.
func commandError(m member, err error) error {
	offset := m.Offset
	if fields, ferr := objectMembers(m.Value, m.ValueOffset); ferr == nil {
		for _, f := range fields {
			if f.Key == "command" {
				offset = f.Offset
			}
		}
	}
	msg := err.Error()
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) {
		msg = `"command": ` + typeErrorText(typ)
	}
	return &posError{Offset: offset, Msg: msg}
}

package mcpclient

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// gooseEntry is one extension of Goose's config.yaml. Types "stdio" (with
// "cmd", "args", "envs"), "streamable_http" and the older "sse" (with "uri"
// and "headers") are MCP servers; "builtin", "platform", "frontend" and
// "inline_python" extensions run inside Goose or are started by it from
// code, and are skipped. "timeout", "bundled", "description" and
// "available_tools" are Goose's own and ignored.
type gooseEntry struct {
	Type string            `yaml:"type"`
	Cmd  string            `yaml:"cmd"`
	Args []string          `yaml:"args"`
	Envs map[string]string `yaml:"envs"`
	// EnvKeys name variables whose values Goose keeps in its secret store.
	EnvKeys []string          `yaml:"env_keys"`
	URI     string            `yaml:"uri"`
	Headers map[string]string `yaml:"headers"`
	// Enabled false turns the extension off; absent means on.
	Enabled *bool `yaml:"enabled"`
}

// parseGoose reads the "extensions" of a Goose config.yaml.
func parseGoose(path string, data []byte, env loadEnv, strict bool) (Config, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(withoutBOM(data), &doc); err != nil {
		return Config{}, yamlError(path, "", err)
	}
	if len(doc.Content) == 0 {
		return noServers(path, `"extensions" map`, strict)
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return Config{}, &ConfigError{Path: path, Line: root.Line, Col: root.Column, Msg: "expected a map at the top"}
	}
	var extensions *yaml.Node
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == "extensions" {
			extensions = root.Content[i+1]
		}
	}
	switch {
	case extensions == nil:
		return noServers(path, `"extensions" map`, strict)
	case extensions.Tag == "!!null":
		return Config{}, nil
	case extensions.Kind != yaml.MappingNode:
		return Config{}, &ConfigError{Path: path, Line: extensions.Line, Col: extensions.Column, Msg: `"extensions" must be a map of name to extension`}
	}
	var cfg Config
	for i := 0; i+1 < len(extensions.Content); i += 2 {
		key, value := extensions.Content[i], extensions.Content[i+1]
		fail := func(msg string) (Config, error) {
			return Config{}, &ConfigError{Path: path, Line: key.Line, Col: key.Column, Server: key.Value, Msg: msg}
		}
		if value.Kind != yaml.MappingNode {
			return fail("extension must be a map")
		}
		var raw gooseEntry
		if err := value.Decode(&raw); err != nil {
			return Config{}, yamlError(path, key.Value, err)
		}
		sc, notes, err := gooseServer(raw, env)
		if errors.Is(err, errNotAServer) {
			continue
		}
		if err == nil && key.Value == "" {
			err = errors.New("server name is empty")
		}
		if err != nil {
			return fail(err.Error())
		}
		sc.Name, sc.Source = key.Value, path
		sc, warnings, err := finishEntry(sc, env)
		if err != nil {
			return fail(err.Error())
		}
		cfg.Servers = append(cfg.Servers, sc)
		for _, w := range append(notes, warnings...) {
			cfg.Warnings = append(cfg.Warnings, fmt.Sprintf("%s: server %q: %s", path, key.Value, w))
		}
	}
	return cfg, nil
}

// gooseServer maps a Goose extension to a ServerConfig, or errNotAServer.
func gooseServer(raw gooseEntry, env loadEnv) (ServerConfig, []string, error) {
	sc := ServerConfig{Disabled: raw.Enabled != nil && !*raw.Enabled}
	switch raw.Type {
	case "stdio":
		sc.Type, sc.Command, sc.Args, sc.Env = "stdio", raw.Cmd, raw.Args, raw.Envs
	case "sse":
		sc.Type, sc.URL, sc.Headers = "sse", raw.URI, raw.Headers
	case "streamable_http":
		sc.Type, sc.URL, sc.Headers = "http", raw.URI, raw.Headers
	case "builtin", "platform", "frontend", "inline_python":
		return ServerConfig{}, nil, errNotAServer
	case "":
		return ServerConfig{}, nil, errors.New(`needs "type" ("stdio", "streamable_http" or "sse")`)
	default:
		return ServerConfig{}, nil, fmt.Errorf(`unknown type %q (want "stdio", "streamable_http" or "sse")`, raw.Type)
	}
	switch {
	case sc.Disabled:
	case raw.Type == "stdio" && raw.Cmd == "":
		return ServerConfig{}, nil, errors.New(`type "stdio" needs "cmd"`)
	case raw.Type != "stdio" && raw.URI == "":
		return ServerConfig{}, nil, fmt.Errorf(`type %q needs "uri"`, raw.Type)
	}
	var notes []string
	for _, k := range raw.EnvKeys {
		if _, ok := raw.Envs[k]; ok {
			continue
		}
		if _, ok := env.lookup(k); !ok {
			notes = append(notes, fmt.Sprintf("env_keys %q: Goose keeps its value in its secret store, which mcpeek does not read: set it in the environment", k))
		}
	}
	return sc, notes, nil
}

// yamlLine finds the line number in a YAML error ("yaml: line 3: ...",
// "line 5: cannot unmarshal ...").
var yamlLine = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)

// yamlError turns an error of the YAML decoder into a ConfigError located
// in the file.
func yamlError(path, server string, err error) error {
	ce := &ConfigError{Path: path, Server: server, Msg: strings.TrimPrefix(err.Error(), "yaml: "), Err: err}
	msg := err.Error()
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		ce.Line, _ = strconv.Atoi(m[1])
		ce.Msg = m[2]
	}
	if te == nil {
		ce.Msg = "malformed YAML: " + ce.Msg
	}
	return ce
}

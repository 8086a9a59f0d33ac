package mcpclient

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
)

// clientRefs is how each client reads a secret from elsewhere: the text
// of a reference to the environment variable (or VS Code input) NAME. A
// client missing here reads none: a secret must then be written in clear
// (--write-secrets) or by hand.
var clientRefs = map[string]string{
	"claude-code": "${%s}",
	"gemini":      "${%s}",
	"cursor":      "${env:%s}",
	"windsurf":    "${env:%s}",
	"vscode":      "${input:%s}",
	"opencode":    "{env:%s}",
}

// clientContainer is the member of a client's JSON file that holds its
// servers.
var clientContainer = map[string]string{
	"claude-desktop": "mcpServers", "claude-code": "mcpServers", "cursor": "mcpServers",
	"windsurf": "mcpServers", "gemini": "mcpServers", "vscode": "servers",
	"zed": "context_servers", "opencode": "mcp",
}

// secretRef matches the placeholders add puts where a secret goes.
var secretRef = regexp.MustCompile(`\$\{([A-Z0-9_]+)\}`)

// AddServer returns old, the config file of client (one of Clients), with
// sc added in the client's own format: a local (stdio) server when local,
// else a remote one. Nothing else of the file changes. secrets names the
// placeholders ${NAME} that stand for secrets: each becomes the client's
// reference to the environment, or an error when the client reads none.
// notes tell the user what to set.
func AddServer(client string, sc ServerConfig, local bool, secrets map[string]bool, old []byte) ([]byte, []string, error) {
	var used []string
	refFail := ""
	rewrite := func(s string) string {
		return secretRef.ReplaceAllStringFunc(s, func(m string) string {
			name := m[2 : len(m)-1]
			if !secrets[name] {
				return m
			}
			if !strings.Contains(strings.Join(used, " "), name) {
				used = append(used, name)
			}
			f, ok := clientRefs[client]
			if !ok {
				refFail = name
				return m
			}
			return fmt.Sprintf(f, name)
		})
	}
	switch {
	case client == "codex":
		return addCodex(sc, local, secrets, old)
	case client == "goose":
		return addGoose(sc, local, secrets, old)
	case client == "claude-desktop" && !local:
		return nil, nil, fmt.Errorf("Claude Desktop's config file starts local (stdio) servers only: add a remote server in its Connectors settings")
	}
	sc.Args = mapStrings(sc.Args, rewrite)
	sc.Env = mapValues(sc.Env, rewrite)
	sc.Headers = mapValues(sc.Headers, rewrite)
	sc.URL = rewrite(sc.URL)
	if refFail != "" {
		return nil, nil, fmt.Errorf("%s reads no secret from the environment, and %s is one: give its value with --registry-input and --write-secrets to write it in clear, or add the server by hand", client, refFail)
	}
	entry, err := jsonEntry(client, sc, local)
	if err != nil {
		return nil, nil, err
	}
	out, err := AddJSONMember(old, clientContainer[client], sc.Name, entry, false)
	if err != nil {
		return nil, nil, err
	}
	var notes []string
	if client == "vscode" {
		for _, name := range used {
			if JSONArrayHas(out, "inputs", "id", name) {
				continue // another server asks for it already: VS Code asks once
			}
			input := obj{{"type", "promptString"}, {"id", name}, {"description", name + " for " + sc.Name}, {"password", true}}
			if out, err = AddJSONMember(out, "inputs", "", input, true); err != nil {
				return nil, nil, err
			}
		}
		if len(used) > 0 {
			notes = append(notes, "VS Code asks for "+strings.Join(used, ", ")+" when it starts the server, and keeps the answer itself")
		}
	} else if len(used) > 0 {
		notes = append(notes, "set "+strings.Join(used, ", ")+" in the environment "+client+" starts servers with: the config names it, it does not hold it")
	}
	return out, notes, nil
}

// jsonEntry is sc as the client writes a server in its JSON file.
func jsonEntry(client string, sc ServerConfig, local bool) (obj, error) {
	if local {
		switch client {
		case "vscode":
			return obj{{"type", "stdio"}}.with("command", sc.Command).with("args", sc.Args).with("env", sc.Env), nil
		case "zed":
			return obj{{"source", "custom"}}.with("command", sc.Command).with("args", sc.Args).with("env", sc.Env), nil
		case "opencode":
			return obj{{"type", "local"}, {"command", append([]string{sc.Command}, sc.Args...)}}.with("environment", sc.Env), nil
		}
		return obj{}.with("command", sc.Command).with("args", sc.Args).with("env", sc.Env), nil
	}
	kind := "http"
	if sc.Type == "sse" {
		kind = "sse"
	}
	switch client {
	case "claude-code", "vscode":
		return obj{{"type", kind}, {"url", sc.URL}}.with("headers", sc.Headers), nil
	case "windsurf":
		return obj{{"serverUrl", sc.URL}}.with("headers", sc.Headers), nil
	case "gemini":
		key := "httpUrl"
		if kind == "sse" {
			key = "url"
		}
		return obj{{key, sc.URL}}.with("headers", sc.Headers), nil
	case "opencode":
		return obj{{"type", "remote"}, {"url", sc.URL}}.with("headers", sc.Headers), nil
	}
	return obj{{"url", sc.URL}}.with("headers", sc.Headers), nil
}

// addCodex appends sc to a Codex config.toml as its own
// [mcp_servers.NAME] table, leaving the rest of the file as it was. An
// environment variable that is a secret is passed through (env_vars)
// rather than written; a secret elsewhere needs --write-secrets.
func addCodex(sc ServerConfig, local bool, secrets map[string]bool, old []byte) ([]byte, []string, error) {
	var lines []string
	add := func(k string, v any) {
		switch x := v.(type) {
		case string:
			lines = append(lines, k+" = "+tomlString(x))
		case []string:
			lines = append(lines, k+" = ["+strings.Join(mapStrings(x, tomlString), ", ")+"]")
		}
	}
	inline := func(k string, m map[string]string) {
		if len(m) == 0 {
			return
		}
		var parts []string
		for _, name := range slices.Sorted(maps.Keys(m)) {
			parts = append(parts, tomlString(name)+" = "+tomlString(m[name]))
		}
		lines = append(lines, k+" = { "+strings.Join(parts, ", ")+" }")
	}
	var passed []string
	all := slices.Concat(slices.Collect(maps.Values(sc.Env)), sc.Args, slices.Collect(maps.Values(sc.Headers)), []string{sc.URL})
	for _, s := range all {
		for _, m := range secretRef.FindAllStringSubmatch(s, -1) {
			if secrets[m[1]] && (sc.Env[m[1]] != s) {
				return nil, nil, fmt.Errorf("codex reads a secret from the environment only as a whole environment variable, and %s is part of an argument, a header or the URL: give its value with --registry-input and --write-secrets to write it in clear, or add the server by hand", m[1])
			}
		}
	}
	env := map[string]string{}
	for k, v := range sc.Env {
		if secrets[k] && v == "${"+k+"}" {
			passed = append(passed, k)
			continue
		}
		env[k] = v
	}
	if local {
		add("command", sc.Command)
		if len(sc.Args) > 0 {
			add("args", sc.Args)
		}
		inline("env", env)
		if len(passed) > 0 {
			add("env_vars", passed)
		}
	} else {
		if sc.Type == "sse" {
			return nil, nil, fmt.Errorf("codex reaches streamable HTTP servers only, and this remote speaks SSE")
		}
		add("url", sc.URL)
		inline("http_headers", sc.Headers)
	}
	var file struct {
		MCPServers map[string]toml.Primitive `toml:"mcp_servers"`
	}
	if _, err := toml.Decode(string(old), &file); err != nil {
		return nil, nil, fmt.Errorf("not TOML: %w", err)
	}
	if _, ok := file.MCPServers[sc.Name]; ok {
		return nil, nil, fmt.Errorf("%q %w in [mcp_servers]", sc.Name, ErrServerExists)
	}
	key := sc.Name
	if !regexp.MustCompile(`^[A-Za-z0-9_-]+$`).MatchString(key) {
		key = tomlString(key)
	}
	text := string(old)
	if text != "" && !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	if text != "" {
		text += "\n"
	}
	text += "[mcp_servers." + key + "]\n" + strings.Join(lines, "\n") + "\n"
	var notes []string
	if len(passed) > 0 {
		notes = append(notes, "set "+strings.Join(passed, ", ")+" in the environment codex starts with: it passes them to the server (env_vars)")
	}
	return []byte(text), notes, nil
}

func mapStrings(in []string, f func(string) string) []string {
	out := make([]string, len(in))
	for i, s := range in {
		out[i] = f(s)
	}
	return out
}

func mapValues(in map[string]string, f func(string) string) map[string]string {
	if in == nil {
		return nil
	}
	out := make(map[string]string, len(in))
	for k, v := range in {
		out[k] = f(v)
	}
	return out
}

// tomlString is s as a TOML basic string: JSON's escapes are TOML's, and
// DEL, which JSON leaves alone and TOML does not, is escaped too.
func tomlString(s string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return strings.ReplaceAll(strings.TrimSuffix(b.String(), "\n"), "\x7f", `\u007f`)
}

// obj is a JSON object whose members keep their order.
type obj []kv

// kv is one member of an obj.
type kv struct {
	k string
	v any
}

// MarshalJSON writes the members in their order.
func (o obj) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(m.k)
		v, err := json.Marshal(m.v)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// with adds k: v when v is not empty.
func (o obj) with(k string, v any) obj {
	switch x := v.(type) {
	case string:
		if x == "" {
			return o
		}
	case []string:
		if len(x) == 0 {
			return o
		}
	case map[string]string:
		if len(x) == 0 {
			return o
		}
		return append(o, kv{k, sortedObj(x)})
	}
	return append(o, kv{k, v})
}

// sortedObj is m as an obj, its keys in order.
func sortedObj(m map[string]string) obj {
	var o obj
	for _, k := range slices.Sorted(maps.Keys(m)) {
		o = append(o, kv{k, m[k]})
	}
	return o
}

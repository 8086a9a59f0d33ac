package mcpclient

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// unsetenv makes name unset for the test and restores it after.
func unsetenv(t *testing.T, name string) {
	t.Helper()
	t.Setenv(name, "")
	os.Unsetenv(name)
}

// TestLoadClientFormats reads a config of each client, each sample taken
// from the client's own documentation of its format (the comment above it
// says where), with a few entries added where the documentation shows the
// field only in prose.
func TestLoadClientFormats(t *testing.T) {
	t.Setenv("FIGMA_OAUTH_TOKEN", "figma-secret-token")
	t.Setenv("DB_CONNECTION_STRING", "postgres://db")
	t.Setenv("EXTERNAL_API_KEY", "ext-secret-key")
	t.Setenv("CONTEXT7_API_KEY", "ctx7-secret-key")
	t.Setenv("MCPEEK_TEST_TOKEN", "s3cret-token")
	unsetenv(t, "MCPEEK_TEST_UNSET_KEY")
	unsetenv(t, "GITHUB_PERSONAL_ACCESS_TOKEN")
	tests := []struct {
		name     string
		file     string
		content  string
		want     []ServerConfig
		warnings []string // substrings, one per warning
	}{{
		// Codex CLI: the "config.toml examples" of
		// https://developers.openai.com/codex/mcp (context7, figma,
		// chrome_devtools), the cwd example of the Codex pull request that
		// added "cwd" and "env_vars" (test_stdio), and "enabled" and
		// "env_http_headers" as that page lists them.
		name: "codex config.toml",
		file: "config.toml",
		content: `model = "gpt-5"

[mcp_servers.context7]
command = "npx"
args = ["-y", "@upstash/context7-mcp"]

[mcp_servers.context7.env]
MY_ENV_VAR = "MY_ENV_VALUE"

[mcp_servers.figma]
url = "https://mcp.figma.com/mcp"
bearer_token_env_var = "FIGMA_OAUTH_TOKEN"
http_headers = { "X-Figma-Region" = "us-east-1" }

[mcp_servers.chrome_devtools]
url = "http://localhost:3000/mcp"
enabled_tools = ["open", "screenshot"]
disabled_tools = ["screenshot"] # applied after enabled_tools
startup_timeout_sec = 20
tool_timeout_sec = 45
enabled = true

[mcp_servers.test_stdio]
cwd = "/Users/<user>/code/codex/codex-rs"
command = "cargo"
args = ["run", "--bin", "test_stdio_server"]
env_vars = ["MCP_TEST_VALUE"]

[mcp_servers.team]
url = "https://team.example/mcp"
env_http_headers = { "X-Api-Key" = "MCPEEK_TEST_UNSET_KEY", "X-Token" = "MCPEEK_TEST_TOKEN" }

[mcp_servers.parked]
command = "srv"
enabled = false
`,
		want: []ServerConfig{
			{Name: "context7", Type: "stdio", Command: "npx", Args: []string{"-y", "@upstash/context7-mcp"}, Env: map[string]string{"MY_ENV_VAR": "MY_ENV_VALUE"}},
			{Name: "figma", Type: "http", URL: "https://mcp.figma.com/mcp", Headers: map[string]string{"X-Figma-Region": "us-east-1", "Authorization": "Bearer figma-secret-token"}},
			{Name: "chrome_devtools", Type: "http", URL: "http://localhost:3000/mcp"},
			{Name: "test_stdio", Type: "stdio", Command: "cargo", Args: []string{"run", "--bin", "test_stdio_server"}, Cwd: "/Users/<user>/code/codex/codex-rs"},
			{Name: "team", Type: "http", URL: "https://team.example/mcp", Headers: map[string]string{"X-Token": "s3cret-token"}},
			{Name: "parked", Type: "stdio", Command: "srv", Disabled: true},
		},
		warnings: []string{`server "team": env_http_headers "X-Api-Key": ${MCPEEK_TEST_UNSET_KEY} is not set: no X-Api-Key header`},
	}, {
		// Gemini CLI: the "Example Configurations" of
		// docs/tools/mcp-server.md in google-gemini/gemini-cli (pythonTools,
		// discoveredServer, httpServerWithAuth, filteredServer with its
		// comment), the "mcp" allow and exclude lists of its settings
		// reference, and the "type" that `gemini mcp add --transport http`
		// writes.
		name: "gemini settings.json",
		file: ".gemini/settings.json",
		content: `{
  "theme": "Dracula",
  "mcp": { "excluded": ["filteredServer"] },
  "mcpServers": {
    "pythonTools": {
      "command": "python",
      "args": ["-m", "my_mcp_server", "--port", "8080"],
      "cwd": "./mcp-servers/python",
      "env": {
        "DATABASE_URL": "$DB_CONNECTION_STRING",
        "API_KEY": "${EXTERNAL_API_KEY}"
      },
      "timeout": 15000
    },
    "discoveredServer": {
      "url": "https://api.example.com/sse"
    },
    "httpServerWithAuth": {
      "httpUrl": "http://localhost:3000/mcp",
      "headers": {
        "Authorization": "Bearer your-api-token",
        "X-Custom-Header": "custom-value",
        "Content-Type": "application/json"
      },
      "timeout": 5000
    },
    "filteredServer": {
      "command": "python",
      "args": ["-m", "my_mcp_server"],
      "includeTools": ["safe_tool", "file_reader", "data_processor"],
      // "excludeTools": ["dangerous_tool", "file_deleter"],
      "timeout": 30000
    },
    "added": {"type": "http", "url": "https://added.example/mcp", "trust": true}
  }
}`,
		want: []ServerConfig{
			{Name: "pythonTools", Command: "python", Args: []string{"-m", "my_mcp_server", "--port", "8080"}, Cwd: "./mcp-servers/python",
				Env: map[string]string{"DATABASE_URL": "postgres://db", "API_KEY": "ext-secret-key"}},
			{Name: "discoveredServer", Type: "sse", URL: "https://api.example.com/sse"},
			{Name: "httpServerWithAuth", Type: "http", URL: "http://localhost:3000/mcp",
				Headers: map[string]string{"Authorization": "Bearer your-api-token", "X-Custom-Header": "custom-value", "Content-Type": "application/json"}},
			{Name: "filteredServer", Command: "python", Args: []string{"-m", "my_mcp_server"}, Disabled: true},
			{Name: "added", Type: "http", URL: "https://added.example/mcp"},
		},
	}, {
		// Zed: the custom and remote servers of https://zed.dev/docs/ai/mcp
		// (and "source": "custom" of its earlier version), the older
		// {"command": {"path", "args", "env"}, "settings"} form of Zed's
		// first context server docs, and an extension's entry as Zed
		// writes it, which is skipped.
		name: "zed settings.json",
		file: "zed/settings.json",
		content: `// Zed settings
{
  "theme": "One Dark",
  "context_servers": {
    "local-mcp-server": {
      "command": "some-command",
      "args": ["arg-1", "arg-2"],
      "env": {}
    },
    "remote-mcp-server": {
      "url": "https://example.com/mcp",
      "headers": { "Authorization": "Bearer <token>" }
    },
    "remote-mcp-server-with-oauth": {
      "url": "https://mcp.example.com/mcp"
    },
    "your-mcp-server": {
      "source": "custom",
      "command": "some-command",
      "args": ["arg-1", "arg-2"],
      "env": {},
      "enabled": false,
    },
    "some-context-server": {
      "command": {
        "path": "some-command",
        "args": ["arg-1", "arg-2"],
        "env": {"TOKEN": "${MCPEEK_TEST_TOKEN}"}
      },
      "settings": {}
    },
    "mcp-server-github": {
      "source": "extension",
      "settings": { "github_personal_access_token": "ghp_x" }
    },
  },
}`,
		want: []ServerConfig{
			{Name: "local-mcp-server", Type: "stdio", Command: "some-command", Args: []string{"arg-1", "arg-2"}},
			{Name: "remote-mcp-server", Type: "http", URL: "https://example.com/mcp", Headers: map[string]string{"Authorization": "Bearer <token>"}},
			{Name: "remote-mcp-server-with-oauth", Type: "http", URL: "https://mcp.example.com/mcp"},
			{Name: "your-mcp-server", Type: "stdio", Command: "some-command", Args: []string{"arg-1", "arg-2"}, Disabled: true},
			{Name: "some-context-server", Type: "stdio", Command: "some-command", Args: []string{"arg-1", "arg-2"}, Env: map[string]string{"TOKEN": "s3cret-token"}},
		},
	}, {
		// opencode: the local and remote examples of
		// https://opencode.ai/docs/mcp-servers (with their comments and
		// trailing commas), the {env:...} variable of its config docs, and
		// an entry that only turns a server off, which is skipped.
		name: "opencode.jsonc",
		file: "opencode.jsonc",
		content: `{
  "$schema": "https://opencode.ai/config.json",
  "mcp": {
    "my-local-mcp-server": {
      "type": "local",
      // Or ["bun", "x", "my-mcp-command"]
      "command": ["npx", "-y", "my-mcp-command"],
      "enabled": true,
      "environment": {
        "MY_ENV_VAR": "my_env_var_value",
      },
    },
    "my-remote-mcp": {
      "type": "remote",
      "url": "https://my-mcp-server.com",
      "enabled": true,
      "headers": {
        "Authorization": "Bearer MY_API_KEY"
      }
    },
    "context7": {
      "type": "remote",
      "url": "https://mcp.context7.com/mcp",
      "headers": { "CONTEXT7_API_KEY": "{env:CONTEXT7_API_KEY}" }
    },
    "mcp_everything": {
      "type": "local",
      "command": ["npx", "-y", "@modelcontextprotocol/server-everything"],
      "enabled": false
    },
    "jira": { "enabled": false },
    "secret": { "type": "remote", "url": "https://s.example/mcp", "headers": { "Authorization": "Bearer {file:~/.secrets/token}" } }
  }
}`,
		want: []ServerConfig{
			{Name: "my-local-mcp-server", Type: "stdio", Command: "npx", Args: []string{"-y", "my-mcp-command"}, Env: map[string]string{"MY_ENV_VAR": "my_env_var_value"}},
			{Name: "my-remote-mcp", Type: "http", URL: "https://my-mcp-server.com", Headers: map[string]string{"Authorization": "Bearer MY_API_KEY"}},
			{Name: "context7", Type: "http", URL: "https://mcp.context7.com/mcp", Headers: map[string]string{"CONTEXT7_API_KEY": "ctx7-secret-key"}},
			{Name: "mcp_everything", Type: "stdio", Command: "npx", Args: []string{"-y", "@modelcontextprotocol/server-everything"}, Disabled: true},
			{Name: "secret", Type: "http", URL: "https://s.example/mcp", Headers: map[string]string{"Authorization": "Bearer {file:~/.secrets/token}"}},
		},
		warnings: []string{`server "secret": a {file:...} reference is not read by mcpeek`},
	}, {
		// opencode's second major version nests the servers under
		// "mcp"."servers" (its MCP page as quoted by a client directory;
		// the first version's page above has them directly under "mcp").
		name: "opencode.json, servers nested",
		file: "opencode.json",
		content: `{
  "$schema": "https://opencode.ai/config.json",
  "mcp": {
    "servers": {
      "my-server": {
        "type": "local",
        "command": ["npx", "-y", "example-mcp-server"],
      },
    },
  },
}`,
		want: []ServerConfig{{Name: "my-server", Type: "stdio", Command: "npx", Args: []string{"-y", "example-mcp-server"}}},
	}, {
		// Goose: the "Common extension shapes" of
		// documentation/docs/guides/config-files.md in aaif-goose/goose
		// (the builtin and platform ones are skipped), an extension with
		// "env_keys" as `goose configure` writes it, and the "sse" type of
		// older Goose versions.
		name: "goose config.yaml",
		file: "goose/config.yaml",
		content: `GOOSE_MODE: "smart_approve"
extensions:
  developer:
    type: builtin
    name: developer
    enabled: true
    bundled: true
    timeout: 300

  computercontroller:
    type: platform
    name: computercontroller
    display_name: Computer Controller
    enabled: true
    bundled: true

  filesystem:
    type: stdio
    name: filesystem
    enabled: true
    cmd: npx
    args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]
    env_keys: []
    envs: {}
    timeout: 300

  remote-tools:
    type: streamable_http
    name: remote-tools
    enabled: true
    uri: "https://example.com/mcp"
    headers: {}
    env_keys: []
    envs: {}
    timeout: 300

  github:
    type: stdio
    name: github
    cmd: npx
    args: ["-y", "@modelcontextprotocol/server-github"]
    enabled: false
    env_keys:
      - GITHUB_PERSONAL_ACCESS_TOKEN
    envs: {}
    timeout: 300

  old-sse:
    type: sse
    uri: http://localhost:8000/sse
    enabled: true
    headers: {Authorization: "Bearer ${MCPEEK_TEST_TOKEN}"}
    envs: {PORT: 8080}
`,
		want: []ServerConfig{
			{Name: "filesystem", Type: "stdio", Command: "npx", Args: []string{"-y", "@modelcontextprotocol/server-filesystem", "/tmp"}},
			{Name: "remote-tools", Type: "http", URL: "https://example.com/mcp"},
			{Name: "github", Type: "stdio", Command: "npx", Args: []string{"-y", "@modelcontextprotocol/server-github"}, Disabled: true},
			{Name: "old-sse", Type: "sse", URL: "http://localhost:8000/sse", Headers: map[string]string{"Authorization": "Bearer s3cret-token"}},
		},
		warnings: []string{`server "github": env_keys "GITHUB_PERSONAL_ACCESS_TOKEN": Goose keeps its value in its secret store`},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeFile(t, filepath.Join(t.TempDir(), tt.file), tt.content)
			cfg, err := Load(path)
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			for i := range tt.want {
				tt.want[i].Source = path
			}
			if !reflect.DeepEqual(cfg.Servers, tt.want) {
				t.Errorf("servers:\n got %+v\nwant %+v", cfg.Servers, tt.want)
			}
			if len(cfg.Warnings) != len(tt.warnings) {
				t.Fatalf("warnings = %q, want %d", cfg.Warnings, len(tt.warnings))
			}
			for i, w := range tt.warnings {
				if !strings.HasPrefix(cfg.Warnings[i], path+": ") || !strings.Contains(cfg.Warnings[i], w) {
					t.Errorf("warning %q, want %q", cfg.Warnings[i], w)
				}
			}
		})
	}
}

// TestClientFormatErrors: a malformed file of each format gives a
// ConfigError that names the file and, where the parser knows it, the line.
func TestClientFormatErrors(t *testing.T) {
	tests := []struct {
		name, file, content string
		want                string // substring of the error, after the path
	}{
		{"bad toml", "config.toml", "[mcp_servers.a]\ncommand = \"npx\nargs = []\n", `:2:`},
		{"bad toml says so", "config.toml", "[mcp_servers.a]\ncommand = \"npx\nargs = []\n", `: malformed TOML: `},
		{"toml value of wrong type", "config.toml", "[mcp_servers.a]\ncommand = \"x\"\nargs = \"--flag\"\n", `:3: server "a": "mcp_servers.a.args": incompatible types`},
		{"toml server not a table", "config.toml", "mcp_servers.a = 1\n", `server "a": entry must be a table`},
		{"toml servers not a table", "config.toml", "mcp_servers = 1\n", `: "mcp_servers" must be a table`},
		{"toml command and url", "config.toml", "[mcp_servers.a]\ncommand = \"x\"\nurl = \"http://x\"\n", `server "a": has both "command" and "url"`},
		{"toml neither", "config.toml", "[mcp_servers.a]\nargs = [\"x\"]\n", `server "a": needs "command" (stdio) or "url"`},
		{"toml without servers", "config.toml", "model = \"o3\"\n", `no [mcp_servers] table`},
		{"bad yaml", "config.yaml", "extensions:\n  a:\n\ttype: stdio\n", `:3: malformed YAML: found character that cannot start any token`},
		{"yaml value of wrong type", "config.yaml", "extensions:\n  a:\n    type: stdio\n    cmd: x\n    args: {k: v}\n", `:5: server "a": cannot unmarshal !!map into []string`},
		{"yaml unknown type", "config.yaml", "extensions:\n  ws:\n    type: websocket\n", `:2:3: server "ws": unknown type "websocket"`},
		{"yaml stdio without cmd", "config.yaml", "extensions:\n  a:\n    type: stdio\n", `server "a": type "stdio" needs "cmd"`},
		{"yaml extensions not a map", "config.yaml", "extensions: [a]\n", `:1:13: "extensions" must be a map`},
		{"yaml without extensions", "config.yaml", "GOOSE_MODE: auto\n", `no "extensions" map`},
		{"gemini malformed", ".gemini/settings.json", "{\"mcpServers\": {\n  \"a\": {\"command\": \"x\",}\n  \"b\": {}\n}}", `:3:3: malformed JSON`},
		{"gemini neither", ".gemini/settings.json", "{\"mcpServers\": {\"a\": {\"timeout\": 5}}}", `server "a": needs "command" (stdio) or "url"`},
		{"zed command of wrong type", "settings.json", "{\"context_servers\": {\n  \"a\": {\"command\": 42}}}", `:2:9: server "a": "command" must be a string or an object`},
		{"zed old command of wrong type", "settings.json", "{\"context_servers\": {\"a\": {\"command\": {\"path\": \"x\", \"args\": \"y\"}}}}", `server "a": "command": "args": JSON string cannot be used as an array of strings`},
		{"zed custom server without command", "settings.json", "{\"context_servers\": {\"a\": {\"source\": \"custom\", \"args\": [\"x\"]}}}", `server "a": needs "command" (stdio) or "url"`},
		{"zed command and url", "settings.json", "{\"context_servers\": {\"a\": {\"command\": \"x\", \"url\": \"http://x\"}}}", `server "a": has both "command" and "url"`},
		{"opencode command as a string", "opencode.json", "{\"mcp\": {\"a\": {\"type\": \"local\",\n \"command\": \"npx -y x\"}}}", `:2:2: server "a": "command": JSON string cannot be used as an array of strings`},
		{"opencode without type", "opencode.json", "{\"mcp\": {\"a\": {\"command\": [\"x\"]}}}", `server "a": needs "type": "local" or "remote"`},
		{"opencode unknown type", "opencode.json", "{\"mcp\": {\"a\": {\"type\": \"stdio\", \"command\": [\"x\"]}}}", `server "a": unknown type "stdio"`},
		{"opencode local without command", "opencode.json", "{\"mcp\": {\"a\": {\"type\": \"local\"}}}", `server "a": type "local" needs "command"`},
		{"opencode remote without url", "opencode.json", "{\"mcp\": {\"a\": {\"type\": \"remote\"}}}", `server "a": type "remote" needs "url"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeFile(t, filepath.Join(t.TempDir(), tt.file), tt.content)
			_, err := Load(path)
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("error %T is not a *ConfigError: %v", err, err)
			}
			if !strings.HasPrefix(err.Error(), path) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error = %q\nwant %q after the path", err, tt.want)
			}
		})
	}
}

// mapLookup is an environment for discover that holds only env.
func mapLookup(env map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := env[k]; return v, ok }
}

// TestDiscoverEveryClient: a project and a home directory holding a config
// of every client; each server comes from its file, in the documented order,
// and the first definition of a name wins.
func TestDiscoverEveryClient(t *testing.T) {
	root := t.TempDir()
	home := filepath.Join(root, "home")
	proj := filepath.Join(root, "proj")
	if err := os.MkdirAll(filepath.Join(proj, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	lookup := mapLookup(map[string]string{"TOKEN": "tok-value"})
	files := []struct{ path, content string }{
		// Project files, nearest first.
		{filepath.Join(proj, ".mcp.json"), `{"mcpServers": {"claude-proj": {"command": "a"}}}`},
		{filepath.Join(proj, ".codex", "config.toml"), "[mcp_servers.codex-proj]\ncommand = \"b\"\n[mcp_servers.shared]\ncommand = \"from-codex-project\"\n"},
		{filepath.Join(proj, ".gemini", "settings.json"), `{"mcpServers": {"gemini-proj": {"httpUrl": "https://g/mcp", "headers": {"X": "${TOKEN}"}}}}`},
		{filepath.Join(proj, ".zed", "settings.json"), `{"context_servers": {"zed-proj": {"command": "c"}}}`},
		{filepath.Join(proj, ".opencode", "opencode.json"), `{"mcp": {"opencode-dot": {"type": "local", "command": ["d"]}, "shared-oc": {"type": "local", "command": ["from-dot-opencode"]}}}`},
		{filepath.Join(proj, "opencode.jsonc"), `{"mcp": {"opencode-proj": {"type": "remote", "url": "https://o/mcp"}, "shared-oc": {"type": "local", "command": ["ignored"]}}}`},
		// User files.
		{filepath.Join(home, ".cursor", "mcp.json"), `{"mcpServers": {"cursor": {"url": "https://c/mcp"}}}`},
		{filepath.Join(home, ".codex", "config.toml"), "[mcp_servers.codex]\nurl = \"https://x/mcp\"\nbearer_token_env_var = \"TOKEN\"\n[mcp_servers.shared]\ncommand = \"ignored\"\n"},
		{filepath.Join(home, ".gemini", "settings.json"), `{"mcpServers": {"gemini": {"url": "https://g/sse"}}}`},
		{filepath.Join(zedDir(home, lookup), "settings.json"), `{"context_servers": {"zed": {"url": "https://z/mcp"}, "ext": {"source": "extension", "settings": {}}}}`},
		{filepath.Join(home, ".config", "opencode", "opencode.json"), `{"mcp": {"opencode": {"type": "local", "command": ["e", "--flag"]}}}`},
		{filepath.Join(gooseDir(home, lookup), "config.yaml"), "extensions:\n  developer: {type: builtin, enabled: true}\n  goose:\n    type: stdio\n    cmd: f\n    enabled: true\n"},
	}
	for _, f := range files {
		writeFile(t, f.path, f.content)
	}
	cfg, err := discover(proj, home, lookup)
	if err != nil {
		t.Fatal(err)
	}
	type got struct{ Name, Where, Source string }
	var servers []got
	for _, s := range cfg.Servers {
		servers = append(servers, got{s.Name, s.Command + s.URL, s.Source})
	}
	want := []got{
		{"claude-proj", "a", files[0].path},
		{"codex-proj", "b", files[1].path},
		{"shared", "from-codex-project", files[1].path},
		{"gemini-proj", "https://g/mcp", files[2].path},
		{"zed-proj", "c", files[3].path},
		{"opencode-dot", "d", files[4].path},
		{"shared-oc", "from-dot-opencode", files[4].path},
		{"opencode-proj", "https://o/mcp", files[5].path},
		{"cursor", "https://c/mcp", files[6].path},
		{"codex", "https://x/mcp", files[7].path},
		{"gemini", "https://g/sse", files[8].path},
		{"zed", "https://z/mcp", files[9].path},
		{"opencode", "e", files[10].path},
		{"goose", "f", files[11].path},
	}
	if !reflect.DeepEqual(servers, want) {
		t.Errorf("servers:\n got %+v\nwant %+v", servers, want)
	}
	byName := map[string]ServerConfig{}
	for _, s := range cfg.Servers {
		byName[s.Name] = s
	}
	if h := byName["gemini-proj"].Headers["X"]; h != "tok-value" {
		t.Errorf("gemini ${TOKEN} header = %q", h)
	}
	if h := byName["codex"].Headers["Authorization"]; h != "Bearer tok-value" {
		t.Errorf("codex bearer header = %q", h)
	}
	var paths []string
	for _, c := range candidates(proj, home, lookup) {
		paths = append(paths, c.path)
	}
	for _, f := range files {
		if !slices.Contains(paths, f.path) {
			t.Errorf("the search paths lack %s", f.path)
		}
	}
}

// TestDiscoverClientHomes: CODEX_HOME, XDG_CONFIG_HOME and OPENCODE_CONFIG
// move the files of the clients that honour them.
func TestDiscoverClientHomes(t *testing.T) {
	root := t.TempDir()
	home := filepath.Join(root, "home")
	codexHome := filepath.Join(root, "codex")
	xdg := filepath.Join(root, "xdg")
	custom := filepath.Join(root, "custom.json")
	lookup := mapLookup(map[string]string{"CODEX_HOME": codexHome, "XDG_CONFIG_HOME": xdg, "OPENCODE_CONFIG": custom})
	codex := writeFile(t, filepath.Join(codexHome, "config.toml"), "[mcp_servers.codex]\ncommand = \"a\"\n")
	writeFile(t, filepath.Join(home, ".codex", "config.toml"), "[mcp_servers.default-codex]\ncommand = \"no\"\n")
	opencode := writeFile(t, custom, `{"mcp": {"custom": {"type": "local", "command": ["b"]}}}`)
	xdgOpencode := writeFile(t, filepath.Join(xdg, "opencode", "opencode.json"), `{"mcp": {"xdg": {"type": "local", "command": ["c"]}, "custom": {"type": "local", "command": ["no"]}}}`)
	want := map[string]string{"codex": codex, "custom": opencode, "xdg": xdgOpencode}
	goose := filepath.Join(gooseDir(home, lookup), "config.yaml")
	if strings.HasPrefix(goose, xdg) { // not on Windows
		want["goose"] = writeFile(t, goose, "extensions:\n  goose: {type: stdio, cmd: d}\n")
	}
	cfg, err := discover(root, home, lookup)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, s := range cfg.Servers {
		got[s.Name] = s.Source
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("servers from %v, want %v", got, want)
	}
}

// TestDiscoverBadClientFilesDoNotStopOthers: malformed TOML and YAML are
// reported, each naming its file, and the other files still load.
func TestDiscoverBadClientFilesDoNotStopOthers(t *testing.T) {
	home := t.TempDir()
	lookup := mapLookup(nil)
	codex := writeFile(t, filepath.Join(home, ".codex", "config.toml"), "[mcp_servers.a\ncommand = \"x\"\n")
	goose := writeFile(t, filepath.Join(gooseDir(home, lookup), "config.yaml"), "extensions:\n  a: [\n")
	gemini := writeFile(t, filepath.Join(home, ".gemini", "settings.json"), `{"mcpServers": {"ok": {"command": "x"}}}`)
	cfg, err := discover(filepath.Join(home, "nowhere"), home, lookup)
	if len(cfg.Servers) != 1 || cfg.Servers[0].Source != gemini {
		t.Errorf("servers = %+v, want the one of %s", cfg.Servers, gemini)
	}
	for _, bad := range []string{codex, goose} {
		if err == nil || !strings.Contains(err.Error(), bad+":") {
			t.Errorf("err = %v, want a ConfigError for %s", err, bad)
		}
	}
}

// TestClientSecretsAreRedacted: env values and headers read from the new
// formats, including a bearer token Codex takes from the environment, are
// secrets like those of an mcpServers file.
func TestClientSecretsAreRedacted(t *testing.T) {
	t.Setenv("MCPEEK_TEST_BEARER", "bearer-secret-123")
	dir := t.TempDir()
	for _, f := range []struct{ file, content string }{
		{"config.toml", "[mcp_servers.a]\nurl = \"https://a/mcp\"\nbearer_token_env_var = \"MCPEEK_TEST_BEARER\"\n[mcp_servers.b]\ncommand = \"b\"\nenv = { KEY = \"toml-env-secret\" }\n"},
		{"config.yaml", "extensions:\n  a: {type: streamable_http, uri: \"https://a/mcp\", headers: {X-Key: yaml-header-secret}}\n"},
		{"opencode.json", `{"mcp": {"a": {"type": "local", "command": ["a"], "environment": {"K": "opencode-env-secret"}}}}`},
		{"settings.json", `{"context_servers": {"a": {"url": "https://a/mcp", "headers": {"Authorization": "Bearer zed-header-secret"}}}}`},
	} {
		cfg, err := Load(writeFile(t, filepath.Join(dir, f.file), f.content))
		if err != nil {
			t.Fatal(err)
		}
		for _, sc := range cfg.Servers {
			secrets := sc.secrets()
			if len(secrets) == 0 {
				t.Errorf("%s: %s has no secrets", f.file, sc.Name)
			}
			for _, s := range secrets {
				if strings.Contains(sc.String(), s) || strings.Contains(sc.Redact("failed: "+s), s) {
					t.Errorf("%s: %s leaks %q", f.file, sc.Name, s)
				}
			}
		}
	}
}

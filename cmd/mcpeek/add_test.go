package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"mcpeek/internal/registrytest"
	"mcpeek/mcpclient"
)

// addHome is a home and working directory of the test's own, with
// XDG_CONFIG_HOME and CODEX_HOME under it, and a local registry that also
// serves an npm server asking for a secret API_KEY.
func addHome(t *testing.T) (reg string, home, cwd string) {
	t.Helper()
	r, home, cwd := addRegistry(t)
	return r.URL, home, cwd
}

// addRegistry is addHome with the registry itself.
func addRegistry(t *testing.T) (r *registrytest.Registry, home, cwd string) {
	t.Helper()
	r = localRegistry(t)
	r.Add(t, []byte(`{"name":"io.example/keyed","description":"x","version":"1.0.0",
		"packages":[{"registryType":"npm","identifier":"@modelcontextprotocol/server-everything","version":"2026.8.31","transport":{"type":"stdio"},
		"packageArguments":[{"type":"positional","value":"stdio"}],
		"environmentVariables":[{"name":"API_KEY","isRequired":true,"isSecret":true},{"name":"REGION","default":"eu"}]}]}`), time.Now())
	home = t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("CODEX_HOME", "")
	cwd = filepath.Join(home, "project")
	if err := os.MkdirAll(cwd, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(cwd)
	return r, home, cwd
}

// TestAddToEveryClient adds the same npm server, whose API_KEY is a
// secret, to each client's config and reads the file back with mcpeek's
// own reader: the entry is there in the client's format, and the secret
// is a reference the client resolves, never its value.
func TestAddToEveryClient(t *testing.T) {
	reg, home, cwd := addHome(t)
	t.Setenv("API_KEY", "k3y-from-env")
	out, stderr, code := mcpeek(t, "add", "io.example/keyed", "--client", "claude-code", "--registry-input", "API_KEY=k3y-given", "--registry", reg)
	if code != 1 || strings.Contains(out+stderr, "k3y") || !strings.Contains(stderr, "the value given for environment API_KEY is a secret: it is written as a reference") {
		t.Errorf("a secret given without --write-secrets: exit %d: %s", code, stderr)
	}
	for _, tc := range []struct {
		client  string
		project bool
		file    string
		ref     string // how the file names the secret
	}{
		{"claude-code", false, filepath.Join(home, ".claude.json"), `"API_KEY": "${API_KEY}"`},
		{"claude-code", true, filepath.Join(cwd, ".mcp.json"), `"${API_KEY}"`},
		{"cursor", true, filepath.Join(cwd, ".cursor", "mcp.json"), `"${env:API_KEY}"`},
		{"windsurf", false, filepath.Join(home, ".codeium", "windsurf", "mcp_config.json"), `"${env:API_KEY}"`},
		{"vscode", true, filepath.Join(cwd, ".vscode", "mcp.json"), `"${input:API_KEY}"`},
		{"gemini", false, filepath.Join(home, ".gemini", "settings.json"), `"${API_KEY}"`},
		{"opencode", false, filepath.Join(home, ".config", "opencode", "opencode.json"), `"{env:API_KEY}"`},
		{"codex", false, filepath.Join(home, ".codex", "config.toml"), `env_vars = ["API_KEY"]`},
		{"goose", false, filepath.Join(home, ".config", "goose", "config.yaml"), "env_keys:\n      - API_KEY"},
	} {
		args := []string{"add", "io.example/keyed", "--client", tc.client, "--yes", "--registry", reg}
		if tc.project {
			args = append(args, "--project")
		}
		out, stderr, code := mcpeek(t, args...)
		if code != 0 {
			t.Errorf("%s: exit %d\n%s\n%s", tc.client, code, out, stderr)
			continue
		}
		b, err := os.ReadFile(tc.file)
		if err != nil {
			t.Errorf("%s: %v", tc.client, err)
			continue
		}
		if !strings.Contains(string(b), tc.ref) || strings.Contains(string(b), "k3y") {
			t.Errorf("%s: the secret is not a reference:\n%s", tc.client, b)
		}
		if !strings.Contains(out, "+") || !strings.Contains(out, tc.file) {
			t.Errorf("%s: no diff shown:\n%s", tc.client, out)
		}
		cfg, err := mcpclient.Load(tc.file)
		if err != nil || len(cfg.Servers) != 1 {
			t.Errorf("%s: read back: %v %+v", tc.client, err, cfg)
			continue
		}
		sc := cfg.Servers[0]
		if sc.Name != "keyed" || sc.Command != "npx" || strings.Join(sc.Args, " ") != "-y @modelcontextprotocol/server-everything@2026.8.31 stdio" || sc.Env["REGION"] != "eu" {
			t.Errorf("%s: read back %+v", tc.client, sc)
		}
	}
	// Where the client reads no reference, the secret is refused unless
	// --write-secrets is given.
	for _, client := range []string{"claude-desktop", "zed"} {
		_, stderr, code := mcpeek(t, "add", "io.example/keyed", "--client", client, "--yes", "--registry", reg)
		if code == 0 || !strings.Contains(stderr, client+" reads no secret from the environment, and API_KEY is one: give its value with --registry-input and --write-secrets") {
			t.Errorf("%s: exit %d: %s", client, code, stderr)
		}
		out, stderr, code := mcpeek(t, "add", "io.example/keyed", "--client", client, "--yes", "--write-secrets", "--registry-input", "API_KEY=k3y-clear", "--registry", reg)
		if code != 0 || strings.Contains(out+stderr, "k3y") || !strings.Contains(out, `"API_KEY": "***"`) {
			t.Errorf("%s --write-secrets: exit %d: %s", client, code, stderr)
		}
	}
	b, err := os.ReadFile(filepath.Join(home, ".config", "zed", "settings.json"))
	if err != nil || !strings.Contains(string(b), `"API_KEY": "k3y-clear"`) || !strings.Contains(string(b), `"source": "custom"`) {
		t.Errorf("zed: %v\n%s", err, b)
	}
}

// TestAddKeepsCommentsAndBacksUp: a JSON-with-comments file and a TOML
// file keep every comment and line they had; the old file is kept as
// .bak; a server already there is refused; without --yes and without a
// terminal the diff is shown and nothing is written.
func TestAddKeepsCommentsAndBacksUp(t *testing.T) {
	reg, home, cwd := addHome(t)
	cursor := filepath.Join(cwd, ".cursor", "mcp.json")
	jsonc := "{\n  // my servers\n  \"mcpServers\": {\n    /* the old one */\n    \"old\": {\"command\": \"old-server\"}, // trailing\n  },\n}\n"
	codex := filepath.Join(home, ".codex", "config.toml")
	toml := "# my codex settings\nmodel = \"o3\"\n\n[mcp_servers.old]\ncommand = \"old-server\" # kept\n"
	goose := filepath.Join(home, ".config", "goose", "config.yaml")
	yml := "# goose settings\nGOOSE_PROVIDER: openai\nextensions:\n    # the old one\n    old:\n        type: stdio\n        cmd: old-server # kept\n\n# the model\nGOOSE_MODEL: o3\n"
	for path, text := range map[string]string{cursor: jsonc, codex: toml, goose: yml} {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o640); err != nil {
			t.Fatal(err)
		}
	}
	add := []string{"add", "io.github.modelcontextprotocol/server-everything", "--registry", reg}
	out, stderr, code := mcpeek(t, append(add, "--client", "cursor", "--project")...)
	if b, _ := os.ReadFile(cursor); code != 1 || string(b) != jsonc || !strings.Contains(stderr, "nothing written: give --yes") || !strings.Contains(out, `+    "server-everything": {`) {
		t.Fatalf("without --yes: exit %d\n%s\n%s\n%s", code, out, stderr, b)
	}
	project := map[string]string{"cursor": "true", "codex": "false", "goose": "false"}
	for client, path := range map[string]string{"cursor": cursor, "codex": codex, "goose": goose} {
		_, stderr, code := mcpeek(t, append(add, "--client", client, "--project="+project[client], "--yes")...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", client, code, stderr)
		}
		b, _ := os.ReadFile(path)
		old := map[string]string{"cursor": jsonc, "codex": toml, "goose": yml}[client]
		for _, line := range strings.Split(old, "\n") {
			if !strings.Contains(string(b), strings.TrimSuffix(line, ", // trailing")) {
				t.Errorf("%s lost %q:\n%s", client, line, b)
			}
		}
		if bak, _ := os.ReadFile(path + ".bak"); string(bak) != old {
			t.Errorf("%s: the backup is %q", client, bak)
		}
		if st, _ := os.Stat(path); st.Mode().Perm() != 0o640 {
			t.Errorf("%s: mode %v", client, st.Mode())
		}
		if client == "goose" && !strings.Contains(string(b), "\n    server-everything:\n        name: server-everything\n") {
			t.Errorf("goose: the file's indentation is not kept:\n%s", b)
		}
		cfg, err := mcpclient.Load(path)
		if err != nil || len(cfg.Servers) != 2 || cfg.Servers[0].Name != "old" || cfg.Servers[1].Name != "server-everything" {
			t.Errorf("%s: read back: %v %+v", client, err, cfg.Servers)
		}
		_, stderr, code = mcpeek(t, append(add, "--client", client, "--project="+project[client], "--yes")...)
		if code == 0 || !strings.Contains(stderr, `"server-everything" is already there`) {
			t.Errorf("%s twice: exit %d: %s", client, code, stderr)
		}
	}
}

// TestAddRemote writes the remote of com.example/weather: the token in
// its header is a reference, the region its default.
func TestAddRemote(t *testing.T) {
	reg, _, cwd := addHome(t)
	// Another server asks for TOKEN already: VS Code asks once, so no
	// second input of that id is added.
	vscode := filepath.Join(cwd, ".vscode", "mcp.json")
	if err := os.MkdirAll(filepath.Dir(vscode), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(vscode, []byte(`{"inputs": [{"type": "promptString", "id": "TOKEN", "password": true}], "servers": {}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := mcpeek(t, "add", "com.example/weather", "--client", "vscode", "--project", "--yes", "--registry", reg)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, _ := os.ReadFile(filepath.Join(cwd, ".vscode", "mcp.json"))
	for _, want := range []string{`"type": "http"`, `"url": "https://eu.weather.example.com/mcp"`, `"Authorization": "Bearer ${input:TOKEN}"`, `"password": true`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("lacks %s:\n%s", want, b)
		}
	}
	if strings.Count(string(b), `"TOKEN"`) != 1 {
		t.Errorf("the input TOKEN is not there once:\n%s", b)
	}
	_, stderr, code = mcpeek(t, "add", "com.example/weather", "--client", "claude-desktop", "--yes", "--registry", reg)
	if code == 0 || !strings.Contains(stderr, "starts local (stdio) servers only") {
		t.Errorf("claude-desktop: exit %d: %s", code, stderr)
	}
	for args, want := range map[string]string{
		"add com.example/weather":                             "give the client to write to",
		"add com.example/weather --client nope":               `unknown client "nope"`,
		"add com.example/weather --client windsurf --project": "windsurf keeps no servers in a project file",
	} {
		_, stderr, code := mcpeek(t, append(strings.Fields(args), "--registry", reg)...)
		if code == 0 || !strings.Contains(stderr, want) {
			t.Errorf("%s: exit %d: %s", args, code, stderr)
		}
	}
}

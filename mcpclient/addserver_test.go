package mcpclient

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTOMLString(t *testing.T) {
	t.Parallel()
	if got := tomlString("a\"b\\c\n<&>\x7f\x01"); got != `"a\"b\\c\n<&>\u007f\u0001"` {
		t.Errorf("got %s", got)
	}
}

// TestAddServerWritesEachClientsFormat: a server added to a Codex TOML
// and a Goose YAML file keeps what the file held, names a secret
// environment variable instead of writing it, and reads back with Load;
// Claude Desktop takes no remote server.
func TestAddServerWritesEachClientsFormat(t *testing.T) {
	t.Parallel()
	sc := ServerConfig{Name: "mem", Command: "npx", Args: []string{"-y", "mem"}, Env: map[string]string{"TOKEN": "${TOKEN}", "MODE": "fast"}}
	secrets := map[string]bool{"TOKEN": true}
	for _, c := range []struct{ client, file, old, want string }{
		{"codex", "config.toml", "# mine\nmodel = \"o3\"\n", "env_vars = [\"TOKEN\"]"},
		{"goose", "config.yaml", "# mine\nextensions:\n  other:\n    name: other\n    type: stdio\n    cmd: x\n    enabled: true\n    timeout: 300\n", "env_keys:"},
	} {
		out, notes, err := AddServer(c.client, sc, true, secrets, []byte(c.old))
		if err != nil {
			t.Fatalf("%s: %v", c.client, err)
		}
		text := string(out)
		if !strings.HasPrefix(text, c.old[:len("# mine\n")]) || !strings.Contains(text, c.want) || strings.Contains(text, "${TOKEN}") || len(notes) != 1 {
			t.Errorf("%s:\n%s\nnotes %q", c.client, text, notes)
		}
		path := filepath.Join(t.TempDir(), c.file)
		if err := os.WriteFile(path, out, 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := CheckedTemp(path, filepath.Ext(path), out, "mem"); err != nil {
			t.Errorf("%s: does not read back: %v", c.client, err)
		}
	}
	if _, _, err := AddServer("claude-desktop", ServerConfig{Name: "r", URL: "https://example.com/mcp"}, false, nil, nil); err == nil {
		t.Error("Claude Desktop took a remote server")
	}
}

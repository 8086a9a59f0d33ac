package mcpclient

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadConfigFromEachSource(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	noVars := func(string) (string, bool) { return "", false }
	cfg, demo, err := ReadConfig(ConfigSource{URL: "http://localhost:3000/mcp"})
	if err != nil || demo || len(cfg.Servers) != 1 || cfg.Servers[0].Name != "url" || cfg.Servers[0].Source != "--url" {
		t.Errorf("--url: %+v, %v, %v", cfg.Servers, demo, err)
	}
	if _, _, err := ReadConfig(ConfigSource{URL: "http://x", Path: "mcp.json"}); err == nil || err.Error() != "give either --url or --config, not both" {
		t.Errorf("--url and --config: %v", err)
	}
	empty := filepath.Join(dir, "empty.json")
	os.WriteFile(empty, []byte(`{"mcpServers": {}}`), 0o644)
	if _, demo, err := ReadConfig(ConfigSource{Path: empty}); demo || err == nil || !strings.Contains(err.Error(), "lists no MCP servers") {
		t.Errorf("an empty --config: %v, %v", demo, err)
	}
	one := filepath.Join(dir, "one.json")
	os.WriteFile(one, []byte(`{"mcpServers": {"shop": {"command": "shop-server"}}}`), 0o644)
	if cfg, demo, err := ReadConfig(ConfigSource{Path: one}); err != nil || demo || len(cfg.Servers) != 1 || cfg.Servers[0].Name != "shop" {
		t.Errorf("--config: %+v, %v, %v", cfg.Servers, demo, err)
	}
	nowhere := t.TempDir()
	if cfg, demo, err := ReadConfig(ConfigSource{Cwd: nowhere, Home: nowhere, LookupVar: noVars}); err != nil || !demo || len(cfg.Servers) != 0 {
		t.Errorf("nothing found: %+v, %v, %v; want the demo", cfg.Servers, demo, err)
	}
}

func TestCheckServerURL(t *testing.T) {
	for raw, want := range map[string]string{
		"http://localhost:3000/mcp": "",
		"ftp://x":                   `--url "ftp://x": give the server's http:// or https:// URL, such as http://localhost:3000/mcp`,
		"http://":                   `--url "http://" has no host: give one, such as http://localhost:3000/mcp`,
		"http://[::1":               `--url "http://[::1" is not a URL: missing ']' in host`,
	} {
		got := ""
		if err := CheckServerURL(raw); err != nil {
			got = err.Error()
		}
		if got != want {
			t.Errorf("%s: got %q, want %q", raw, got, want)
		}
	}
}

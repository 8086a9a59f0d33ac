package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/server"
)

// TestResourceCommandsStartTheNamedServerAlone: a server beside the one
// named is never started (its command would leave a marker file).
func TestResourceCommandsStartTheNamedServerAlone(t *testing.T) {
	t.Parallel()
	srv := server.NewMCPServer("alone", "1", server.WithResourceCapabilities(false, false), server.WithPromptCapabilities(false))
	url := readConfigURL(t, serveHTTP(t, srv))
	dir := t.TempDir()
	marker := filepath.Join(dir, "started")
	cfg := filepath.Join(dir, "mcp.json")
	b, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{
		"s":    map[string]any{"type": "http", "url": url},
		"dead": map[string]any{"command": "sh", "args": []string{"-c", "touch " + marker + "; sleep 60"}},
	}})
	os.WriteFile(cfg, b, 0o600)
	for _, args := range [][]string{{"resources", "s"}, {"prompts", "s"}, {"complete", "s", "--prompt", "p", "a=x"}} {
		mcpeek(t, append([]string{"--config", cfg, "--connect-timeout", "2s"}, args...)...)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("the server that was not named was started")
	}
	_, stderr, code := mcpeek(t, "--config", cfg, "resources", "d")
	if code == 0 || !strings.Contains(stderr, `no server named "d"`) {
		t.Errorf("an unknown server: exit %d: %s", code, stderr)
	}
}

// readConfigURL is the url of server "s" in the config serveHTTP wrote.
func readConfigURL(t *testing.T, cfg string) string {
	b, err := os.ReadFile(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		MCPServers map[string]struct{ URL string } `json:"mcpServers"`
	}
	json.Unmarshal(b, &v)
	return v.MCPServers["s"].URL
}

// TestCompleteWithoutTheCapability: a server that declares no completions
// is asked anyway, and its failure says that it declares none.
func TestCompleteWithoutTheCapability(t *testing.T) {
	t.Parallel()
	srv := server.NewMCPServer("nocomplete", "1", server.WithPromptCapabilities(false))
	cfg := serveHTTP(t, srv)
	_, stderr, code := mcpeek(t, "--config", cfg, "complete", "s", "--prompt", "p", "a=x")
	if code == 0 || !strings.Contains(stderr, "(s declares no completions capability)") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

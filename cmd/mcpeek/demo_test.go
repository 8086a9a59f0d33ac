package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoConfigUsesTheDemoServer: with no config anywhere, the commands work
// on the embedded demo server, and say so.
func TestNoConfigUsesTheDemoServer(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	out, stderr, code := mcpeek(t, "tools", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, "using the embedded demo server") {
		t.Errorf("stderr does not say the demo server is used: %q", stderr)
	}
	var tools []toolJSON
	if err := json.Unmarshal([]byte(out), &tools); err != nil {
		t.Fatal(err)
	}
	found := map[string]toolJSON{}
	for _, tool := range tools {
		found[tool.ToolID] = tool
	}
	order, ok := found["demo.shop_get_order"]
	if len(tools) < 10 || !ok || !order.HasOutputSchema || !order.HasHiddenFields {
		t.Errorf("want the demo catalogue with demo.shop_get_order folded; got %d tools", len(tools))
	}
	if echo := found["demo.util_echo"]; echo.HasOutputSchema || string(echo.OutputSchema) != "null" || echo.Note == "" {
		t.Errorf("a tool without an output schema gets output_schema null and the note: %+v", echo)
	}
}

// TestDemoServerOverStdio runs `mcpeek demo-server` as a real child process
// and reads it back through a config, as any MCP client would.
func TestDemoServerOverStdio(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := mcpeekBinary(t)
	cfg := filepath.Join(t.TempDir(), "mcp.json")
	os.WriteFile(cfg, fmt.Appendf(nil, `{"mcpServers": {"shop": {"command": %q, "args": ["demo-server"]}}}`, bin), 0o644)
	out, stderr, code := mcpeek(t, "inspect", "shop.shop_get_order", "line_items[].price_set", "--config", cfg)
	if code != 0 || !strings.Contains(out, "shop_money") || !strings.Contains(out, "presentment_money") {
		t.Errorf("exit %d\n%s\n%s", code, out, stderr)
	}
}

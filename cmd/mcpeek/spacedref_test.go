package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every command that takes SERVER.TOOL takes SERVER TOOL too, as people
// type it; with --schema the arguments are left as given; lint and lock
// update, which read "a b" as two servers, show the right form instead.
func TestServerSpaceTool(t *testing.T) {
	t.Parallel()
	cfg := shopConfig(t)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"fold", "shop", "shop_get_order"}, 0, "shop.shop_get_order"},
		{[]string{"summary", "shop", "util_echo"}, 0, "util_echo(message: string"},
		{[]string{"describe", "shop", "util_echo"}, 0, "definition"},
		{[]string{"compare", "shop", "shop_get_order"}, 0, "legacy"},
		{[]string{"inspect", "shop", "shop_get_order", "line_items"}, 0, "line_items[]  object"},
		{[]string{"inspect", "shop", "shop_get_order"}, 0, "(root)  object"},
		{[]string{"call", "shop", "util_echo", "--args", `{"message": "hi"}`}, 0, `"echo"`},
		{[]string{"prompt", "shop", "nope"}, 1, `lists no prompt named "nope"`},
		{[]string{"fold", "shop"}, 1, `"shop" names no tool: give SERVER.TOOL or SERVER TOOL (mcpeek tools shop lists them)`},
		{[]string{"call", "shop", "util_echo", "x"}, 1, "mcpeek call takes SERVER.TOOL; it was given 3 (shop util_echo x)"},
		{[]string{"inspect", "--schema", orderSchema, "line_items"}, 0, "line_items[]  object"},
		{[]string{"inspect", "--schema", orderSchema, "line_items", "x"}, 1, "with --schema, give at most one FIELD_PATH"},
		{[]string{"lint", "shop", "util_echo"}, 3, "to name the tool util_echo of shop, write shop.util_echo"},
		{[]string{"lock", "update", "shop", "util_echo", "--dry-run", "--lock", filepath.Join(t.TempDir(), "lock.json")}, 1,
			"write shop.util_echo"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			t.Parallel()
			out, stderr, code := mcpeek(t, append([]string{"--config", cfg}, c.args...)...)
			if code != c.code || !strings.Contains(out+stderr, c.want) {
				t.Errorf("exit %d (want %d), want %q in\nstdout: %s\nstderr: %s", code, c.code, c.want, out, stderr)
			}
		})
	}
}

// shopConfig writes a config whose one server, shop, is the embedded demo
// server run by this test binary, and returns its path.
func shopConfig(t *testing.T) string {
	t.Helper()
	cfg := filepath.Join(t.TempDir(), "mcp.json")
	if err := os.WriteFile(cfg, fmt.Appendf(nil, `{"mcpServers": {"shop": {"command": %q, "args": [%q]}}}`, os.Args[0], roleDemoServer), 0o644); err != nil {
		t.Fatal(err)
	}
	return cfg
}

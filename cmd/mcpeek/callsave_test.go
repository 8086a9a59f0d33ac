package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mcpeek/mcpclient/calls"
)

// TestCallSave: --save appends the call as written (${env:...} kept, the
// value sent) with the default assertion; a taken name is refused before
// anything is sent; an error result is saved expecting one.
func TestCallSave(t *testing.T) {
	demo := useDemo(t)
	t.Setenv("H26_ORDER", "5601234042")
	file := filepath.Join(t.TempDir(), "ci.calls.json")
	_, stderr, code := demo.mcpeek(t, "call", "demo.shop_get_order", "--args", `{"order_id": "${env:H26_ORDER}"}`, "--save", "order", "--to", file)
	if code != 0 || !strings.Contains(stderr, `saved call "order" to `+file) {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	_, stderr, code = demo.mcpeek(t, "call", "demo.util_echo", "--args", `{"message": "x", "api_token": "literal"}`, "--no-check-args", "--save", "echo", "--to", file)
	if !strings.Contains(stderr, `argument "api_token" is saved as written`) {
		t.Errorf("no warning on a literal secret-looking argument: exit %d: %s", code, stderr)
	}
	_, stderr, code = demo.mcpeek(t, "call", "demo.util_echo", "--args", `{"message": "x"}`, "--save", "order", "--to", file)
	if code == 0 || !strings.Contains(stderr, `holds a call named "order" already (line 4)`) {
		t.Errorf("a taken name: exit %d: %s", code, stderr)
	}
	f, err := calls.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Calls) < 1 {
		t.Fatal("nothing saved")
	}
	c := f.Calls[0]
	if c.Tool != "demo.shop_get_order" || !strings.Contains(string(c.Arguments), "${env:H26_ORDER}") ||
		c.Expect.OutputSchema == nil || !*c.Expect.OutputSchema || c.Expect.IsError != nil {
		b, _ := os.ReadFile(file)
		t.Errorf("saved as:\n%s", b)
	}
	_, stderr, code = demo.mcpeek(t, "call", "demo.shop_get_order", "--args", `{"order_id": "${env:H26_UNSET}"}`, "--save", "x", "--to", file)
	if code == 0 || !strings.Contains(stderr, "${env:H26_UNSET} is not set") {
		t.Errorf("an unset variable: exit %d: %s", code, stderr)
	}
	_, stderr, code = demo.mcpeek(t, "call", "demo.util_echo", "--to", file)
	if code == 0 || !strings.Contains(stderr, "give --save NAME too") {
		t.Errorf("--to alone: exit %d: %s", code, stderr)
	}
}

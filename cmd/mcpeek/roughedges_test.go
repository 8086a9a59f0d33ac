package main

import (
	"strings"
	"testing"
)

// call refuses arguments that break the tool's input schema, with the
// validator's words for each field, and sends nothing; --no-check-args
// sends them anyway (a server's own validation is worth testing).
func TestCallRefusesArgumentsThatBreakTheInputSchema(t *testing.T) {
	useDemo(t)
	out, stderr, code := mcpeek(t, "call", "demo.shop_get_order", "--args", `{"order_id": 5, "x": 1}`)
	if code != 1 || out != "" {
		t.Errorf("exit %d, stdout %.80q: want exit 1 and nothing sent", code, out)
	}
	for _, want := range []string{"the arguments break the input schema of demo.shop_get_order", "--no-check-args",
		"/order_id: got number, want string", "/x: property is not allowed by the schema"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	out, stderr, code = mcpeek(t, "call", "demo.shop_get_order", "--args", `{"order_id": 5}`, "--no-check-args")
	if code != 0 || !strings.Contains(out, `"order_number"`) {
		t.Errorf("--no-check-args: exit %d, %s", code, stderr)
	}
}

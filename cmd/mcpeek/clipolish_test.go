package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// Rough edges a new user meets: a tool's arguments given without --args,
// a mistyped flag, and SERVER TOOL in lint or lock update naming a tool
// the server does not list.
func TestNewUserRoughEdges(t *testing.T) {
	t.Parallel()
	cfg := shopConfig(t)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"call", "shop.util_echo", `{"message": "hi"}`}, 1,
			`(a tool's arguments go in --args: mcpeek call shop.util_echo --args '{"message": "hi"}')`},
		{[]string{"call", "shop", "util_echo", `{"message": "hi"}`}, 1,
			`mcpeek call shop.util_echo --args '{"message": "hi"}'`},
		{[]string{"call", "shop.util_echo", "--args", "{bad"}, 1,
			"--args is not JSON (invalid character 'b' looking for beginning of object key string, at byte 2): give a JSON object"},
		{[]string{"call", "shop.util_echo", "--args", "[1]"}, 1, "--args is no JSON object: give a JSON object"},
		{[]string{"tools", "--jsn"}, 1, "unknown flag: --jsn (did you mean --json?)"},
		{[]string{"call", "shop.util_echo", "--detatch"}, 1, "(did you mean --detach?)"},
		{[]string{"tools", "--zzzzzzzzzz"}, 1, "unknown flag: --zzzzzzzzzz (mcpeek tools --help lists its flags)"},
		{[]string{"lock", "update", "nope", "--lock", filepath.Join(t.TempDir(), "lock.json")}, 1, `no server named "nope"`},
		{[]string{"lint", "shop", "util_eco"}, 3, `shop lists no tool named "util_eco"; did you mean shop.util_echo?`},
		{[]string{"lock", "update", "shop", "util_eco", "--dry-run", "--lock", filepath.Join(t.TempDir(), "lock.json")}, 1,
			`shop lists no tool named "util_eco"; did you mean shop.util_echo?`},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			t.Parallel()
			out, stderr, code := mcpeek(t, append([]string{"--config", cfg}, c.args...)...)
			if code != c.code || !strings.Contains(out+stderr, c.want) {
				t.Errorf("exit %d (want %d), want %q in\nstdout: %s\nstderr: %s", code, c.code, c.want, out, stderr)
			}
			if c.args[0] == "lock" && strings.Contains(stderr, "writing it") {
				t.Errorf("a lock update that fails says it writes the lock:\n%s", stderr)
			}
			if strings.Contains(c.want, "no tool named") && strings.Contains(stderr, "write shop.util_eco") {
				t.Errorf("suggests a tool the server does not list:\n%s", stderr)
			}
		})
	}
}

// lint SERVER TOOL connects twice (the second time to look the tool up):
// the embedded demo server is still noted once.
func TestDemoNotedOnce(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	c := cli{vars: map[string]string{"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, ".config"), "APPDATA": home}}
	_, stderr, _ := c.mcpeek(t, "lint", "demo", "util_eco")
	if n := strings.Count(stderr, demoNote); n != 1 {
		t.Errorf("the demo note said %d times:\n%s", n, stderr)
	}
}

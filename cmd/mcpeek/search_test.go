package main

import "testing"

// mcpeek search on the embedded demo server, held to golden files.
func TestSearchGolden(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	cases := map[string][]string{
		"search-email.txt":           {"search", "email"},
		"search-order-id-input.txt":  {"search", "order_id", "--in", "input"},
		"search-customer-email.json": {"search", "customer.email", "--json", "--limit", "4"},
		"search-fuzzy-output.txt":    {"search", "shpmny", "--in", "output", "--limit", "6"},
		"search-none.txt":            {"search", "no_such_field_anywhere"},
	}
	for name, args := range cases {
		t.Run(name, func(t *testing.T) {
			out, stderr, code := mcpeek(t, args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			assertGolden(t, name, out)
		})
	}
	if _, stderr, code := mcpeek(t, "search", "x", "--in", "sideways"); code == 0 || stderr == "" {
		t.Errorf("--in sideways: exit %d, %q", code, stderr)
	}
}

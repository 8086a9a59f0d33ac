package toolview

import "testing"

// An undeclared key is named as it is beside its object, whatever it
// holds: the check writes its path quoted, the line shows the key.
func TestKeyOfOddNames(t *testing.T) {
	t.Parallel()
	for _, c := range [][3]string{
		{"a", `a["k.l"]`, "k.l"},
		{"", `["k.l"]`, "k.l"},
		{"", "plain", "plain"},
		{`["b[0]"][]`, `["b[0]"][].c/d~e`, "c/d~e"},
		{"a", "a.x", "x"},
	} {
		if got := keyOf(c[0], c[1]); got != c[2] {
			t.Errorf("keyOf(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}

package callform

import "testing"

// A paste with a line end, a tab, a colour and a bell in it.
const dirtyPaste = "order\x1b[31m\tx\x07\r\n"

func TestPasteText(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in      string
		oneLine bool
		want    string
	}{
		{dirtyPaste, true, "order x"},
		{"a\r\nb\rc\n", true, "a b c"},
		{"a\r\nb\rc\n", false, "a\nb\nc\n"},
		{"\x9b31mx\u202e", true, "x"}, // a C1 CSI, a bidi override
	} {
		if got := PasteText(c.in, c.oneLine); got != c.want {
			t.Errorf("PasteText(%q, %v) = %q, want %q", c.in, c.oneLine, got, c.want)
		}
	}
}

package uitext

import (
	"slices"
	"testing"
)

// A paste with a line end, a tab, a colour and a bell in it.
const dirtyPaste = "order\x1b[31m\tx\x07\r\n"

func TestPaste(t *testing.T) {
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
		if got := Paste(c.in, c.oneLine); got != c.want {
			t.Errorf("Paste(%q, %v) = %q, want %q", c.in, c.oneLine, got, c.want)
		}
	}
}

func TestPlural(t *testing.T) {
	t.Parallel()
	for n, want := range map[int]string{0: "0 matches", 1: "1 match", 2: "2 matches"} {
		if got := Plural(n, "match"); got != want {
			t.Errorf("Plural(%d, match) = %q", n, got)
		}
	}
	if got := Plural(3, "field"); got != "3 fields" {
		t.Errorf("Plural(3, field) = %q", got)
	}
}

// Fit measures in cells: a wide rune takes two, and a cut ends in an
// ellipsis within the width.
func TestFit(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in    string
		width int
		want  string
	}{
		{"abc", 5, "abc  "},
		{"abcdef", 4, "abc…"},
		{"日本語", 5, "日本…"},
		{"日本語", 4, "日… "},
		{"abc", 0, ""},
	} {
		if got := Fit(c.in, c.width); got != c.want {
			t.Errorf("Fit(%q, %d) = %q, want %q", c.in, c.width, got, c.want)
		}
		if c.width > 0 && Width(Fit(c.in, c.width)) != c.width {
			t.Errorf("Fit(%q, %d) is %d cells", c.in, c.width, Width(Fit(c.in, c.width)))
		}
	}
}

// CutMiddle keeps both ends of a name, within the width, in cells.
func TestCutMiddle(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in    string
		width int
		want  string
	}{
		{"abc", 5, "abc"},
		{"github_pull_requests_list_29", 16, "github_…_list_29"},
		{"github_pull_requests_list_181", 16, "github_…list_181"},
		{"abcdefgh", 5, "ab…gh"},
		{"abcdefgh", 1, "…"},
		{"abcdefgh", 0, ""},
		{"日本語日本語", 7, "日本…語"},
		{"日本語日本語", 6, "日…語"},
	} {
		got := CutMiddle(c.in, c.width)
		if got != c.want {
			t.Errorf("CutMiddle(%q, %d) = %q, want %q", c.in, c.width, got, c.want)
		}
		if Width(got) > max(c.width, 0) {
			t.Errorf("CutMiddle(%q, %d) is %d cells", c.in, c.width, Width(got))
		}
	}
}

func TestWrap(t *testing.T) {
	t.Parallel()
	if got := Wrap("one two three", 7); !slices.Equal(got, []string{"one two", "three"}) {
		t.Errorf("%q", got)
	}
	// Never after a hyphen: a flag, a name or a date stays whole.
	if got := Wrap("give one with --config FILE", 18); !slices.Equal(got, []string{"give one with", "--config FILE"}) {
		t.Errorf("%q", got)
	}
	if got := Wrap("on 2026-07-28 server-everything", 12); !slices.Equal(got, []string{"on", "2026-07-28", "server-every", "thing"}) {
		t.Errorf("%q", got)
	}
	if got := Wrap("abc", 0); len(got) != 3 {
		t.Errorf("a width under one wraps at one cell: %q", got)
	}
}

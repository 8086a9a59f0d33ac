package styled

import (
	"bytes"
	"testing"

	"charm.land/lipgloss/v2"
)

func TestPadCutsAndFills(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   string
		w    int
		want string
	}{
		{"ab", 4, "ab  "},
		{"abcdef", 4, "abc…"},
		{"日本", 5, "日本 "},
	} {
		if got := Pad(c.in, c.w); got != c.want {
			t.Errorf("Pad(%q, %d) = %q, want %q", c.in, c.w, got, c.want)
		}
	}
}

func TestPlainPrinterWritesTextAsGiven(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	p := Printer{W: &buf, Styles: Styles{Type: func(string) lipgloss.Style { return lipgloss.NewStyle().Bold(true) }}}
	p.Println(p.Head.Render("title") + " " + p.Typ("object"))
	if got, want := buf.String(), "title object\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

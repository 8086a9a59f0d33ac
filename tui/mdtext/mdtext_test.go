package mdtext

import (
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

var plainStyles = Styles{}

var boldStyles = Styles{Strong: lipgloss.NewStyle().Bold(true), Code: lipgloss.NewStyle().Reverse(true)}

// Each block of Markdown shows as text, its marks gone: emphasis, code,
// links with their address, lists with bullets or numbers, quotes, code
// blocks as they are, and tables in columns.
func TestLines(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, src, want string }{
		{"emphasis and code", "Some **bold**, _italic_ and `code` ~~gone~~.", "Some bold, italic and code gone."},
		{"heading", "# Title\n\nBody.", "Title\n\nBody."},
		{"tight list", "Intro:\n\n- **open**: still under review\n- closed\n\n1. one\n2. two", "Intro:\n\n• open: still under review\n• closed\n\n1. one\n2. two"},
		{"nested list", "- a\n  - b\n- c", "• a\n  • b\n• c"},
		{"link", "See [the docs](https://example.com/docs) or <https://example.com>.", "See the docs (https://example.com/docs) or https://example.com."},
		{"quote", "> quoted\n> text", "│ quoted text"},
		{"code block", "Run:\n\n```json\n{\"a\":  1}\n```", "Run:\n\n  {\"a\":  1}"},
		{"table", "| key | value |\n|---|---|\n| a | 1 |\n| long key | 2 |", "key      │ value\na        │ 1\nlong key │ 2"},
		{"hard break", "one\\\ntwo", "one\ntwo"},
	} {
		got := ansi.Strip(strings.Join(Lines(c.src, 80, plainStyles), "\n"))
		if got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

// Paragraphs wrap at the width, a styled word is styled on every line it
// is on, and no line holds a hyperlink's escape.
func TestLinesWrapInTheWidth(t *testing.T) {
	t.Parallel()
	src := "The **state of the pull request** as GitHub reports it, with a [link](https://example.com) and `a code span` in the middle of a long sentence."
	lines := Lines(src, 24, boldStyles)
	if len(lines) < 5 {
		t.Fatalf("not wrapped: %q", lines)
	}
	for _, l := range lines {
		if w := ansi.StringWidth(l); w > 24 {
			t.Errorf("%q is %d cells wide", l, w)
		}
		if strings.Contains(l, "\x1b]8") {
			t.Errorf("%q holds a hyperlink", l)
		}
	}
	if !strings.Contains(lines[0], "\x1b[1mstate") || !strings.Contains(lines[1], "\x1b[1m") {
		t.Errorf("bold does not carry onto the next line: %q", lines[:2])
	}
}

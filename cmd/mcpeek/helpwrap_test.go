package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// At 80 columns, help's list items that run past the edge are wrapped:
// under their own column when it leaves room, else on lines of their own;
// escape sequences are kept, other lines pass as they are.
func TestHelpListsWrapToTheTerminal(t *testing.T) {
	t.Parallel()
	long := "    --lock               Serve only the tools whose definitions match this lock file (from `mcpeek snapshot`)"
	wide := "    prompt SERVER.PROMPT [--args JSON|@FILE|-] [--flags]  Get a prompt's messages, with its arguments filled in"
	styled := "    \x1b[1m--deny\x1b[0m               \x1b[2mDeny ops matching GLOB (repeatable); wins over --allow, and this goes on past the edge\x1b[0m"
	var out bytes.Buffer
	ww := &wrapWriter{w: &out, width: 80}
	for _, l := range []string{"  a paragraph line that is long but no item of a list, and so it is left exactly as it is here", long, wide, styled, "    --short  fits"} {
		ww.Write([]byte(l + "\n"))
	}
	ww.Write([]byte("    no newline"))
	ww.Flush()
	got := out.String()
	for _, l := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
		if w := ansi.StringWidth(l); w > 80 && !strings.HasPrefix(l, "  a paragraph") {
			t.Errorf("a line of %d columns: %q", w, l)
		}
	}
	for _, want := range []string{
		"  a paragraph line that is long but no item of a list, and so it is left exactly as it is here\n",
		"    --lock               Serve only the tools whose definitions match this lock\n                         file (from `mcpeek snapshot`)\n",
		"    prompt SERVER.PROMPT [--args JSON|@FILE|-] [--flags]\n        Get a prompt's messages, with its arguments filled in\n",
		"\x1b[1m--deny\x1b[0m",
		"    --short  fits\n    no newline",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the output lacks %q:\n%s", want, got)
		}
	}
	if plain := ansi.Strip(got); !strings.Contains(plain, "wins over --allow,\n                         and this goes on past the edge") {
		t.Errorf("the styled item was not wrapped under its column:\n%s", plain)
	}
}

// A long description's paragraphs are joined into lines, so help wraps
// them to the terminal; paragraphs stay apart.
func TestReflowLong(t *testing.T) {
	t.Parallel()
	root := (&app{}).rootCommand()
	reflowLong(root)
	for _, c := range append(root.Commands(), root) {
		for _, p := range strings.Split(c.Long, "\n\n") {
			if strings.Contains(p, "\n") {
				t.Errorf("%s: a paragraph keeps a line break: %q", c.Name(), p)
			}
		}
	}
}

package main

import (
	"bytes"
	"io"
	"os"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"
)

// minDescription is the fewest columns a description keeps beside its
// command or flag; with less, it goes on lines of its own below.
const minDescription = 30

// descriptionIndent is where a description on lines of its own starts.
const descriptionIndent = 8

// terminalWidth is the width of the terminal f is, or 0 when it is not
// one.
func terminalWidth(f *os.File) int {
	if w, _, err := term.GetSize(f.Fd()); err == nil && w > 0 {
		return w
	}
	return 0
}

// wrapWriter re-wraps, for a terminal narrower than help's layout, the
// lines of its lists (a command or flag, then its description after two
// or more spaces) that run past the edge: the description goes on under
// itself, or on lines of its own when its column leaves it too little
// room. Other lines pass as they are.
type wrapWriter struct {
	w     io.Writer
	width int
	line  []byte // what has come since the last newline
}

func (ww *wrapWriter) Write(p []byte) (int, error) {
	ww.line = append(ww.line, p...)
	for {
		i := bytes.IndexByte(ww.line, '\n')
		if i < 0 {
			return len(p), nil
		}
		if _, err := io.WriteString(ww.w, wrapHelpLine(string(ww.line[:i]), ww.width)+"\n"); err != nil {
			return len(p), err
		}
		ww.line = ww.line[i+1:]
	}
}

// Flush writes what is left after the last newline.
func (ww *wrapWriter) Flush() error {
	if len(ww.line) == 0 {
		return nil
	}
	_, err := io.WriteString(ww.w, wrapHelpLine(string(ww.line), ww.width))
	ww.line = nil
	return err
}

// wrapHelpLine wraps one line of help to width, when it is an item of a
// list ("    KEY  DESCRIPTION") wider than that; escape sequences are kept.
func wrapHelpLine(line string, width int) string {
	plain := ansi.Strip(line)
	if width <= 0 || ansi.StringWidth(strings.TrimRight(plain, " ")) <= width || !strings.HasPrefix(plain, "    ") {
		return line
	}
	gap := strings.Index(plain[4:], "  ")
	if gap < 0 {
		return line
	}
	start := 4 + gap
	for start < len(plain) && plain[start] == ' ' {
		start++
	}
	col := ansi.StringWidth(plain[:start])
	head := ansi.Cut(line, 0, col)
	desc := strings.TrimRight(ansi.Cut(line, col, ansi.StringWidth(line)), " ")
	indent, out := col, head
	if width-col < minDescription {
		indent, out = descriptionIndent, strings.TrimRight(head, " ")+"\n"+strings.Repeat(" ", descriptionIndent)
	}
	parts := strings.Split(wrapWords(desc, width-indent), "\n")
	for i, p := range parts {
		if i > 0 {
			out += "\n" + strings.Repeat(" ", indent)
		}
		out += strings.TrimLeft(p, " ")
	}
	return out
}

// reflowLong joins the lines of each paragraph of the long descriptions
// of cmd and its commands, so that help wraps them to the terminal's
// width rather than breaking a sentence where the source text did.
func reflowLong(cmd *cobra.Command) {
	paragraphs := strings.Split(cmd.Long, "\n\n")
	for i, p := range paragraphs {
		paragraphs[i] = strings.ReplaceAll(p, "\n", " ")
	}
	cmd.Long = strings.Join(paragraphs, "\n\n")
	for _, c := range cmd.Commands() {
		reflowLong(c)
	}
}

// wrapLong wraps the paragraphs of the long descriptions of cmd and its
// commands (joined by reflowLong) to width columns, at spaces only: the
// help's own wrapping also breaks after a hyphen, which cut flags such as
// --store into "--" and "store" at the end of a line.
func wrapLong(cmd *cobra.Command, width int) {
	paragraphs := strings.Split(cmd.Long, "\n\n")
	for i, p := range paragraphs {
		paragraphs[i] = wrapWords(p, width)
	}
	cmd.Long = strings.Join(paragraphs, "\n\n")
	for _, c := range cmd.Commands() {
		wrapLong(c, width)
	}
}

// wrapWords wraps s to width columns at its spaces, never inside a word
// (a word wider than width has a line of its own); escape sequences take
// no room.
func wrapWords(s string, width int) string {
	var b strings.Builder
	col := 0
	for _, word := range strings.Fields(s) {
		w := ansi.StringWidth(word)
		switch {
		case col == 0:
		case col+1+w > width:
			b.WriteByte('\n')
			col = 0
		default:
			b.WriteByte(' ')
			col++
		}
		b.WriteString(word)
		col += w
	}
	return b.String()
}

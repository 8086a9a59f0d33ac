// Package uitext is how the explorer writes text on the screen: widths in
// terminal cells, lines cut or padded to a width, plain text wrapped at
// spaces, counts in words ("1 match", "3 matches"), and a paste made safe
// for an input. The explorer and its subpackages (callform, resultview)
// share it; it knows nothing of them.
//
// It is not named text: a hundred locals in the explorer are.
package uitext

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"mcpeek/model"
)

// Width is ansi.StringWidth, with a fast path for printable ASCII (most
// of what is drawn): one cell per byte.
func Width(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return ansi.StringWidth(s)
		}
	}
	return len(s)
}

// Fit cuts s to width cells (with an ellipsis) and pads it with spaces to
// exactly width.
func Fit(s string, width int) string {
	if width <= 0 {
		return ""
	}
	w := Width(s)
	if w > width {
		s = ansi.Truncate(s, width, "…")
		w = Width(s)
	}
	if w < width {
		s += strings.Repeat(" ", width-w)
	}
	return s
}

// CutMiddle cuts s to at most width cells by taking out its middle (an
// ellipsis in its place), for names that differ at their end
// ("github_pull_requests_list_29" and "..._181" both read
// "github_pull_requests_list…" when cut at the end).
func CutMiddle(s string, width int) string {
	w := Width(s)
	if w <= width {
		return s
	}
	if width <= 1 {
		return ansi.Truncate(s, max(width, 0), "…")
	}
	// The end gets the larger half: it is what tells such names apart.
	tail := width / 2
	end := ansi.TruncateLeft(s, w-tail, "")
	for Width(end) > tail { // a wide rune across the cut
		_, size := utf8.DecodeRuneInString(end)
		end = end[size:]
	}
	head := ansi.Truncate(s, width-1-Width(end), "")
	return head + "…" + end
}

// Wrap wraps plain text to width cells, at spaces where it can, and only
// there: names, flags and dates hold hyphens ("--config FILE",
// "server-everything", "2026-07-28"), which ansi.Wrap would break after.
// A word wider than width is broken where it must.
func Wrap(text string, width int) []string {
	if strings.ContainsRune(text, nbHyphen) {
		return strings.Split(ansi.Wrap(text, max(width, 1), " "), "\n")
	}
	held := strings.ReplaceAll(text, "-", string(nbHyphen))
	return strings.Split(strings.ReplaceAll(ansi.Wrap(held, max(width, 1), " "), string(nbHyphen), "-"), "\n")
}

// nbHyphen, the non-breaking hyphen, holds a hyphen's place (and its one
// cell) while Wrap wraps; a text that has one of its own wraps as
// ansi.Wrap does.
const nbHyphen = '\u2011'

// Plural is n and word, made plural unless n is 1: "1 field", "3 fields",
// "2 matches", "1,223 tools".
func Plural(n int, word string) string {
	switch {
	case n == 1:
		return "1 " + word
	case strings.HasSuffix(word, "ch"), strings.HasSuffix(word, "s"):
		return Thousands(n) + " " + word + "es"
	}
	return Thousands(n) + " " + word + "s"
}

// Thousands writes 47394 as "47,394", as every count in the explorer is
// written.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// Paste makes a bracketed paste safe for an input: line ends of every
// kind become newlines, escape sequences and other control characters go,
// and in a one-line input (oneLine) the newlines and tabs become spaces
// (a trailing line end, which most copies carry, goes).
func Paste(s string, oneLine bool) string {
	s = strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(s)
	s = model.Sanitize(s)
	if oneLine {
		s = strings.TrimRight(s, "\n")
		s = strings.NewReplacer("\n", " ", "\t", " ").Replace(s)
	}
	return s
}

// PadLines makes s exactly height lines, each fit to width.
func PadLines(s string, width, height int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > height {
		lines = lines[:height]
	}
	for len(lines) < height {
		lines = append(lines, "")
	}
	for i, l := range lines {
		lines[i] = Fit(l, width)
	}
	return strings.Join(lines, "\n")
}

// ShellQuote quotes s for a POSIX shell: in single quotes unless it is
// plain.
func ShellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-/") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

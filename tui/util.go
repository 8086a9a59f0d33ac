package tui

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

func itoa(n int) string { return strconv.Itoa(n) }

// fit cuts s to width cells and pads it with spaces to exactly width.
func fit(s string, width int) string {
	if width <= 0 {
		return ""
	}
	w := cells(s)
	if w > width {
		s = ansi.Truncate(s, width, "…")
		w = cells(s)
	}
	if w < width {
		s += strings.Repeat(" ", width-w)
	}
	return s
}

// cells is ansi.StringWidth, with a fast path for printable ASCII (most of
// what is drawn): one cell per byte.
func cells(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return ansi.StringWidth(s)
		}
	}
	return len(s)
}

// padLines makes s exactly height lines, each fit to width.
func padLines(s string, width, height int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > height {
		lines = lines[:height]
	}
	for len(lines) < height {
		lines = append(lines, "")
	}
	for i, l := range lines {
		lines[i] = fit(l, width)
	}
	return strings.Join(lines, "\n")
}

package uitext

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// Seg is a run of text in one style; a line is a few of them.
type Seg struct {
	Text  string
	Style lipgloss.Style
}

// DrawLine writes segs cut to width cells.
func DrawLine(b *strings.Builder, segs []Seg, width int) {
	left := width
	for _, sg := range segs {
		if left <= 0 || sg.Text == "" {
			continue
		}
		t := sg.Text
		if w := Width(t); w > left {
			t = ansi.Truncate(t, left, "…")
			left = 0
		} else {
			left -= w
		}
		b.WriteString(sg.Style.Render(t))
	}
}

// DrawCursorLine writes segs as the cursor's line: one run in the cursor's
// style over the whole width, so that its background is unbroken.
func DrawCursorLine(b *strings.Builder, segs []Seg, width int, cursor lipgloss.Style) {
	if width <= 0 {
		return
	}
	var plain strings.Builder
	for _, sg := range segs {
		plain.WriteString(sg.Text)
	}
	text := ansi.Truncate(plain.String(), width, "…")
	if pad := width - Width(text); pad > 0 {
		text += strings.Repeat(" ", pad)
	}
	b.WriteString(cursor.Render(text))
}

// PadLeft right-aligns s in w cells.
func PadLeft(s string, w int) string {
	if n := w - Width(s); n > 0 {
		return strings.Repeat(" ", n) + s
	}
	return s
}

// PadRight left-aligns s in w cells.
func PadRight(s string, w int) string {
	if n := w - Width(s); n > 0 {
		return s + strings.Repeat(" ", n)
	}
	return s
}

// Compact writes a count in a few cells: 812, 1.2k, 12k, 1.3M.
func Compact(n int) string {
	itoa := strconv.Itoa
	switch {
	case n < 1000:
		return itoa(n)
	case n < 10_000:
		return itoa(n/1000) + "." + itoa(n%1000/100) + "k"
	case n < 1_000_000:
		return itoa(n/1000) + "k"
	}
	return itoa(n/1_000_000) + "." + itoa(n%1_000_000/100_000) + "M"
}

// CutLeft cuts s to width cells from the left, with an ellipsis: the end
// of a name is kept.
func CutLeft(s string, width int) string {
	if over := ansi.StringWidth(s) - width; over > 0 {
		return ansi.TruncateLeft(s, over+1, "…")
	}
	return s
}

// FirstLine is s's first line, without surrounding space.
func FirstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// SegsWidth is the cells segs take, side by side.
func SegsWidth(segs []Seg) int {
	w := 0
	for _, sg := range segs {
		w += Width(sg.Text)
	}
	return w
}

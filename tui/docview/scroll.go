package docview

import (
	"strconv"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"mcpeek/tui/uitext"
)

// Scroller is a document that scrolls.
type Scroller interface {
	// Scroll moves the view by n lines, height lines being shown.
	Scroll(n, height int)
	// Span is the first line shown and the number of lines.
	Span() (top, total int)
	// Rows is how many lines show in height rows of the pane.
	Rows(height int) int
	// Pan moves the view n cells right (left when negative), within the
	// longest line; Left is the first cell shown.
	Pan(n, width int)
	Left() int
}

// Lines is a scrolling document whose lines can be read as plain text:
// the search looks through them.
type Lines interface {
	Scroller
	// LineText is the plain text of line i.
	LineText(i int) string
}

// PanStep is how far ← and → move a document sideways.
const PanStep = 8

// Panned cuts a drawn line to the cells [left, left+width): "…" marks a
// cut on either side, so no line is cut silently.
func Panned(line string, left, width int) string {
	if left > 0 {
		if uitext.Width(line) <= left {
			return ""
		}
		line = ansi.TruncateLeft(line, left+1, "…")
	}
	return uitext.Fit(line, width)
}

// Keys are the bindings that move a document; the explorer declares them
// with its other keys and hands them in.
type Keys struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
	// Left and Right pan the document sideways.
	Left, Right key.Binding
}

// Key moves a scrolling document by a movement key, in a pane height
// rows tall.
func Key(msg tea.KeyPressMsg, k Keys, d Scroller, height int) {
	_, total := d.Span()
	page := d.Rows(height)
	switch {
	case key.Matches(msg, k.Down):
		d.Scroll(1, height)
	case key.Matches(msg, k.Up):
		d.Scroll(-1, height)
	case key.Matches(msg, k.PageDown):
		d.Scroll(page, height)
	case key.Matches(msg, k.PageUp):
		d.Scroll(-page, height)
	case key.Matches(msg, k.Top):
		d.Scroll(-total, height)
	case key.Matches(msg, k.Bottom):
		d.Scroll(total, height)
	case key.Matches(msg, k.Left):
		d.Pan(-PanStep, 0)
	case key.Matches(msg, k.Right):
		d.Pan(PanStep, 0)
	}
}

// Where says which lines of a document are on screen ("lines 1–20 of
// 96"), for the status bar.
func Where(d Scroller, height int) string {
	top, total := d.Span()
	end := min(top+d.Rows(height), total)
	text := "lines " + strconv.Itoa(min(top+1, total)) + "–" + strconv.Itoa(end) + " of " + strconv.Itoa(total)
	if l := d.Left(); l > 0 {
		text += " · from column " + strconv.Itoa(l+1)
	}
	return text
}

package dialog

import (
	"mcpeek/tui/kit"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// scrollLines is the text of a dialog that scrolls a line or a page at a
// time, and the part of it on screen.
type scrollLines struct {
	lines []string
	top   int
	rows  int // lines shown at the last render
}

// scroll moves by the key's line, page or end, within the text.
func (d *scrollLines) scroll(msg tea.KeyPressMsg, k *kit.KeyMap) {
	page := max(d.rows, 1)
	switch {
	case key.Matches(msg, k.Down):
		d.top++
	case key.Matches(msg, k.Up):
		d.top--
	case key.Matches(msg, k.PageDown):
		d.top += page
	case key.Matches(msg, k.PageUp):
		d.top -= page
	case key.Matches(msg, k.Top):
		d.top = 0
	case key.Matches(msg, k.Bottom):
		d.top = len(d.lines)
	}
	d.top = min(max(d.top, 0), max(len(d.lines)-page, 0))
}

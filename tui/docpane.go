package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// scroller is a document that scrolls: the raw definition, the planner's
// JSON, the comparison, a traffic call.
type scroller interface {
	// scroll moves the view by n lines, height lines being shown.
	scroll(n, height int)
	// span is the first line shown and the number of lines.
	span() (top, total int)
	// rows is how many lines show in height rows of the pane.
	rows(height int) int
	// pan moves the view n cells right (left when negative), within the
	// longest line; left is the first cell shown.
	pan(n, width int)
	left() int
}

// panStep is how far ← and → move a document sideways.
const panStep = 8

// panned cuts a drawn line to the cells [left, left+width): "…" marks a
// cut on either side, so no line is cut silently.
func panned(line string, left, width int) string {
	if left > 0 {
		if cells(line) <= left {
			return ""
		}
		line = ansi.TruncateLeft(line, left+1, "…")
	}
	return fit(line, width)
}

// docPane is what the views that are documents (raw, planner, compare)
// share: keys and the wheel scroll the document, the status bar counts
// its lines, a click does nothing. doc is nil until the view has built
// it; each view embeds one.
type docPane struct {
	doc           scroller
	width, height int
	search        docSearch
}

func (p *docPane) resize(width, height int) {
	p.width, p.height = width, height
	if p.doc != nil {
		p.doc.scroll(0, height)
	}
}

func (p *docPane) key(msg tea.KeyPressMsg, k *keyMap) action {
	if p.doc != nil {
		scrollKey(msg, k, p.doc, p.height)
	}
	return nil
}

func (p *docPane) scroll(n int) {
	if p.doc != nil {
		p.doc.scroll(n, p.height)
	}
}

func (p *docPane) click(int) action { return nil }

func (p *docPane) where(s *Styles) string {
	if p.doc == nil {
		return ""
	}
	return linesText(s, p.doc, p.height)
}

// scrollKey moves a scrolling document by a movement key, in a pane
// height rows tall.
func scrollKey(msg tea.KeyPressMsg, k *keyMap, d scroller, height int) {
	_, total := d.span()
	page := d.rows(height)
	switch {
	case key.Matches(msg, k.Down):
		d.scroll(1, height)
	case key.Matches(msg, k.Up):
		d.scroll(-1, height)
	case key.Matches(msg, k.PageDown):
		d.scroll(page, height)
	case key.Matches(msg, k.PageUp):
		d.scroll(-page, height)
	case key.Matches(msg, k.Top):
		d.scroll(-total, height)
	case key.Matches(msg, k.Bottom):
		d.scroll(total, height)
	case key.Matches(msg, k.Fold):
		d.pan(-panStep, 0)
	case key.Matches(msg, k.Unfold):
		d.pan(panStep, 0)
	}
}

// linesText says which lines of a document are on screen.
func linesText(s *Styles, d scroller, height int) string {
	top, total := d.span()
	end := min(top+d.rows(height), total)
	text := "lines " + itoa(min(top+1, total)) + "–" + itoa(end) + " of " + itoa(total)
	if l := d.left(); l > 0 {
		text += " · from column " + itoa(l+1)
	}
	return s.Dim.Render(text)
}

package toolview

import (
	tea "charm.land/bubbletea/v2"

	"mcpeek/tui/docview"
	"mcpeek/tui/kit"
)

// docPane is what the views that are documents (raw, planner, compare)
// share: keys and the wheel scroll the document, the status bar counts
// its lines, a click does nothing. doc is nil until the view has built
// it; each view embeds one.
type docPane struct {
	doc           docview.Scroller
	width, height int
	search        docview.Search
}

func (p *docPane) Resize(width, height int) {
	p.width, p.height = width, height
	if p.doc != nil {
		p.doc.Scroll(0, height)
	}
}

func (p *docPane) Key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
	if p.doc != nil {
		scrollKey(msg, k, p.doc, p.height)
	}
	return nil
}

func (p *docPane) Scroll(n int) {
	if p.doc != nil {
		p.doc.Scroll(n, p.height)
	}
}

func (p *docPane) Click(int) kit.Action { return nil }

func (p *docPane) Where(s *kit.Styles) string {
	if p.doc == nil {
		return ""
	}
	return linesText(s, p.doc, p.height)
}

// scrollKey moves a scrolling document by a movement key, in a pane
// height rows tall.
func scrollKey(msg tea.KeyPressMsg, k *kit.KeyMap, d docview.Scroller, height int) {
	docview.Key(msg, k.DocKeys(), d, height)
}

// linesText says which lines of a document are on screen.
func linesText(s *kit.Styles, d docview.Scroller, height int) string {
	return s.Dim.Render(docview.Where(d, height))
}

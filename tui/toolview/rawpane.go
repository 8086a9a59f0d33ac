package toolview

import (
	"strings"

	"charm.land/bubbles/v2/key"

	"mcpeek/tui/docview"
	"mcpeek/tui/kit"
)

// rawPane is the raw view: the tool's definition as the server sent it,
// pretty-printed and coloured.
type rawPane struct {
	docPane
	raw *docview.JSON
}

func newRawPane(v *View) kit.ToolPane {
	raw := v.Tool.Raw
	if len(raw) == 0 {
		raw = []byte("null")
	}
	d := docview.NewJSON(raw)
	return &rawPane{docPane: docPane{doc: d}, raw: d}
}

func (p *rawPane) Headline() string {
	return strings.TrimSpace(plural(p.raw.Len(), "line") + " of raw definition")
}

func (p *rawPane) Render(f kit.Frame) string { return p.raw.Render(&f.Styles.JSON, p.width, p.height) }

func (p *rawPane) Restyle() { p.raw.Restyle() }

func (p *rawPane) Help(k *kit.KeyMap) []key.Binding {
	return []key.Binding{k.Down, k.Pan, k.Filter, k.PageDown, k.Pane, k.View, k.Help, k.Quit}
}

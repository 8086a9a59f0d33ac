package toolview

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/kit"
)

// TreePane is what the views that are trees (summary, schema) share: the
// movement and fold keys, the search and copy keys, the mouse, and the
// path under the cursor in the status bar. Each view embeds one.
type TreePane struct {
	t      *schematree.Tree
	id     string // the tool's sanitised id, before the path in the bar
	width  int
	height int                              // the pane's rows, the call's header included
	layer  *callLayer                       // the tool's checked call, drawn over the tree
	costs  map[*schematree.Node]subtreeCost // badges of folded lines, if any
	origin *schematree.Node                 // where the search began
}

func (p *TreePane) Tree() *schematree.Tree { return p.t }

func (p *TreePane) Render(f kit.Frame) string {
	tv := treeView{styles: f.Styles, width: p.width, focused: f.Focused, showDesc: f.ShowDesc, costs: p.costs, layer: p.layer}
	if p.layer.shown() {
		return p.layer.header(f.Styles, p.width) + "\n" + tv.render(p.t)
	}
	return tv.render(p.t)
}

func (p *TreePane) Resize(width, height int) {
	p.width, p.height = width, height
	p.t.SetHeight(max(height-p.layer.headerRows(), 1))
}

// relayer gives the tree its rows again when the call's header comes or
// goes.
func (p *TreePane) relayer() {
	if p.height > 0 {
		p.Resize(p.width, p.height)
	}
}

func (p *TreePane) Key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
	t := p.t
	switch {
	case key.Matches(msg, k.Down):
		t.Down(1)
	case key.Matches(msg, k.Up):
		t.Up(1)
	case key.Matches(msg, k.PageDown):
		t.Down(t.Height())
	case key.Matches(msg, k.PageUp):
		t.Up(t.Height())
	case key.Matches(msg, k.Top):
		t.Top()
	case key.Matches(msg, k.Bottom):
		t.Bottom()
	case key.Matches(msg, k.Fold):
		t.Left()
	case key.Matches(msg, k.Unfold):
		t.Right()
	case key.Matches(msg, k.Toggle):
		t.Toggle(t.Cursor())
	case key.Matches(msg, k.FoldAll):
		t.CollapseBelow(t.Cursor())
	case key.Matches(msg, k.UnfoldAll):
		if c := t.Cursor(); c != nil {
			return kit.Unfold{U: t.Unfold(c, -1)}
		}
	case key.Matches(msg, k.ExpandAll):
		return kit.Unfold{U: t.Unfold(nil, -1)}
	case key.Matches(msg, k.CollapseAll):
		t.CollapseAll()
	case key.Matches(msg, k.Depth):
		return kit.Unfold{U: t.Unfold(nil, int(msg.Code-'0'))}
	case key.Matches(msg, k.NextSibling):
		t.NextSibling()
	case key.Matches(msg, k.PrevSibling):
		t.PrevSibling()
	case key.Matches(msg, k.Copy):
		return kit.StartCopy{}
	case key.Matches(msg, k.Details):
		return kit.OpenDetails{}
	}
	return nil
}

// ExpandLimited says an unfold stopped at the tree's limit.
var ExpandLimited = kit.ShowStatus{Text: "stopped unfolding: the tree holds its most, " + thousands(schematree.ExpandLimit) + " lines", IsErr: true}

func (p *TreePane) Scroll(n int) { p.t.Scroll(n) }

// Click selects the line clicked; a Click on the selected line folds or
// unfolds it.
func (p *TreePane) Click(row int) kit.Action {
	if row -= p.layer.headerRows(); row < 0 {
		return nil
	}
	before := p.t.Cursor()
	if p.t.Select(row) && p.t.Cursor() == before {
		p.t.Toggle(before)
	}
	return nil
}

// Where is the path under the cursor, after the tool's id.
func (p *TreePane) Where(s *kit.Styles) string {
	c := p.t.Cursor()
	if c == nil {
		return ""
	}
	path := c.Path.String()
	if c.Kind == schematree.KindMore {
		path = fieldpath.Join(path, "*")
	}
	if path == "" {
		path = "(root)"
	}
	return s.Dim.Render(p.id+" › ") + s.PathBar.Render(model.SanitizeLine(path))
}

func (p *TreePane) Help(k *kit.KeyMap) []key.Binding { return k.TreeHelp() }

// NewTreePane is a pane that shows t, its paths in the status bar after
// id (a server's offer, a task's result).
func NewTreePane(t *schematree.Tree, id string) *TreePane { return &TreePane{t: t, id: id} }

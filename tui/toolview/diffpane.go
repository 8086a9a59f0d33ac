package toolview

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
	"mcpeek/summarizer/schemadiff"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/docview"
	"mcpeek/tui/kit"
)

// diffWide is the pane's width from which the diff view puts the old and
// new trees side by side; narrower, it stacks them.
const diffWide = 100

// diffPane is the diff view: what changed in the tool since the lock file
// (or since it was first listed in this run), as a list of changes over
// the old and new schema trees, each changed field marked on both. The
// cursor is in the list; both trees follow it to the change's field.
type diffPane struct {
	v             *View
	width, height int
	// gen is the marking the view was built from, 0 for none yet.
	gen      int
	mark     Mark
	base     *Baseline
	old, new *diffTree // nil until built off the UI loop
	pending  ticket
	cursor   int // in the change list
	top      int // the first change shown
	origin   int // where a search began
}

func newDiffPane(v *View) kit.ToolPane { return &diffPane{v: v} }

// diffTree is one version's schema tree and the classes of the changes to
// mark on it, by section ("input", "output") and path as the tree writes
// it.
type diffTree struct {
	t     *schematree.Tree
	marks map[fieldpath.Key]schemadiff.Class
	env   bool // its output is an envelope: paths under data
}

// diffBuiltMsg: the old and new trees of a tool's diff were built.
type diffBuiltMsg struct {
	tool     string
	ticket   ticket
	old, new *diffTree
}

func (p *diffPane) Headline() string {
	switch {
	case p.gen == 0:
		return "changes: comparing…"
	case len(p.mark.Changes) == 0 && p.unlistedServer():
		return "changes: not in the lock file"
	case len(p.mark.Changes) == 0 && p.mark.Added && p.base != nil:
		return "added since " + model.SanitizeLine(p.base.Name)
	case len(p.mark.Changes) == 0:
		return "changes: none"
	}
	return "changes since " + p.against() + ": " + ChangeCounts(p.mark.Changes)
}

// against names what the changes are since.
func (p *diffPane) against() string {
	if p.mark.SinceStart || p.base == nil {
		return "first listed"
	}
	return model.SanitizeLine(p.base.Name)
}

// sync takes the latest marks of the tool and, when it changed, builds
// the two trees off the UI loop: each version parsed on its own, so that
// the command shares no schema with the other views.
func (p *diffPane) Sync(e Env) tea.Cmd {
	cs := e.Changes
	if cs == nil || p.gen == cs.Gen() {
		return nil
	}
	k, ok := cs.MarkOf(p.v.Tool.ID().String(), p.v.Tool.Raw)
	if !ok {
		return nil
	}
	same := p.gen != 0 && cs.Base() == p.base && string(k.Raw) == string(p.mark.Raw) && k.SinceStart == p.mark.SinceStart &&
		string(k.Old.Raw) == string(p.mark.Old.Raw)
	p.gen, p.mark, p.base = cs.Gen(), k, cs.Base()
	if same {
		return nil // the same comparison: keep the trees and the cursor
	}
	p.old, p.new, p.cursor, p.top = nil, nil, 0, 0
	if len(k.Changes) == 0 {
		p.pending = 0
		return nil
	}
	p.pending = e.Tickets.Next()
	id, t, oldTool, newTool, changes := p.v.Tool.ID().String(), p.pending, k.Old, p.v.Tool, k.Changes
	return func() tea.Msg {
		o, n := model.ParseTool(oldTool), model.ParseTool(newTool)
		both := enveloped(o.Out) && enveloped(n.Out)
		return diffBuiltMsg{tool: id, ticket: t, old: newDiffTree(o, both, changes), new: newDiffTree(n, both, changes)}
	}
}

func enveloped(s *model.Schema) bool {
	if s == nil {
		return false
	}
	_, ok := s.DataRoot()
	return ok
}

// newDiffTree builds a version's tree with the changes marked on it. The
// changes' output paths start inside the envelope when both versions are
// envelopes; the tree's start at the envelope.
func newDiffTree(pt model.ParsedTool, bothEnveloped bool, changes []schemadiff.Change) *diffTree {
	d := &diffTree{t: schematree.NewSchema(pt.Out, pt.In, "", ""), marks: map[fieldpath.Key]schemadiff.Class{}, env: bothEnveloped}
	for _, c := range changes {
		path, ok := d.place(c)
		if !ok {
			continue
		}
		d.marks[path.Key()] = max(d.marks[path.Key()], c.Class)
	}
	return d
}

// place is where a change shows on the tree: its path as the tree's lines
// have it (inside the envelope's data, which the tree shows); false for a
// change to the tool's words.
func (d *diffTree) place(c schemadiff.Change) (fieldpath.Path, bool) {
	switch p := c.Path; p.Side() {
	case fieldpath.Input:
		return p, true
	case fieldpath.Output:
		if d.env {
			return p.Within("data"), true
		}
		return p, true
	}
	return fieldpath.Path{}, false
}

// markOf is the class marked on a tree line, 0 for none. A section's line
// stands for its schema's root, arrays and all.
func (d *diffTree) markOf(n *schematree.Node) schemadiff.Class {
	if n.Kind == schematree.KindSection {
		return d.marks[fieldpath.Root(n.Path.Side()).Key()]
	}
	return d.marks[n.Path.Key()]
}

// jump shows the line of change c, or the nearest line above it (a field
// removed is on the old tree only).
func (d *diffTree) jump(c schemadiff.Change) {
	path, ok := d.place(c)
	if !ok {
		return
	}
	for ; !path.IsRoot(); path = path.Parent() {
		if _, ok := d.t.JumpTo(path); ok {
			return
		}
	}
	for n := d.t.First(); n != nil; n = n.After() {
		if n.Kind == schematree.KindSection && n.Path.Side() == path.Side() {
			d.t.Jump(n)
			return
		}
	}
}

// land installs the trees the tool's diff view still waits for.
func (msg diffBuiltMsg) Land(views map[string]*View) {
	p, ok := PaneOf[*diffPane](views[msg.tool])
	if !ok || stale(msg.ticket, p.pending) {
		return
	}
	p.pending, p.old, p.new = 0, msg.old, msg.new
	p.Resize(p.width, p.height)
	p.follow()
}

// follow moves both trees to the change under the cursor.
func (p *diffPane) follow() {
	if p.cursor >= len(p.mark.Changes) {
		return
	}
	for _, d := range []*diffTree{p.old, p.new} {
		if d != nil {
			d.jump(p.mark.Changes[p.cursor])
		}
	}
}

// listRows is how many rows the change list takes.
func (p *diffPane) listRows() int {
	return min(len(p.mark.Changes), max(2, p.height/3))
}

// treeRows is the height of each tree: side by side they share the rows
// under the list and a heading; stacked, each has half and a heading.
func (p *diffPane) treeRows() int {
	rest := p.height - p.listRows()
	if p.width >= diffWide {
		return max(rest-1, 1)
	}
	return max((rest-2)/2, 1)
}

func (p *diffPane) Resize(width, height int) {
	p.width, p.height = width, height
	if p.old != nil {
		p.old.t.SetHeight(p.treeRows())
	}
	if p.new != nil {
		p.new.t.SetHeight(p.newRows())
	}
	p.clampTop()
}

// newRows is the new tree's height: stacked, it takes the rows the old
// one leaves.
func (p *diffPane) newRows() int {
	if p.width >= diffWide {
		return p.treeRows()
	}
	return max(p.height-p.listRows()-2-p.treeRows(), 1)
}

func (p *diffPane) clampTop() {
	rows := p.listRows()
	if p.cursor < p.top {
		p.top = p.cursor
	}
	if rows > 0 && p.cursor >= p.top+rows {
		p.top = p.cursor - rows + 1
	}
	p.top = min(max(p.top, 0), max(len(p.mark.Changes)-rows, 0))
}

// move puts the cursor n changes further and the trees on its field.
func (p *diffPane) move(n int) {
	if len(p.mark.Changes) == 0 {
		return
	}
	p.cursor = min(max(p.cursor+n, 0), len(p.mark.Changes)-1)
	p.clampTop()
	p.follow()
}

func (p *diffPane) Key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
	page := max(p.listRows(), 1)
	switch {
	case key.Matches(msg, k.Down):
		p.move(1)
	case key.Matches(msg, k.Up):
		p.move(-1)
	case key.Matches(msg, k.PageDown):
		p.move(page)
	case key.Matches(msg, k.PageUp):
		p.move(-page)
	case key.Matches(msg, k.Top):
		p.move(-len(p.mark.Changes))
	case key.Matches(msg, k.Bottom):
		p.move(len(p.mark.Changes))
	}
	return nil
}

func (p *diffPane) Scroll(n int) { p.move(n) }

// Click selects the change clicked.
func (p *diffPane) Click(row int) kit.Action {
	if row >= 0 && row < p.listRows() {
		p.move(p.top + row - p.cursor)
	}
	return nil
}

func (p *diffPane) Where(s *kit.Styles) string {
	if len(p.mark.Changes) == 0 {
		return ""
	}
	return s.Dim.Render("change " + itoa(p.cursor+1) + " of " + itoa(len(p.mark.Changes)))
}

func (p *diffPane) Help(k *kit.KeyMap) []key.Binding {
	return []key.Binding{k.Down, k.Filter, k.Leave, k.View, k.Pane, k.Help, k.Quit}
}

// The search looks through the changes' lines.

func (p *diffPane) MarkSearch()   { p.origin = p.cursor }
func (p *diffPane) UnmarkSearch() { p.move(p.origin - p.cursor) }
func (p *diffPane) Find(q string, dir int) (int, int, bool) {
	q = docview.FoldQuery(q)
	if q == "" {
		return 0, 0, false
	}
	ref := p.cursor
	if dir == 0 {
		ref = p.origin
	}
	var hits []int
	refAt := -1
	for i, c := range p.mark.Changes {
		if refAt < 0 && i >= ref {
			refAt = len(hits)
		}
		if docview.ContainsFold(changeText(c), q) {
			hits = append(hits, i)
		}
	}
	if len(hits) == 0 {
		return 0, 0, false
	}
	if refAt < 0 {
		refAt = len(hits)
	}
	i := docview.Pick(hits, refAt, ref, dir)
	p.move(hits[i] - p.cursor)
	return i + 1, len(hits), false
}

// changeText is a change's line as plain text: kind, where, detail.
func changeText(c schemadiff.Change) string {
	return string(c.Kind) + " " + c.Where() + " — " + c.Detail
}

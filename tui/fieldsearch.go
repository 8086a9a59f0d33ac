package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
	"mcpeek/summarizer/search"
	"mcpeek/tui/kit"
	"mcpeek/tui/toolview"
	"mcpeek/tui/uitext"
)

// The field search: f, from the tools pane, opens a dialog that finds a
// field in every tool of every server ("which tools return
// customer.email", "which take an order_id"), ranked as the filter ranks
// tools; enter shows the field in its tool's schema view. The index of
// every schema's fields (package search) is built once per snapshot of
// the servers, off the UI loop; a keystroke then costs one pass over
// lower-cased names.

// fieldHitsShown bounds the hits a keystroke lists.
const fieldHitsShown = 500

// fieldIndex is the index of the servers' fields, for one snapshot.
type fieldIndex struct {
	snapshot ticket        // the snapshot it was built from
	index    *search.Index // nil until built
	building ticket        // the build under way, 0 for none
	// offers are the rows the offers' ids in the index lead to, and
	// offerCount how many offers the servers' lists held (offerfields.go).
	offers     map[string]toolKey
	offerCount int
}

// fieldIndexedMsg: the fields of a snapshot's tools were indexed.
type fieldIndexedMsg struct {
	ticket, snapshot ticket
	index            *search.Index
	offers           map[string]toolKey
	offerCount       int
}

// openFieldSearch opens the dialog, and indexes the fields unless the
// index is of the snapshot shown.
func (m *Model) openFieldSearch() tea.Cmd {
	d := newFieldDialog(&m.styles)
	m.dialogs.open(d)
	return m.indexFields(d)
}

// reindexFields indexes the fields again for the field search when it is
// open and the servers were listed again: opened while a server
// connected, it said "0 fields in 0 tools" and "no field matches" for
// good. The old index answers until the new one comes.
func (m *Model) reindexFields() tea.Cmd {
	for _, d := range m.dialogs.stack {
		if d, ok := d.(*fieldDialog); ok {
			return m.indexFields(d)
		}
	}
	return nil
}

// indexFields gives d the index of the servers' fields: the one kept when
// it is of the servers shown, else one built off the UI loop.
func (m *Model) indexFields(d *fieldDialog) tea.Cmd {
	f := &m.fields
	lists, count := m.offerListsOf()
	if f.index != nil && f.snapshot == m.snapshots.applied && f.offerCount == count {
		d.setIndex(f.index)
		return nil
	}
	f.building = m.tickets.next()
	var tools []model.Tool
	for _, s := range m.servers {
		tools = append(tools, s.Tools...)
	}
	d.indexing = len(tools)
	t, snap := f.building, m.snapshots.applied
	return func() tea.Msg {
		more, keys := offerTools(lists)
		return fieldIndexedMsg{ticket: t, snapshot: snap, index: search.NewIndex(append(tools, more...)), offers: keys, offerCount: count}
	}
}

// fieldsIndexed keeps the index and hands it to the dialog if open.
func (m *Model) fieldsIndexed(msg fieldIndexedMsg) {
	f := &m.fields
	if stale(msg.ticket, f.building) {
		return
	}
	*f = fieldIndex{snapshot: msg.snapshot, index: msg.index, offers: msg.offers, offerCount: msg.offerCount}
	for _, d := range m.dialogs.stack {
		if d, ok := d.(*fieldDialog); ok {
			d.setIndex(msg.index)
		}
	}
}

// fieldDialog is the field search over the screen: a query, the side it
// looks at (tab: both, output, input) and the hits.
type fieldDialog struct {
	input    textinput.Model
	index    *search.Index
	indexing int // tools being indexed, while index is nil
	side     search.Side
	hits     []search.Hit
	cursor   int
	top      int
	rows     int // hits shown at the last render
}

func newFieldDialog(s *kit.Styles) *fieldDialog {
	in := textinput.New()
	in.Prompt = "field: "
	in.SetStyles(s.Input)
	in.Focus()
	return &fieldDialog{input: in, side: search.Both}
}

func (d *fieldDialog) setIndex(ix *search.Index) {
	d.index = ix
	d.refresh()
}

// refresh runs the query again.
func (d *fieldDialog) refresh() {
	d.hits, d.cursor, d.top = nil, 0, 0
	if d.index != nil {
		d.hits = d.index.Search(d.input.Value(), d.side, fieldHitsShown)
	}
}

func (d *fieldDialog) key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
	switch {
	case key.Matches(msg, k.Cancel):
		return kit.CloseDialog{}
	case key.Matches(msg, k.Accept):
		if d.cursor < len(d.hits) {
			return kit.JumpToField{Hit: d.hits[d.cursor]}
		}
		return nil
	case k.ListStep(msg, d.rows) != 0:
		d.move(k.ListStep(msg, d.rows))
		return nil
	case key.Matches(msg, k.Side):
		switch d.side {
		case search.Both:
			d.side = search.Output
		case search.Output:
			d.side = search.Input
		default:
			d.side = search.Both
		}
		d.refresh()
		return nil
	}
	before := d.input.Value()
	var cmd tea.Cmd
	d.input, cmd = d.input.Update(msg)
	if d.input.Value() != before {
		d.refresh()
	}
	if cmd != nil {
		return cmd
	}
	return nil
}

// paste takes a paste as one edit of the query.
func (d *fieldDialog) paste(text string) kit.Action {
	before := d.input.Value()
	var cmd tea.Cmd
	d.input, cmd = d.input.Update(tea.PasteMsg{Content: uitext.Paste(text, true)})
	if d.input.Value() != before {
		d.refresh()
	}
	return cmd
}

func (d *fieldDialog) move(n int) {
	d.cursor = min(max(d.cursor+n, 0), max(len(d.hits)-1, 0))
}

// render draws a box most of the screen wide: the query, the hits as
// tool, side, path and type, the selected one in the cursor style.
func (d *fieldDialog) render(s *kit.Styles, width, height int) string {
	w := max(min(width-4, 120), 20)
	inner := w - 4
	d.rows = max(height-10, 1)
	if d.cursor < d.top {
		d.top = d.cursor
	}
	if d.cursor >= d.top+d.rows {
		d.top = d.cursor - d.rows + 1
	}
	d.input.SetWidth(max(inner-len(d.input.Prompt)-1, 1))
	head := s.PaneTitleFocus.Render("Find a field in every tool") + s.Dim.Render("  in "+d.side.String()+" (tab)")
	lines := []string{head, d.input.View(), ""}
	switch {
	case d.index == nil:
		lines = append(lines, s.Dim.Render("indexing the fields of "+plural(d.indexing, "tool")+"…"))
	case strings.TrimSpace(d.input.Value()) == "":
		lines = append(lines, s.Dim.Render("type a field's name (email) or a path (customer.email); "+
			thousands(d.index.Fields())+" fields in "+plural(d.index.Tools(), "tool")))
	case len(d.hits) == 0:
		lines = append(lines, s.Dim.Render("no field matches"))
	default:
		// The tool's column takes what its longest id wants, as long as
		// the longest path and type keep theirs; else a third of the box.
		toolW, pathW := 0, 0
		for _, h := range d.hits[d.top:min(d.top+d.rows, len(d.hits))] {
			toolW = max(toolW, ansi.StringWidth(model.SanitizeLine(h.ToolID)))
			pathW = max(pathW, ansi.StringWidth(model.SanitizeLine(h.Path))+2+ansi.StringWidth(h.Type))
		}
		toolW = min(toolW, max(inner/3, inner-2-6-2-pathW))
		for i := d.top; i < len(d.hits) && i < d.top+d.rows; i++ {
			h := d.hits[i]
			segs := []seg{
				{Text: fit(model.SanitizeLine(h.ToolID), toolW) + "  ", Style: s.Tool},
				{Text: padRight(h.In, 6) + "  ", Style: s.Dim},
				{Text: model.SanitizeLine(h.Path), Style: s.Name},
				{Text: ": ", Style: s.Dim},
				{Text: h.Type, Style: s.Type(h.Type)},
			}
			var b strings.Builder
			toolview.RenderLine(s, &b, segs, inner, i == d.cursor, true)
			lines = append(lines, b.String())
		}
		count := len(d.hits)
		more := ""
		if count == fieldHitsShown {
			more = "+"
		}
		lines = append(lines, "", s.Dim.Render(itoa(d.cursor+1)+"/"+itoa(count)+more+" · enter shows it in the schema view"))
	}
	return s.Dialog.Width(w).Render(strings.Join(lines, "\n"))
}

func (d *fieldDialog) help(k *kit.KeyMap) []key.Binding {
	return []key.Binding{k.ResultDown, k.Accept, k.Side, k.Cancel}
}

// jumpTo selects the hit's tool (clearing a filter that hides it) and
// shows the field in its schema view, now or once its views are built.
func (m *Model) jumpTo(h search.Hit) tea.Cmd {
	if k, ok := m.fields.offers[h.ToolID]; ok {
		return m.jumpToOffer(h, k)
	}
	server, tool, _ := strings.Cut(h.ToolID, ".")
	k := toolKey{server: server, tool: tool}
	if !m.tools.selectKey(m.servers, k) {
		m.tools.setFilter("", m.servers, m.info)
		delete(m.tools.folded, server)
		m.tools.rebuild(m.servers, m.info)
		if !m.tools.selectKey(m.servers, k) {
			return m.setStatus(h.ToolID+" is gone", true)
		}
	}
	m.jump = &h
	cmd := m.showSelected()
	m.landJump()
	return cmd
}

// landJump opens the field chosen in the field search, once the view of
// its tool is the one shown.
func (m *Model) landJump() {
	h, v := m.jump, m.current
	if h == nil || v == nil || v.Tool.ID() != h.ToolID {
		return
	}
	m.jump = nil
	m.view, m.focus = viewByName("schema"), focusView
	m.sizePanes()
	p, ok := toolview.PaneOf[*toolview.SchemaPane](v)
	if !ok {
		return
	}
	path := h.Field
	if path.Side() == fieldpath.Output && v.Enveloped {
		path = path.Within("data") // the schema view starts at the envelope
	}
	if _, ok := p.Tree().JumpTo(path); !ok {
		m.status = statusLine{text: "no line " + model.SanitizeLine(h.Path) + " in " + h.In, isErr: true}
	}
}

// viewByName is the view the tab line calls name.
func viewByName(name string) toolview.Kind {
	for i, v := range toolview.Views {
		if v.Name == name {
			return toolview.Kind(i)
		}
	}
	return 0
}

// showField shows a field of the current tool's output in its schema
// view: the line at path, or the nearest line above it when it has none
// (a path the validator wrote, which knows no union alternatives).
func (m *Model) showField(path string, envelope bool) tea.Cmd {
	v := m.current
	p, ok := toolview.PaneOf[*toolview.SchemaPane](v)
	if !ok {
		return nil
	}
	m.view, m.focus = viewByName("schema"), focusView
	m.sizePanes()
	at, err := fieldpath.Parse(path, fieldpath.Output)
	if err != nil {
		return m.setStatus("no line "+model.SanitizeLine(path)+" in the output schema", true)
	}
	if v.Enveloped && !envelope {
		at = at.Within("data") // the schema view starts at the envelope; the check inside its data
	}
	for ; ; at = at.Parent() {
		if _, ok := p.Tree().JumpTo(at); ok {
			return nil
		}
		if at.IsRoot() {
			return m.setStatus("no line "+model.SanitizeLine(path)+" in the output schema", true)
		}
	}
}

package tui

import (
	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
	"mcpeek/summarizer/search"
	"mcpeek/tui/dialog"
	"mcpeek/tui/toollist"
	"mcpeek/tui/toolview"
)

// The field search: f, from the tools pane, opens a dialog that finds a
// field in every tool of every server ("which tools return
// customer.email", "which take an order_id"), ranked as the filter ranks
// tools; enter shows the field in its tool's schema view. The index of
// every schema's fields (package search) is built once per snapshot of
// the servers, off the UI loop; a keystroke then costs one pass over
// lower-cased names.

// fieldIndex is the index of the servers' fields, for one snapshot.
type fieldIndex struct {
	snapshot ticket        // the snapshot it was built from
	index    *search.Index // nil until built
	building ticket        // the build under way, 0 for none
	// offers are the rows the offers' ids in the index lead to, and
	// offerCount how many offers the servers' lists held (offerfields.go).
	offers     map[string]toollist.Key
	offerCount int
	// jump is a field the search chose, shown once its tool's views are
	// built.
	jump *search.Hit
}

// fieldIndexedMsg: the fields of a snapshot's tools were indexed.
type fieldIndexedMsg struct {
	ticket, snapshot ticket
	index            *search.Index
	offers           map[string]toollist.Key
	offerCount       int
}

// openFieldSearch opens the dialog, and indexes the fields unless the
// index is of the snapshot shown.
func (m *Model) openFieldSearch() tea.Cmd {
	d := dialog.NewFieldSearch(&m.styles)
	m.dialogs.Open(d)
	return m.indexFields(d)
}

// reindexFields indexes the fields again for the field search when it is
// open and the servers were listed again: opened while a server
// connected, it said "0 fields in 0 tools" and "no field matches" for
// good. The old index answers until the new one comes.
func (m *Model) reindexFields() tea.Cmd {
	if d, ok := dialog.Find[*dialog.FieldSearch](&m.dialogs); ok {
		return m.indexFields(d)
	}
	return nil
}

// indexFields gives d the index of the servers' fields: the one kept when
// it is of the servers shown, else one built off the UI loop.
func (m *Model) indexFields(d *dialog.FieldSearch) tea.Cmd {
	f := &m.fields
	lists, count := m.offerListsOf()
	if f.index != nil && f.snapshot == m.fleet.snapshots.applied && f.offerCount == count {
		d.SetIndex(f.index)
		return nil
	}
	f.building = m.tickets.next()
	var tools []model.Tool
	for _, s := range m.fleet.servers {
		tools = append(tools, s.Tools...)
	}
	d.Indexing(len(tools))
	t, snap := f.building, m.fleet.snapshots.applied
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
	for _, d := range dialog.Each[*dialog.FieldSearch](&m.dialogs) {
		d.SetIndex(msg.index)
	}
}

// jumpTo selects the hit's tool (clearing a filter that hides it) and
// shows the field in its schema view, now or once its views are built.
func (m *Model) jumpTo(h search.Hit) tea.Cmd {
	if k, ok := m.fields.offers[h.ToolID.String()]; ok {
		return m.jumpToOffer(h, k)
	}
	server, tool := h.ToolID.Server, h.ToolID.Tool
	k := toollist.Key{Server: server, Tool: tool}
	if !m.tools.Reveal(m.fleet.servers, m.toolInfoOf, k) {
		return m.setStatus(h.ToolID.String()+" is gone", true)
	}
	m.fields.jump = &h
	cmd := m.showSelected()
	m.landJump()
	return cmd
}

// landJump opens the field chosen in the field search, once the view of
// its tool is the one shown.
func (m *Model) landJump() {
	h, v := m.fields.jump, m.current
	if h == nil || v == nil || v.Tool.ID() != h.ToolID {
		return
	}
	m.fields.jump = nil
	m.view.kind, m.term.focus = viewByName("schema"), focusView
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
	m.view.kind, m.term.focus = viewByName("schema"), focusView
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

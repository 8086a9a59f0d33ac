package dialog

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"mcpeek/model"
	"mcpeek/summarizer/search"
	"mcpeek/tui/kit"
	"mcpeek/tui/uitext"
)

// FieldHitsShown bounds the hits a keystroke lists.
const FieldHitsShown = 500

// FieldSearch is the field search over the screen (f): a query, the side
// it looks at (tab: both, output, input) and the hits of every tool of
// every server; enter asks for the hit to be shown (kit.JumpToField).
type FieldSearch struct {
	input    textinput.Model
	index    *search.Index
	indexing int // tools being indexed, while index is nil
	side     search.Side
	hits     []search.Hit
	cursor   int
	top      int
	rows     int // hits shown at the last render
}

// NewFieldSearch is the field search, waiting for the index of the
// fields (SetIndex).
func NewFieldSearch(s *kit.Styles) *FieldSearch {
	in := textinput.New()
	in.Prompt = "field: "
	in.SetStyles(s.Input)
	in.Focus()
	return &FieldSearch{input: in, side: search.Both}
}

// Indexed says the search has an index to search.
func (d *FieldSearch) Indexed() bool { return d.index != nil }

// Hits are the hits of the query typed, best first.
func (d *FieldSearch) Hits() []search.Hit { return d.hits }

// Query is the query typed.
func (d *FieldSearch) Query() string { return d.input.Value() }

// Indexing says how many tools' fields are being indexed, shown until the
// index comes.
func (d *FieldSearch) Indexing(tools int) { d.indexing = tools }

// SetIndex gives the search the index of the fields, and runs the query
// again.
func (d *FieldSearch) SetIndex(ix *search.Index) {
	d.index = ix
	d.refresh()
}

// refresh runs the query again.
func (d *FieldSearch) refresh() {
	d.hits, d.cursor, d.top = nil, 0, 0
	if d.index != nil {
		d.hits = d.index.Search(d.input.Value(), d.side, FieldHitsShown)
	}
}

// Key moves among the hits, turns the side, shows a hit, or edits the
// query.
func (d *FieldSearch) Key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
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

// Paste takes a paste as one edit of the query.
func (d *FieldSearch) Paste(text string) kit.Action {
	before := d.input.Value()
	var cmd tea.Cmd
	d.input, cmd = d.input.Update(tea.PasteMsg{Content: uitext.Paste(text, true)})
	if d.input.Value() != before {
		d.refresh()
	}
	return cmd
}

func (d *FieldSearch) move(n int) {
	d.cursor = min(max(d.cursor+n, 0), max(len(d.hits)-1, 0))
}

// Render draws a box most of the screen wide: the query, the hits as
// tool, side, path and type, the selected one in the cursor style.
func (d *FieldSearch) Render(s *kit.Styles, width, height int) string {
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
		lines = append(lines, s.Dim.Render("indexing the fields of "+uitext.Plural(d.indexing, "tool")+"…"))
	case strings.TrimSpace(d.input.Value()) == "":
		lines = append(lines, s.Dim.Render("type a field's name (email) or a path (customer.email); "+
			uitext.Thousands(d.index.Fields())+" fields in "+uitext.Plural(d.index.Tools(), "tool")))
	case len(d.hits) == 0:
		lines = append(lines, s.Dim.Render("no field matches"))
	default:
		// The tool's column takes what its longest id wants, as long as
		// the longest path and type keep theirs; else a third of the box.
		toolW, pathW := 0, 0
		for _, h := range d.hits[d.top:min(d.top+d.rows, len(d.hits))] {
			toolW = max(toolW, ansi.StringWidth(model.SanitizeLine(h.ToolID.String())))
			pathW = max(pathW, ansi.StringWidth(model.SanitizeLine(h.Path))+2+ansi.StringWidth(h.Type))
		}
		toolW = min(toolW, max(inner/3, inner-2-6-2-pathW))
		for i := d.top; i < len(d.hits) && i < d.top+d.rows; i++ {
			h := d.hits[i]
			segs := []uitext.Seg{
				{Text: uitext.Fit(model.SanitizeLine(h.ToolID.String()), toolW) + "  ", Style: s.Tool},
				{Text: uitext.PadRight(h.In, 6) + "  ", Style: s.Dim},
				{Text: model.SanitizeLine(h.Path), Style: s.Name},
				{Text: ": ", Style: s.Dim},
				{Text: h.Type, Style: s.Type(h.Type)},
			}
			lines = append(lines, listLine(s, segs, inner, i == d.cursor))
		}
		count := len(d.hits)
		more := ""
		if count == FieldHitsShown {
			more = "+"
		}
		lines = append(lines, "", s.Dim.Render(strconv.Itoa(d.cursor+1)+"/"+strconv.Itoa(count)+more+" · enter shows it in the schema view"))
	}
	return s.Dialog.Width(w).Render(strings.Join(lines, "\n"))
}

// Help is the search's keys.
func (d *FieldSearch) Help(k *kit.KeyMap) []key.Binding {
	return []key.Binding{k.ResultDown, k.Accept, k.Side, k.Cancel}
}

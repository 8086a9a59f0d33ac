package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/dialog"
	"mcpeek/tui/kit"
)

// The details of a tree line (i): everything known of the field, in a
// dialog over the screen that scrolls: its whole description (rendered
// as Markdown when it is Markdown, as GitHub's are), type, format, enum
// values, constraints, default, $ref target, whether it is required, and
// its path in every notation.

// openDetails opens the details of the line under the cursor.
func (m *Model) openDetails() tea.Cmd {
	target, ok := m.copyTarget()
	th, _ := m.currentPane().(kit.TreeHolder)
	if !ok || th == nil {
		return m.setStatus("no field under the cursor", true)
	}
	n := th.Tree().Cursor()
	prop, term := m.schemaOf(n, target)
	width := max(min(m.term.width-4, 100), 30) - 4
	lines := dialog.DetailLines(&m.styles, n, prop, term, target.where(), width)
	if call := m.current.DetailLines(&m.styles, n, width); len(call) > 0 {
		// After the heading (path, tool, blank): the marks first.
		lines = append(lines[:3:3], append(call, lines[3:]...)...)
	}
	m.dialogs.Open(dialog.NewDetails(lines))
	return nil
}

// schemaOf is the schema of a line: the schema tree keeps it on the line;
// a summary line's is found by its path.
func (m *Model) schemaOf(n *schematree.Node, target copyTarget) (prop, term *model.Node) {
	if p, t, ok := n.SchemaNodes(); ok {
		return p, t
	}
	if out := m.current.Out; out != nil && !target.input() {
		if t, err := summarizer.LocatePath(out, n.Path); err == nil {
			return t.Node, t.Node
		}
	}
	return nil, nil
}

// where is where the target's line sits, in each notation, for its
// details.
func (c copyTarget) where() dialog.Where {
	w := dialog.Where{Path: c.path.String(), Tool: c.tool, Input: c.input(), Inspectable: c.inspectable(),
		Pointer: c.inValue().Pointer(), JQ: c.inValue().JQ()}
	if c.value != nil {
		w.Value, w.Pointer, w.JQ = true, c.value.Pointer, "."+strings.TrimPrefix(c.value.JQ, ".")
	}
	return w
}

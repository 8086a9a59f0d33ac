package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/glamour/v2"
	"github.com/charmbracelet/x/ansi"

	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/kit"
)

// The details of a tree line (i): everything known of the field, in a
// dialog over the screen that scrolls: its whole description (rendered
// as Markdown when it is Markdown, as GitHub's are), type, format, enum
// values, constraints, default, $ref target, whether it is required, and
// its path in every notation.

// detailsDialog is the details of one line, laid out when opened.
type detailsDialog struct {
	scrollLines
}

// openDetails opens the details of the line under the cursor.
func (m *Model) openDetails() tea.Cmd {
	target, ok := m.copyTarget()
	th, _ := m.currentPane().(kit.TreeHolder)
	if !ok || th == nil {
		return m.setStatus("no field under the cursor", true)
	}
	n := th.Tree().Cursor()
	prop, term := m.schemaOf(n, target)
	width := max(min(m.width-4, 100), 30) - 4
	lines := detailLines(&m.styles, n, prop, term, target, width, m.isDark)
	if call := m.current.DetailLines(&m.styles, n, width); len(call) > 0 {
		// After the heading (path, tool, blank): the marks first.
		lines = append(lines[:3:3], append(call, lines[3:]...)...)
	}
	m.dialogs.open(&detailsDialog{scrollLines{lines: lines}})
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

// detailLines lays the details out in width cells.
func detailLines(s *kit.Styles, n *schematree.Node, prop, term *model.Node, t copyTarget, width int, dark bool) []string {
	var lines []string
	row := func(label, value string) {
		if value == "" {
			return
		}
		for i, l := range wrapText(value, width-13) {
			head := strings.Repeat(" ", 13)
			if i == 0 {
				head = s.Dim.Render(padRight(label, 13))
			}
			lines = append(lines, head+l)
		}
	}
	path := t.path.String()
	if path == "" {
		path = "(root)"
	}
	lines = append(lines, s.Title.Render(model.SanitizeLine(path)), s.Dim.Render(model.SanitizeLine(t.tool)+" · "+sideName(t.input())), "")
	typ := n.Type
	if t.value != nil { // a value of a result: its schema's type beside it
		row("value", n.Type)
		typ = ""
		if term != nil {
			typ = model.SanitizeLine(term.Label())
		}
	}
	row("type", typ)
	if term != nil {
		row("format", model.SanitizeLine(term.Format))
	}
	if n.Kind != schematree.KindSection && n.Kind != schematree.KindMore && t.value == nil {
		row("required", yesNo(n.Required))
	}
	if ref, ok := strings.CutPrefix(strings.TrimPrefix(n.Note, "recursive "), "→ "); ok {
		row("$ref", ref)
	}
	if term != nil {
		var vals []string
		for _, v := range term.Enum {
			vals = append(vals, model.SanitizeLine(string(v.AppendJSON(nil))))
		}
		row("enum", strings.Join(vals, ", "))
		def := term.Default
		if prop != nil && prop.Default != nil {
			def = prop.Default
		}
		if def != nil {
			row("default", model.SanitizeLine(string(def.AppendJSON(nil))))
		}
		row("constraints", constraintsText(prop, term))
	}
	if n.Count >= 0 {
		row("fields", itoa(n.Count))
	}
	lines = append(lines, "")
	row("path", model.SanitizeLine(t.inspectable()))
	if t.value != nil {
		row("JSON pointer", t.value.Pointer)
		row("jq", "."+strings.TrimPrefix(t.value.JQ, "."))
	} else {
		row("JSON pointer", model.SanitizeLine(t.inValue().Pointer()))
		row("jq", model.SanitizeLine(t.inValue().JQ()))
	}
	if !t.input() {
		row("inspect", model.SanitizeLine("mcpeek inspect "+t.tool+" "+shellQuote(t.inspectable())))
	}
	desc := ""
	if prop != nil {
		desc = prop.Description
	}
	if desc == "" && term != nil {
		desc = term.Description
	}
	if desc = strings.TrimSpace(model.Sanitize(desc)); desc != "" {
		lines = append(lines, "")
		lines = append(lines, describe(s, desc, width, dark)...)
	}
	return lines
}

func sideName(input bool) string {
	if input {
		return "an argument (input schema)"
	}
	return "a field of the result (output schema)"
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// constraintsText lists the validation keywords of a field, its own (an
// array's minItems) and its items' (a string's pattern).
func constraintsText(prop, term *model.Node) string {
	var parts []string
	seen := map[string]bool{}
	for _, n := range []*model.Node{prop, term} {
		if n == nil {
			continue
		}
		for _, k := range n.Constraints {
			if !seen[k.Name] {
				seen[k.Name] = true
				parts = append(parts, k.Name+" "+model.SanitizeLine(string(k.Value.AppendJSON(nil))))
			}
		}
	}
	return strings.Join(parts, " · ")
}

// describe is a description in width cells: rendered as Markdown when it
// reads as Markdown, else wrapped.
func describe(s *kit.Styles, desc string, width int, dark bool) []string {
	if looksLikeMarkdown(desc) {
		// The dark and light styles even without colour: the program's
		// colour profile drops the colours and keeps bold and italics,
		// where the plain styles would print the Markdown's own marks.
		style := "light"
		if dark {
			style = "dark"
		}
		r, err := glamour.NewTermRenderer(glamour.WithStandardStyle(style), glamour.WithWordWrap(width))
		if err == nil {
			if out, err := r.Render(desc); err == nil {
				lines := strings.Split(strings.Trim(out, "\n"), "\n")
				for i, l := range lines {
					lines[i] = ansi.Truncate(strings.TrimRight(l, " "), width, "…")
				}
				return lines
			}
		}
	}
	var lines []string
	for _, para := range strings.Split(desc, "\n") {
		for _, l := range wrapText(para, width) {
			lines = append(lines, s.Tool.Render(l))
		}
	}
	return lines
}

// looksLikeMarkdown reports whether text uses Markdown: code, emphasis,
// links, lists or headings.
func looksLikeMarkdown(text string) bool {
	for _, mark := range []string{"```", "`", "**", "](", "\n- ", "\n* ", "\n#", "\n1. ", "\n> "} {
		if strings.Contains(text, mark) {
			return true
		}
	}
	return strings.HasPrefix(text, "#") || strings.HasPrefix(text, "- ")
}

func (d *detailsDialog) key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
	switch {
	case key.Matches(msg, k.CloseHelp), key.Matches(msg, k.Details):
		return kit.CloseDialog{}
	case key.Matches(msg, k.Quit):
		return kit.QuitApp{} // ctrl+c
	}
	d.scroll(msg, k)
	return nil
}

func (d *detailsDialog) render(s *kit.Styles, width, height int) string {
	w := max(min(width-4, 100), 30)
	d.rows = max(height-6, 1)
	d.top = min(max(d.top, 0), max(len(d.lines)-d.rows, 0))
	body := d.lines[d.top:min(d.top+d.rows, len(d.lines))]
	foot := ""
	if len(d.lines) > d.rows {
		foot = "\n" + s.Dim.Render(itoa(d.top+1)+"–"+itoa(d.top+len(body))+" of "+thousands(len(d.lines))+" lines · j/k scroll")
	}
	return s.Dialog.Width(w).Render(strings.Join(body, "\n") + foot)
}

func (d *detailsDialog) help(k *kit.KeyMap) []key.Binding {
	return []key.Binding{k.Down, k.PageDown, k.CloseHelp}
}

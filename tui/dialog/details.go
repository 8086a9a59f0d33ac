package dialog

import (
	"mcpeek/tui/mdtext"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"mcpeek/model"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/kit"
	"mcpeek/tui/uitext"
)

// The details of a tree line (i): everything known of the field, in a
// dialog over the screen that scrolls.

// Details is the details of one line (or of an offer), laid out when
// opened, in a box that scrolls.
type Details struct {
	scrollLines
}

// NewDetails is the details dialog showing lines.
func NewDetails(lines []string) *Details { return &Details{scrollLines{lines: lines}} }

// Where says where a line sits, in every notation, for its details.
type Where struct {
	Path  string // the line's path as summaries write it; "" for the root
	Tool  string // the tool's id
	Input bool   // an argument (the input schema), not a field of the result
	// Value says the line is a value of a call's result: Pointer and JQ
	// address this very value, Path all its siblings.
	Value bool
	// Inspectable is the path as mcpeek inspect accepts it.
	Inspectable string
	Pointer, JQ string
}

// DetailLines lays out in width cells everything known of the field at
// line n: its type, format, enum values, constraints, default, $ref
// target, whether it is required, its path in every notation, and its
// whole description (rendered as Markdown when it is Markdown).
func DetailLines(s *kit.Styles, n *schematree.Node, prop, term *model.Node, t Where, width int) []string {
	var lines []string
	row := func(label, value string) {
		if value == "" {
			return
		}
		for i, l := range uitext.Wrap(value, width-13) {
			head := strings.Repeat(" ", 13)
			if i == 0 {
				head = s.Dim.Render(uitext.PadRight(label, 13))
			}
			lines = append(lines, head+l)
		}
	}
	path := t.Path
	if path == "" {
		path = "(root)"
	}
	lines = append(lines, s.Title.Render(model.SanitizeLine(path)), s.Dim.Render(model.SanitizeLine(t.Tool)+" · "+sideName(t.Input)), "")
	typ := n.Type
	if t.Value { // a value of a result: its schema's type beside it
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
	if n.Kind != schematree.KindSection && n.Kind != schematree.KindMore && !t.Value {
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
		row("fields", strconv.Itoa(n.Count))
	}
	lines = append(lines, "")
	row("path", model.SanitizeLine(t.Inspectable))
	row("JSON pointer", model.SanitizeLine(t.Pointer))
	row("jq", model.SanitizeLine(t.JQ))
	if !t.Input {
		row("inspect", model.SanitizeLine("mcpeek inspect "+t.Tool+" "+uitext.ShellQuote(t.Inspectable)))
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
		lines = append(lines, describe(s, desc, width)...)
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
func describe(s *kit.Styles, desc string, width int) []string {
	if looksLikeMarkdown(desc) {
		lines := mdtext.Lines(desc, width, mdtext.Styles{
			Text: s.Tool, Heading: s.Title, Code: s.Accent, Link: s.Tool.Underline(true), Mark: s.Dim,
			Strong: lipgloss.NewStyle().Bold(true), Emphasis: lipgloss.NewStyle().Italic(true),
		})
		for i, l := range lines {
			lines[i] = ansi.Truncate(l, width, "…")
		}
		return lines
	}
	var lines []string
	for _, para := range strings.Split(desc, "\n") {
		for _, l := range uitext.Wrap(para, width) {
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

// Key scrolls; esc, q or i close the details.
func (d *Details) Key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
	switch {
	case key.Matches(msg, k.CloseHelp), key.Matches(msg, k.Details):
		return kit.CloseDialog{}
	case key.Matches(msg, k.Quit):
		return kit.QuitApp{} // ctrl+c
	}
	d.scroll(msg, k)
	return nil
}

// Render draws the lines that fit, and where they are in the whole.
func (d *Details) Render(s *kit.Styles, width, height int) string {
	w := max(min(width-4, 100), 30)
	d.rows = max(height-6, 1)
	d.top = min(max(d.top, 0), max(len(d.lines)-d.rows, 0))
	body := d.lines[d.top:min(d.top+d.rows, len(d.lines))]
	foot := ""
	if len(d.lines) > d.rows {
		foot = "\n" + s.Dim.Render(strconv.Itoa(d.top+1)+"–"+strconv.Itoa(d.top+len(body))+" of "+uitext.Thousands(len(d.lines))+" lines · j/k scroll")
	}
	return s.Dialog.Width(w).Render(strings.Join(body, "\n") + foot)
}

// Help is the scroll keys.
func (d *Details) Help(k *kit.KeyMap) []key.Binding {
	return []key.Binding{k.Down, k.PageDown, k.CloseHelp}
}

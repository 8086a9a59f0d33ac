package toolview

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/summarizer/lint"
	"mcpeek/tui/docview"
	"mcpeek/tui/kit"
)

// lintPane is the findings view: what each client profile says of the
// tool (mcpeek lint), grouped by client, the clients that refuse it
// first, each finding with its severity, rule, pointer, why and fix. The
// findings come with the tools' marks (linted once per definition, off
// the UI loop); the lines are laid out again when the width changes.
type lintPane struct {
	docPane
	v        *View
	gen      int // the marking the lines were laid out from, 0 for none
	findings []lint.Finding
	laidAt   int // the width the lines were wrapped to
	list     *lineList
}

func newLintPane(v *View) kit.ToolPane { return &lintPane{v: v} }

func (p *lintPane) Headline() string {
	if p.gen == 0 {
		return "lint findings: linting…"
	}
	return "lint findings: " + findingCounts(p.findings)
}

// findingCounts writes "3 errors, 1 warning" or "none".
func findingCounts(fs []lint.Finding) string {
	errs, w := lint.Count(fs)
	var parts []string
	if errs > 0 {
		parts = append(parts, plural(errs, "error"))
	}
	if w > 0 {
		parts = append(parts, plural(w, "warning"))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

func (p *lintPane) Sync(e Env) tea.Cmd {
	if e.Changes != nil && p.gen != e.Changes.Gen() {
		if k, ok := e.Changes.MarkOf(p.v.Tool.ID().String(), p.v.Tool.Raw); ok {
			p.gen, p.findings, p.laidAt = e.Changes.Gen(), k.Findings, 0
		}
	}
	if p.gen != 0 && p.laidAt != p.width {
		p.layOut()
	}
	return nil
}

func (p *lintPane) Resize(width, height int) {
	p.docPane.Resize(width, height)
	if p.gen != 0 && p.laidAt != width {
		p.layOut()
	}
}

// layOut writes the findings as lines wrapped to the pane's width.
func (p *lintPane) layOut() {
	top := 0
	if p.list != nil {
		top = p.list.top
	}
	p.laidAt = p.width
	p.list = &lineList{lines: findingLines(p.findings, max(p.width, 20))}
	p.doc = p.list
	p.list.Scroll(top, p.height)
}

// findingLines lays findings out client by client, the clients that
// refuse the tool first, errors first within each.
func findingLines(fs []lint.Finding, width int) []DocLine {
	if len(fs) == 0 {
		return []DocLine{{{"No findings: every client profile accepts this tool.", RoleDim}}}
	}
	byClient := map[string][]lint.Finding{}
	for _, f := range fs {
		byClient[f.Client] = append(byClient[f.Client], f)
	}
	var refusing, rest []lint.Client
	for _, c := range lint.Clients() {
		switch lint.Worst(byClient[c.Name]) {
		case lint.Error:
			refusing = append(refusing, c)
		case lint.Warning:
			rest = append(rest, c)
		}
	}
	var lines []DocLine
	if len(refusing) > 0 {
		var names []string
		for _, c := range refusing {
			names = append(names, c.Name)
		}
		lines = append(lines, DocLine{{"refused by " + strings.Join(names, ", "), RoleErr}})
	} else {
		lines = append(lines, DocLine{{"no client refuses it; some may mishandle it", RoleDim}})
	}
	for _, c := range append(refusing, rest...) {
		own := byClient[c.Name]
		lines = append(lines, DocLine{}, DocLine{{c.Name, RoleHead}, {"  " + c.Title + " · " + findingCounts(own), RoleDim}})
		for _, f := range own {
			sev := RoleCount
			if f.Severity == lint.Error {
				sev = RoleErr
			}
			head := DocLine{{"  " + padRight(f.Severity.String(), 8), sev}, {f.Rule + "  ", RoleName}}
			ptr := Span{model.SanitizeLine(f.Pointer), RoleText}
			if cells(head.text()+ptr.Text) <= width {
				lines = append(lines, append(head, ptr))
			} else { // the pointer whole, on a line of its own
				lines = append(lines, head, DocLine{{"      ", RoleText}, ptr})
			}
			for _, l := range wrapText(model.SanitizeLine(f.Why), width-6) {
				lines = append(lines, DocLine{{"      " + l, RoleText}})
			}
			for _, l := range wrapText("fix: "+model.SanitizeLine(f.Fix), width-6) {
				lines = append(lines, DocLine{{"      " + l, RoleDim}})
			}
		}
	}
	return lines
}

func (p *lintPane) Render(f kit.Frame) string {
	if p.list == nil {
		return f.Styles.Dim.Render("Linting this tool for every client profile…")
	}
	return p.list.render(f.Styles, p.width, p.height)
}

func (p *lintPane) Help(k *kit.KeyMap) []key.Binding {
	return []key.Binding{k.Down, k.PageDown, k.Filter, k.Leave, k.View, k.Pane, k.Help, k.Quit}
}

// lineList is a document of lines built once: it scrolls, pans and is
// searched.
type lineList struct {
	lines []DocLine
	top   int
	x     int
}

func (d *lineList) Scroll(n, height int) {
	d.top = min(max(d.top+n, 0), max(len(d.lines)-height, 0))
}
func (d *lineList) Span() (int, int)      { return d.top, len(d.lines) }
func (d *lineList) Rows(height int) int   { return height }
func (d *lineList) Left() int             { return d.x }
func (d *lineList) LineText(i int) string { return d.lines[i].text() }
func (d *lineList) Pan(n, _ int)          { d.x = max(d.x+n, 0) }
func (d *lineList) render(s *kit.Styles, width, height int) string {
	var b strings.Builder
	for i := d.top; i < len(d.lines) && i < d.top+height; i++ {
		if i > d.top {
			b.WriteByte('\n')
		}
		var lb strings.Builder
		DrawLine(s, &lb, d.lines[i], 1<<20)
		b.WriteString(docview.Panned(lb.String(), d.x, width))
	}
	return b.String()
}

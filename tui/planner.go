package tui

import (
	"bytes"
	"strings"

	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/tokens"
)

// plannerDoc is the planner view of a tool at one budget: the descriptor
// exactly as `mcpeek summary --json` prints it, under a table of what it
// costs in a prompt beside the tool's full raw definition.
type plannerDoc struct {
	budget  summarizer.Options
	lines   int    // output_fields lines
	hidden  bool   // has_hidden_fields
	compact string // the descriptor as sent to a planner: what is measured
	json    *rawDoc
	err     string // a schema problem Describe reported
}

// plannerHeadRows are the rows of the size table above the JSON.
const plannerHeadRows = 5

func newPlannerDoc(t model.Tool, budget summarizer.Options) *plannerDoc {
	d, err := summarizer.Describe(t, budget)
	p := &plannerDoc{budget: budget, lines: len(d.OutputFields), hidden: d.HasHiddenFields}
	if err != nil {
		p.err = model.SanitizeLine(err.Error())
	}
	// Measured as `summary --stats` measures it: compact, as a planner
	// receives it.
	compact, _ := summarizer.MarshalCompact(d)
	p.compact = string(compact)
	indented, _ := summarizer.MarshalIndent(d)
	p.json = newRawDoc(bytes.TrimSuffix(indented, []byte("\n"))) // the last newline ends a line, it makes none
	return p
}

func (p *plannerDoc) scroll(n, height int) { p.json.scroll(n, max(height-plannerHeadRows, 1)) }
func (p *plannerDoc) span() (int, int)     { return p.json.span() }
func (p *plannerDoc) rows(height int) int  { return max(height-plannerHeadRows, 1) }

// render draws the size table and the JSON under it.
func (v *toolView) renderPlanner(s *Styles, width, height int) string {
	p := v.planner
	const label, num = 18, 10
	row := func(name string, size *tokens.Size, pending bool) docLine {
		l := docLine{{padRight(name, label), roleText}}
		if size == nil {
			return l
		}
		l = append(l, span{padLeft(thousands(size.Bytes), num), roleCount})
		if pending {
			return append(l, span{"   counting tokens…", roleFaint})
		}
		return append(l, span{padLeft(tokenText(size.CL100K), num), roleCount}, span{padLeft(tokenText(size.O200K), num), roleCount})
	}
	desc, descDone := v.descSizes[p.budget]
	if !descDone {
		desc = tokens.Size{Bytes: len(p.compact)}
	}
	def := v.defSize
	if def == nil {
		def = &tokens.Size{Bytes: len(v.tool.Raw)}
	}
	lines := []docLine{
		{{padRight("", label), roleText}, {padLeft("bytes", num), roleDim}, {padLeft("cl100k", num), roleDim}, {padLeft("o200k", num), roleDim}},
		row("descriptor", &desc, !descDone),
		row("full definition", def, v.defSize == nil),
	}
	if descDone && v.defSize != nil {
		lines = append(lines, docLine{{padRight("descriptor share", label), roleDim},
			{padLeft(percent(desc.Bytes, def.Bytes), num), roleDim},
			{padLeft(percent(desc.CL100K, def.CL100K), num), roleDim},
			{padLeft(percent(desc.O200K, def.O200K), num), roleDim}})
	} else {
		lines = append(lines, docLine{})
	}
	state := "shows every field"
	if p.hidden {
		state = "hides fields"
	}
	foot := docLine{{budgetText(p.budget), roleHead}, {" · " + plural(p.lines, "line") + " · " + state, roleDim}}
	if p.err != "" {
		foot = docLine{{p.err, roleErr}}
	}
	lines = append(lines, foot)
	var b strings.Builder
	for i, l := range lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		s.drawLine(&b, l, width)
	}
	if body := height - plannerHeadRows; body > 0 {
		b.WriteByte('\n')
		b.WriteString(p.json.render(s, width, body))
	}
	return b.String()
}

// tokenText writes a token count; -1 means the vocabulary did not load.
func tokenText(n int) string {
	if n < 0 {
		return "n/a"
	}
	return thousands(n)
}

// percent writes a as a share of b: "4.8%".
func percent(a, b int) string {
	if a < 0 || b <= 0 {
		return ""
	}
	x := float64(a) * 100 / float64(b)
	if x >= 10 {
		return itoa(int(x+0.5)) + "%"
	}
	tenths := int(x*10 + 0.5)
	return itoa(tenths/10) + "." + itoa(tenths%10) + "%"
}

// budgetText writes the knobs as the status bar and views show them.
func budgetText(b summarizer.Options) string {
	return "max_fields " + itoa(b.MaxFields) + " · max_depth " + itoa(b.MaxDepth)
}

// descriptorMeasuredMsg: a tool's descriptor at one budget (and, the first
// time, its raw definition) was counted. It is tagged with the view and
// the budget it was counted for; an answer for a view no longer held is
// dropped.
type descriptorMeasuredMsg struct {
	view   *toolView
	budget summarizer.Options
	desc   tokens.Size
	def    *tokens.Size
}

// measurePlanner counts the tokens the planner view shows, unless they are
// known or being counted. Counting (and the first load of the
// vocabularies, tens of milliseconds) happens in the command.
func (m *Model) measurePlanner(v *toolView) tea.Cmd {
	p := v.planner
	if p == nil || v.descPending[p.budget] {
		return nil
	}
	if _, ok := v.descSizes[p.budget]; ok && v.defSize != nil {
		return nil
	}
	v.descPending[p.budget] = true
	counter, budget, compact, raw, withDef := m.counter, p.budget, p.compact, string(v.tool.Raw), v.defSize == nil
	return func() tea.Msg {
		msg := descriptorMeasuredMsg{view: v, budget: budget, desc: counter.Measure(compact)}
		if withDef {
			def := counter.Measure(raw)
			msg.def = &def
		}
		return msg
	}
}

func (m *Model) descriptorMeasured(msg descriptorMeasuredMsg) {
	v := msg.view
	if m.views[v.tool.ID()] != v {
		return // the tool was reloaded: a stale answer
	}
	delete(v.descPending, msg.budget)
	v.descSizes[msg.budget] = msg.desc
	if msg.def != nil {
		v.defSize = msg.def
	}
}

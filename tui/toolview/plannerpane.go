package toolview

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/summarizer/tokens"
	"mcpeek/tui/docview"
	"mcpeek/tui/kit"
)

// PlannerPane is the planner view: what a planner is shown of the tool
// (its descriptor at the knobs) and what that costs in tokens beside the
// full definition. The document is built when the view is first shown at
// a budget; the counts arrive from commands and are kept per budget.
type PlannerPane struct {
	docPane
	tool   model.Tool
	parsed model.ParsedTool
	plan   *plannerDoc // nil until shown at the current budget

	// Token counts, filled by commands: the raw definition's (which no
	// knob changes) and the descriptor's at each budget seen.
	defSize   *tokens.Size
	descSizes map[summarizer.Options]tokens.Size
	pending   map[summarizer.Options]ticket // descriptors being counted
}

func newPlannerPane(v *View) kit.ToolPane {
	return &PlannerPane{tool: v.Tool, parsed: v.Parsed, descSizes: map[summarizer.Options]tokens.Size{}, pending: map[summarizer.Options]ticket{}}
}

func (p *PlannerPane) Headline() string {
	return "what a planner is shown: the descriptor, as summary --json prints it"
}

func (p *PlannerPane) Help(k *kit.KeyMap) []key.Binding {
	return []key.Binding{k.FieldsUp, k.DepthUp, k.ResetBudget, k.Down, k.Pan, k.Leave, k.View, k.Pane, k.Help, k.Quit}
}

// setPlan shows a document (nil: none until the next sync).
func (p *PlannerPane) setPlan(d *plannerDoc) {
	p.plan, p.doc = d, nil
	if d != nil {
		p.doc = d
		d.Scroll(0, p.height)
	}
}

// refold drops the document: the next sync builds it at the new budget.
func (p *PlannerPane) Refold(summarizer.Options) { p.setPlan(nil) }

func (p *PlannerPane) Restyle() {
	if p.plan != nil {
		p.plan.json.Restyle()
	}
}

// sync builds the document at the knobs and counts what it shows.
func (p *PlannerPane) Sync(e Env) tea.Cmd {
	if p.plan == nil {
		p.setPlan(newPlannerDoc(p.parsed, e.Budget))
	}
	return p.measure(e)
}

// descriptorMeasuredMsg: a tool's descriptor at one budget (and, the first
// time, its raw definition) was counted, for the request numbered ticket.
type descriptorMeasuredMsg struct {
	tool   string
	ticket ticket
	budget summarizer.Options
	desc   tokens.Size
	def    *tokens.Size
}

// measure counts the tokens the view shows, unless they are known or
// being counted. Counting (and the first load of the vocabularies, tens
// of milliseconds) happens in the command.
func (p *PlannerPane) measure(e Env) tea.Cmd {
	d := p.plan
	if d == nil || p.pending[d.budget] != 0 {
		return nil
	}
	if _, ok := p.descSizes[d.budget]; ok && p.defSize != nil {
		return nil
	}
	t := e.Tickets.Next()
	p.pending[d.budget] = t
	counter, id, budget, compact, raw, withDef := e.Counter, p.tool.ID().String(), d.budget, d.compact, string(p.tool.Raw), p.defSize == nil
	return func() tea.Msg {
		msg := descriptorMeasuredMsg{tool: id, ticket: t, budget: budget, desc: counter.Measure(compact)}
		if withDef {
			def := counter.Measure(raw)
			msg.def = &def
		}
		return msg
	}
}

// land keeps the counts if the tool's planner pane still awaits them.
func (msg descriptorMeasuredMsg) Land(views map[string]*View) {
	p, ok := PaneOf[*PlannerPane](views[msg.tool])
	if !ok || stale(msg.ticket, p.pending[msg.budget]) {
		return
	}
	delete(p.pending, msg.budget)
	p.descSizes[msg.budget] = msg.desc
	if msg.def != nil {
		p.defSize = msg.def
	}
}

// Render draws the size table and the JSON under it.
func (p *PlannerPane) Render(f kit.Frame) string {
	d := p.plan
	if d == nil {
		return ""
	}
	s, width, height := f.Styles, p.width, p.height
	const label, num = 18, 10
	row := func(name string, size *tokens.Size, pending bool) DocLine {
		l := DocLine{{padRight(name, label), RoleText}}
		if size == nil {
			return l
		}
		l = append(l, Span{padLeft(thousands(size.Bytes), num), RoleCount})
		if pending {
			return append(l, Span{"   counting tokens…", RoleFaint})
		}
		return append(l, Span{padLeft(tokenText(size.CL100K), num), RoleCount}, Span{padLeft(tokenText(size.O200K), num), RoleCount})
	}
	desc, descDone := p.descSizes[d.budget]
	if !descDone {
		desc = tokens.Size{Bytes: len(d.compact)}
	}
	def := p.defSize
	if def == nil {
		def = &tokens.Size{Bytes: len(p.tool.Raw)}
	}
	lines := []DocLine{
		{{padRight("", label), RoleText}, {padLeft("bytes", num), RoleDim}, {padLeft("cl100k", num), RoleDim}, {padLeft("o200k", num), RoleDim}},
		row("descriptor", &desc, !descDone),
		row("full definition", def, p.defSize == nil),
	}
	if descDone && p.defSize != nil {
		lines = append(lines, DocLine{{padRight("descriptor share", label), RoleDim},
			{padLeft(Percent(desc.Bytes, def.Bytes), num), RoleDim},
			{padLeft(Percent(desc.CL100K, def.CL100K), num), RoleDim},
			{padLeft(Percent(desc.O200K, def.O200K), num), RoleDim}})
	} else {
		lines = append(lines, DocLine{})
	}
	state := "shows every field"
	if d.hidden {
		state = "hides fields"
	}
	foot := DocLine{{BudgetText(d.budget), RoleHead}, {" · " + plural(d.lines, "line") + " · " + state, RoleDim}}
	if d.err != "" {
		foot = DocLine{{d.err, RoleErr}}
	}
	lines = append(lines, foot)
	var b strings.Builder
	for i, l := range lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		DrawLine(s, &b, l, width)
	}
	if body := height - plannerHeadRows; body > 0 {
		b.WriteByte('\n')
		b.WriteString(d.renderBody(s, width, body))
	}
	return b.String()
}

// Descriptor is the descriptor the view shows and the knobs it was made
// at; nil until the view is shown at the current knobs.
func (p *PlannerPane) Descriptor() (*docview.JSON, summarizer.Options) {
	if p.plan == nil {
		return nil, summarizer.Options{}
	}
	return p.plan.json, p.plan.budget
}

// Counting reports whether the descriptor's tokens at budget are being
// counted, and Counted whether they are known.
func (p *PlannerPane) Counting(budget summarizer.Options) bool { return p.pending[budget] != 0 }

// Counted reports whether the descriptor's tokens at budget are known.
func (p *PlannerPane) Counted(budget summarizer.Options) bool {
	_, ok := p.descSizes[budget]
	return ok
}

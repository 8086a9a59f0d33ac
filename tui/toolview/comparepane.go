package toolview

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/tui/kit"
)

// comparePane is the compare view: the old first-N cut beside the folded
// summary at the same budget, built when first shown at a budget.
type comparePane struct {
	docPane
	out *model.Schema
	cmp *compareDoc // nil until shown at the current budget, or without an output schema
}

func newComparePane(v *View) kit.ToolPane { return &comparePane{out: v.Out} }

func (p *comparePane) Headline() string {
	return "the old first-N cut beside the folded summary, same budget"
}

func (p *comparePane) Help(k *kit.KeyMap) []key.Binding {
	return []key.Binding{k.FieldsUp, k.DepthUp, k.ResetBudget, k.Down, k.Pan, k.Leave, k.View, k.Pane, k.Help, k.Quit}
}

// Resize puts the two columns side by side from compareWide cells.
func (p *comparePane) Resize(width, height int) {
	if p.cmp != nil {
		p.cmp.wide = width >= compareWide
	}
	p.docPane.Resize(width, height)
}

// refold drops the document: the next sync builds it at the new budget.
func (p *comparePane) Refold(summarizer.Options) { p.cmp, p.doc = nil, nil }

func (p *comparePane) Sync(e Env) tea.Cmd {
	if p.cmp == nil && p.out != nil {
		p.cmp = newCompareDoc(p.out, e.Budget)
		p.doc = p.cmp
		p.Resize(p.width, p.height)
	}
	return nil
}

func (p *comparePane) Render(f kit.Frame) string {
	if p.cmp == nil {
		return f.Styles.Dim.Render("No output schema to compare: a planner sees no fields either way.")
	}
	return p.cmp.render(f.Styles, p.width, p.height)
}

package toolview

import (
	"mcpeek/model"
	"mcpeek/model/fieldpath"
	"mcpeek/summarizer"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/kit"
)

// SummaryPane is the summary view: the tool's folded output summary as a
// tree whose folds open exactly as the inspector would.
type SummaryPane struct {
	TreePane
	tool    model.Tool
	out     *model.Schema
	outErr  error
	summary summarizer.Summary
}

func newSummaryPane(v *View) kit.ToolPane {
	p := &SummaryPane{TreePane: TreePane{id: v.ID, layer: &v.layer}, tool: v.Tool, out: v.Out, outErr: v.OutErr}
	p.Refold(v.Budget)
	return p
}

// refold folds the summary again at budget, exactly as summarizer.Summarize
// does, and keeps the cursor on the same path when that line is still
// there.
func (p *SummaryPane) Refold(budget summarizer.Options) {
	var height int
	var cursorPath fieldpath.Path
	var atLine bool
	if p.t != nil {
		height = p.t.Height()
		if c := p.t.Cursor(); c != nil && c.Kind != schematree.KindNote {
			cursorPath, atLine = c.Path, true
		}
	}
	switch {
	case !p.tool.HasOutputSchema():
		p.t = schematree.NewTree(nil, schematree.Note("No output schema declared:"),
			schematree.Note("a planner sees no fields; the result is"),
			schematree.Note("unstructured content (call the tool to see it)."))
	case p.out == nil:
		p.t = schematree.NewTree(nil, schematree.Note("The output schema cannot be read: "+p.outErr.Error()))
	default:
		p.summary = summarizer.Summarize(p.out, budget)
		p.t = schematree.NewSummary(p.out, p.summary)
	}
	if height > 0 {
		p.t.SetHeight(height)
	}
	if atLine && !cursorPath.IsRoot() { // the same field, wherever the new summary puts it
		if n, ok := p.t.Materialise(cursorPath); ok {
			p.t.Reveal(n)
		}
	}
}

func (p *SummaryPane) Headline() string {
	if !p.tool.HasOutputSchema() {
		return "no output schema"
	}
	h := plural(len(p.summary.Lines), "summary line")
	if p.summary.HasHiddenFields {
		h += " · hides fields: open ▸ to inspect"
	} else {
		h += " · shows every field"
	}
	return h
}

// Summary is the summary the view shows, at the knobs it was last folded
// with.
func (p *SummaryPane) Summary() summarizer.Summary { return p.summary }

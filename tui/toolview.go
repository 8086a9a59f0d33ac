package tui

import (
	"encoding/json"

	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/summarizer/resultcheck"
	"mcpeek/tui/kit"
)

// toolView is everything shown of one tool: one pane per view (toolViews),
// built once off the UI loop and then owned by the model. Its parsed
// schemas are the ones every other reader of the same bytes gets
// (model.SharedSchema), read safely from background commands too. What
// depends on the knobs is folded again when they change.
type toolView struct {
	tool      model.Tool
	id        string              // sanitised tool id
	desc      string              // sanitised first sentence
	parsed    model.ParsedTool    // both schemas, parsed once for every pane
	out       *model.Schema       // nil when none is declared or it cannot be read
	outErr    error               // why the output schema cannot be read
	enveloped bool                // the result's fields sit under "data"
	budget    summarizer.Options  // what the panes are folded with
	panes     []kit.ToolPane      // by viewKind
	last      *callOutcome        // the last call the user made of it, or nil
	lastArgs  json.RawMessage     // the arguments of the last call started, cancelled or not
	layer     callLayer           // last's check as the trees draw it (setCall)
	target    *resultcheck.Target // its output schema ready to check results, once called
}

func newToolView(t model.Tool, budget summarizer.Options) *toolView {
	v := &toolView{tool: t, id: model.SanitizeLine(t.ID()), desc: model.SanitizeLine(summarizer.FirstSentence(t.Description)),
		budget: budget}
	v.parsed = model.ParseTool(t)
	v.out, v.outErr = v.parsed.Out, v.parsed.OutErr
	if v.out != nil {
		_, v.enveloped = v.out.DataRoot()
	}
	for _, kind := range toolViews {
		v.panes = append(v.panes, kind.open(v))
	}
	return v
}

// refold folds every pane again at budget (the ones that depend on it).
func (v *toolView) refold(budget summarizer.Options) {
	v.budget = budget
	for _, p := range v.panes {
		if r, ok := p.(kit.Refolder); ok {
			r.Refold(budget)
		}
	}
	v.relayer() // the folds that hid the result's data moved
}

// restyle makes every pane forget what it drew with the last palette.
func (v *toolView) restyle() {
	for _, p := range v.panes {
		if r, ok := p.(kit.Restyler); ok {
			r.Restyle()
		}
	}
}

// resize gives every pane the right-hand pane's size.
func (v *toolView) resize(width, height int) {
	for _, p := range v.panes {
		p.Resize(width, height)
	}
}

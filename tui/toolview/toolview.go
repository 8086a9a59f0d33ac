package toolview

import (
	"encoding/json"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
	"mcpeek/summarizer"
	"mcpeek/summarizer/resultcheck"
	"mcpeek/tui/kit"
)

// View is everything shown of one tool: one pane per view (Views),
// built once off the UI loop and then owned by the model. Its parsed
// schemas are the tool's one parse, which every other reader of the tool
// gets (model.ParseTool), read safely from background commands too. What
// depends on the knobs is folded again when they change.
type View struct {
	Tool      model.Tool
	ID        string              // sanitised tool id
	Desc      string              // sanitised first sentence
	Parsed    model.ParsedTool    // both schemas, parsed once for every pane
	Out       *model.Schema       // nil when none is declared or it cannot be read
	OutErr    error               // why the output schema cannot be read
	Enveloped bool                // the result's fields sit under "data"
	Budget    summarizer.Options  // what the panes are folded with
	Panes     []kit.ToolPane      // by Kind
	Last      *Outcome            // the last call the user made of it, or nil
	LastArgs  json.RawMessage     // the arguments of the last call started, cancelled or not
	layer     callLayer           // last's check as the trees draw it (setCall)
	Target    *resultcheck.Target // its output schema ready to check results, once called
}

// New is t's views, folded at budget. It parses t's schemas: the root
// runs it in a command, off the UI loop.
func New(t model.Tool, budget summarizer.Options) *View {
	v := &View{Tool: t, ID: model.SanitizeLine(t.ID().String()), Desc: model.SanitizeLine(summarizer.FirstSentence(t.Description)),
		Budget: budget}
	v.Parsed = model.ParseTool(t)
	v.Out, v.OutErr = v.Parsed.Out, v.Parsed.OutErr
	if v.Out != nil {
		_, v.Enveloped = v.Out.DataRoot()
	}
	for _, kind := range Views {
		v.Panes = append(v.Panes, kind.Open(v))
	}
	return v
}

// Refold folds every pane again at budget (the ones that depend on it).
func (v *View) Refold(budget summarizer.Options) {
	v.Budget = budget
	for _, p := range v.Panes {
		if r, ok := p.(kit.Refolder); ok {
			r.Refold(budget)
		}
	}
	v.relayer() // the folds that hid the result's data moved
}

// Restyle makes every pane forget what it drew with the last palette.
func (v *View) Restyle() {
	for _, p := range v.Panes {
		if r, ok := p.(kit.Restyler); ok {
			r.Restyle()
		}
	}
}

// Resize gives every pane the right-hand pane's size.
func (v *View) Resize(width, height int) {
	for _, p := range v.Panes {
		p.Resize(width, height)
	}
}

// ValuePath is where a line at path of pane p (one of v's) sits in a real
// result of the tool. The summary and result trees show the fields of an
// envelope's data from its root, so their paths go under data; the schema
// tree spells the envelope out.
func (v *View) ValuePath(p kit.TreeHolder, path fieldpath.Path) fieldpath.Path {
	switch p.(type) {
	case *SummaryPane, *ResultPane:
		if v.Enveloped {
			return path.Within("data")
		}
	}
	return path
}

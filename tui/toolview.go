package tui

import (
	"strings"

	"mcpeek/model"
	"mcpeek/schematree"
	"mcpeek/summarizer"
	"mcpeek/tokens"
)

// viewKind is what the right pane shows of a tool.
type viewKind int

const (
	viewSummary viewKind = iota
	viewSchema
	viewRaw
	viewPlanner
	viewCompare
	viewCount
)

func (v viewKind) String() string {
	switch v {
	case viewSummary:
		return "summary"
	case viewSchema:
		return "schema"
	case viewPlanner:
		return "planner"
	case viewCompare:
		return "compare"
	}
	return "raw"
}

// toolView is everything shown of one tool, built once off the UI loop
// and then owned by the model (a Schema resolves lazily: one user at a
// time). What depends on the knobs (the summary, the planner and compare
// documents) is rebuilt when they change; token counts arrive from
// commands and are kept per budget.
type toolView struct {
	tool      model.Tool
	id        string // sanitised tool id
	desc      string // sanitised first sentence
	out       *model.Schema
	outErr    error // why the output schema cannot be read
	summary   summarizer.Summary
	budget    summarizer.Options // what summary and sumTree are folded with
	enveloped bool
	sumTree   *schematree.Tree
	schema    *schematree.Tree
	raw       *rawDoc

	planner *plannerDoc // for budget; nil until first shown
	compare *compareDoc // for budget; nil until first shown

	// Token counts, filled by commands: the raw definition's (which no
	// knob changes) and the descriptor's at each budget seen.
	defSize     *tokens.Size
	descSizes   map[summarizer.Options]tokens.Size
	descPending map[summarizer.Options]bool

	// Cost badges of the schema tree's folded lines, filled by commands.
	costs       map[*schematree.Node]subtreeCost
	costPending map[*schematree.Node]bool
}

func newToolView(t model.Tool, budget summarizer.Options) *toolView {
	v := &toolView{tool: t, id: model.SanitizeLine(t.ID()), desc: model.SanitizeLine(summarizer.FirstSentence(t.Description)),
		descSizes: map[summarizer.Options]tokens.Size{}, descPending: map[summarizer.Options]bool{},
		costs: map[*schematree.Node]subtreeCost{}, costPending: map[*schematree.Node]bool{}}
	var in *model.Schema
	var outNote, inNote string
	switch {
	case !t.HasOutputSchema():
		outNote = "none declared: the result is unstructured content"
	default:
		s, err := model.ParseSchema(t.OutputSchema)
		if err != nil {
			v.outErr = err
			outNote = "unreadable: " + model.SanitizeLine(err.Error())
			break
		}
		v.out = s
		_, v.enveloped = s.DataRoot()
		if v.enveloped {
			outNote = "summary paths start inside data"
		}
	}
	v.refold(budget)
	if len(t.InputSchema) > 0 {
		s, err := model.ParseSchema(t.InputSchema)
		if err != nil {
			inNote = "unreadable: " + model.SanitizeLine(err.Error())
		} else {
			in = s
		}
	} else {
		inNote = "none declared"
	}
	v.schema = schematree.NewSchema(v.out, in, outNote, inNote)
	raw := t.Raw
	if len(raw) == 0 {
		raw = []byte("null")
	}
	v.raw = newRawDoc(raw)
	return v
}

// refold folds the summary again at budget, exactly as summarizer.Summarize
// does, and keeps the cursor on the same path when that line is still
// there. The planner and compare documents are rebuilt when next shown.
func (v *toolView) refold(budget summarizer.Options) {
	v.budget = budget
	v.planner, v.compare = nil, nil
	var height int
	var cursorPath string
	if v.sumTree != nil {
		height = v.sumTree.Height()
		if c := v.sumTree.Cursor(); c != nil {
			cursorPath = c.Path
		}
	}
	switch {
	case !v.tool.HasOutputSchema():
		v.sumTree = schematree.NewTree(nil, schematree.Note("No output schema declared:"),
			schematree.Note("a planner sees no fields; the result is"),
			schematree.Note("unstructured content (call the tool to see it)."))
	case v.out == nil:
		v.sumTree = schematree.NewTree(nil, schematree.Note("The output schema cannot be read: "+v.outErr.Error()))
	default:
		v.summary = summarizer.Summarize(v.out, budget)
		v.sumTree = schematree.NewSummary(v.out, v.summary)
	}
	if height > 0 {
		v.sumTree.SetHeight(height)
	}
	if cursorPath != "" { // the same field, wherever the new summary puts it
		if n, ok := v.sumTree.Materialise(cursorPath); ok {
			v.sumTree.Reveal(n)
		}
	}
}

// treeOf is the tree of a view, nil for the views that are documents.
func (v *toolView) treeOf(k viewKind) *schematree.Tree {
	switch k {
	case viewSummary:
		return v.sumTree
	case viewSchema:
		return v.schema
	}
	return nil
}

// headline is the line under the tool's name: what the view shows.
func (v *toolView) headline(k viewKind) string {
	switch k {
	case viewSummary:
		if !v.tool.HasOutputSchema() {
			return "no output schema"
		}
		n := len(v.summary.Lines)
		h := plural(n, "summary line")
		if v.summary.HasHiddenFields {
			h += " · hides fields: open ▸ to inspect"
		} else {
			h += " · shows every field"
		}
		return h
	case viewSchema:
		return "output and input schemas"
	case viewPlanner:
		return "what a planner is shown: the descriptor, as summary --json prints it"
	case viewCompare:
		return "the old first-N cut beside the folded summary, same budget"
	}
	return strings.TrimSpace(plural(len(v.raw.lines), "line") + " of raw definition")
}

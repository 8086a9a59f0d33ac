package tui

import (
	"strings"

	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/summarizer/tree"
)

// viewKind is what the right pane shows of a tool.
type viewKind int

const (
	viewSummary viewKind = iota
	viewSchema
	viewRaw
	viewCount
)

func (v viewKind) String() string {
	switch v {
	case viewSummary:
		return "summary"
	case viewSchema:
		return "schema"
	}
	return "raw"
}

// toolView is everything shown of one tool, built once off the UI loop
// and then owned by the model (a Schema resolves lazily: one user at a time).
type toolView struct {
	tool      model.Tool
	id        string // sanitised tool id
	desc      string // sanitised first sentence
	summary   summarizer.Summary
	enveloped bool
	sumTree   *tree.Tree
	schema    *tree.Tree
	raw       *rawDoc
}

func newToolView(t model.Tool) *toolView {
	v := &toolView{tool: t, id: model.SanitizeLine(t.ID()), desc: model.SanitizeLine(summarizer.FirstSentence(t.Description))}
	var out, in *model.Schema
	var outNote, inNote string
	switch {
	case !t.HasOutputSchema():
		outNote = "none declared: the result is unstructured content"
		v.sumTree = tree.NewTree(nil, tree.Note("No output schema declared:"),
			tree.Note("a planner sees no fields; the result is"),
			tree.Note("unstructured content (call the tool to see it)."))
	default:
		s, err := model.ParseSchema(t.OutputSchema)
		if err != nil {
			outNote = "unreadable: " + model.SanitizeLine(err.Error())
			v.sumTree = tree.NewTree(nil, tree.Note("The output schema cannot be read: "+err.Error()))
			break
		}
		out = s
		v.summary = summarizer.Summarize(s, summarizer.Options{})
		_, v.enveloped = s.DataRoot()
		v.sumTree = tree.NewSummary(s, v.summary)
		if v.enveloped {
			outNote = "summary paths start inside data"
		}
	}
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
	v.schema = tree.NewSchema(out, in, outNote, inNote)
	raw := t.Raw
	if len(raw) == 0 {
		raw = []byte("null")
	}
	v.raw = newRawDoc(raw)
	return v
}

// tree is the tree of the current view, nil for the raw view.
func (v *toolView) treeOf(k viewKind) *tree.Tree {
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
		n := len(v.summary.OutputFields)
		h := plural(n, "summary line")
		if v.summary.HasHiddenFields {
			h += " · hides fields: open ▸ to inspect"
		} else {
			h += " · shows every field"
		}
		return h
	case viewSchema:
		return "output and input schemas"
	}
	return strings.TrimSpace(plural(len(v.raw.lines), "line") + " of raw definition")
}

// Package summaryview is what `mcpeek summary`, `inspect`, `describe` and
// `compare` show a person of the summarizer's answers: a tool's summary
// with its descriptor, sizes and needed paths (as text, Markdown or the
// JSON a planner sees), an inspection, the legacy cut beside the folds.
package summaryview

import (
	"mcpeek/internal/jsonfmt"
	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/summarizer/reach"
	"mcpeek/summarizer/tokens"
)

// View is everything the summary of a tool's output shows, in any format.
type View struct {
	Title      string
	Descriptor *summarizer.Descriptor // nil for a schema read from a file
	Summary    summarizer.Summary
	Stats      *Stats             // with stats asked for
	Explain    *reach.Explanation // with an explanation asked for
}

// Stats is what the descriptor costs in a prompt, next to the tool's full
// definition, and which leaves it reaches.
type Stats struct {
	Descriptor tokens.Size          `json:"descriptor"`
	Definition tokens.Size          `json:"definition"`
	Lines      int                  `json:"lines"`
	Coverage   *summarizer.Coverage `json:"coverage,omitempty"`
}

// Build summarizes tool's output within opts: a live tool's with its
// descriptor, or, when schemaPath names the file tool's output schema
// was read from, the schema's alone. With stats it measures both.
func Build(tool model.Tool, schemaPath string, opts summarizer.Options, withStats bool) (View, error) {
	fromFile := schemaPath != ""
	var v View
	var planner any // exactly what a planner is shown
	var out *model.Schema
	if fromFile || tool.HasOutputSchema() {
		s, err := outputSchema(tool)
		if err != nil && fromFile {
			return v, err
		}
		if err == nil {
			out, v.Summary = s, summarizer.Summarize(s, opts)
		}
	}
	if fromFile {
		v.Title = schemaPath
		planner = v.Summary
	} else {
		d, err := summarizer.Describe(tool, opts)
		if err != nil {
			return v, err
		}
		v.Title, v.Descriptor = d.ToolID, &d
		planner = d
	}
	if !withStats {
		return v, nil
	}
	counter := tokens.NewCounter()
	compact, err := jsonfmt.MarshalCompact(planner)
	if err != nil {
		return v, err
	}
	definition := tool.Raw
	if fromFile {
		definition = tool.OutputSchema
	}
	v.Stats = &Stats{
		Descriptor: counter.Measure(string(compact)),
		Definition: counter.Measure(string(definition)),
		Lines:      len(v.Summary.Lines),
	}
	if out != nil {
		c := summarizer.Reach(out, v.Summary.Lines)
		c.Beyond = nil // counts only: the list is for the explorer and `compare`
		v.Stats.Coverage = &c
	}
	return v, nil
}

// JSON is the value the view is written as: the descriptor (or the
// summary of a schema file) alone, or with the stats and explanation
// under it when there are any.
func (v View) JSON() any {
	var body any = v.Summary
	if v.Descriptor != nil {
		body = v.Descriptor
	}
	if v.Stats == nil && v.Explain == nil {
		return body
	}
	if v.Descriptor != nil {
		return struct {
			Descriptor any                `json:"descriptor"`
			Stats      *Stats             `json:"stats,omitempty"`
			Explain    *reach.Explanation `json:"explain,omitempty"`
		}{body, v.Stats, v.Explain}
	}
	return struct {
		Summary any                `json:"summary"`
		Stats   *Stats             `json:"stats,omitempty"`
		Explain *reach.Explanation `json:"explain,omitempty"`
	}{body, v.Stats, v.Explain}
}

// ReadersNote is a descriptor's note for a person: the planner's note on
// a tool without an output schema tells an LLM to print the result in its
// script, which a person at the command line has no use for.
func ReadersNote(d summarizer.Descriptor) string {
	if d.Note == summarizer.NoOutputSchemaNote {
		return "No output schema: the server does not say what the tool returns (mcpeek call " + d.ToolID + " shows a result)."
	}
	return d.Note
}

// outputSchema is tool's output schema read: the tool's own parse, or,
// for a schema read from a file (made a tool without one), a parse of
// its bytes.
func outputSchema(tool model.Tool) (*model.Schema, error) {
	if !tool.HasOutputSchema() {
		return model.ParseSchema(tool.OutputSchema)
	}
	p := model.ParseTool(tool)
	return p.Out, p.OutErr
}

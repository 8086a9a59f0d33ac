package summaryview

import (
	"fmt"
	"strings"

	"mcpeek/model"
	"mcpeek/summarizer"
)

// Markdown renders the view, stable enough for golden files and READMEs:
// a heading, the signature, and one table row per line.
func (v View) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "### `%s`\n\n", model.MarkdownCode(v.Title))
	if d := v.Descriptor; d != nil {
		fmt.Fprintf(&b, "`%s`\n\n", model.MarkdownCode(d.Signature))
		if desc := summarizer.FirstSentence(d.Description); desc != "" {
			fmt.Fprintf(&b, "%s\n\n", model.MarkdownCell(desc))
		}
		if note := ReadersNote(*d); note != "" {
			fmt.Fprintf(&b, "_%s_\n\n", model.MarkdownCell(note))
		}
	}
	if len(v.Summary.Lines) > 0 && v.Explain != nil {
		b.WriteString("| field | type | folded | chosen by |\n|---|---|---|---|\n")
		for _, l := range v.Summary.Lines {
			fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", model.MarkdownCode(l.Written()), model.MarkdownCell(l.Label), model.MarkdownCell(l.Marker()), model.MarkdownCell(l.Step.String()))
		}
		b.WriteString("\n")
	} else if len(v.Summary.Lines) > 0 {
		b.WriteString("| field | type | folded |\n|---|---|---|\n")
		for _, l := range v.Summary.Lines {
			fmt.Fprintf(&b, "| `%s` | %s | %s |\n", model.MarkdownCode(l.Written()), model.MarkdownCell(l.Label), model.MarkdownCell(l.Marker()))
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "has_hidden_fields: **%t**\n", v.Summary.HasHiddenFields)
	if s := v.Stats; s != nil {
		fmt.Fprintf(&b, "\n| | bytes | cl100k tokens | o200k tokens |\n|---|---|---|---|\n")
		fmt.Fprintf(&b, "| descriptor | %d | %d | %d |\n", s.Descriptor.Bytes, s.Descriptor.CL100K, s.Descriptor.O200K)
		fmt.Fprintf(&b, "| full definition | %d | %d | %d |\n", s.Definition.Bytes, s.Definition.CL100K, s.Definition.O200K)
		if c := s.Coverage; c != nil {
			fmt.Fprintf(&b, "\nLeaves: %d; listed %d, one inspect call away %d, further %d.\n", c.Leaves, c.Listed, c.OneStep, c.BeyondCount)
		}
	}
	if e := v.Explain; e != nil && len(e.Needs) > 0 {
		b.WriteString("\n| needed path | how a planner reaches it |\n|---|---|\n")
		for _, n := range e.Needs {
			fmt.Fprintf(&b, "| `%s` | %s |\n", model.MarkdownCode(n.Path), model.MarkdownCell(n.Words()))
		}
	}
	return b.String()
}

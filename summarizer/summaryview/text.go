package summaryview

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"

	"mcpeek/internal/plural"
	"mcpeek/internal/styled"
	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/summarizer/reach"
)

// clean makes untrusted text safe for a terminal and keeps it on one line.
func clean(s string) string { return model.SanitizeLine(s) }

// stepColumn is the width of the column of steps before the lines of an
// explained summary: the longest step name and a space.
const stepColumn = 31 // used with padTo, which adds nothing past it

// padTo pads s with spaces to w cells (s is plain text).
func padTo(s string, w int) string {
	if n := w - len([]rune(s)); n > 0 {
		return s + strings.Repeat(" ", n)
	}
	return s
}

// Text prints the view for reading: the descriptor's header, the summary's
// lines (each after the step that chose it when explained), the sizes and
// the needed paths.
func (v View) Text(p styled.Printer) {
	if v.Descriptor != nil {
		DescriptorHeader(p, *v.Descriptor)
	}
	p.Println(p.Head.Render(clean(v.Title)))
	for _, l := range v.Summary.Lines {
		if v.Explain != nil {
			p.Println("  " + p.Faint.Render(padTo(l.Step.String(), stepColumn)) + Line(p, l))
			continue
		}
		p.Println("  " + Line(p, l))
	}
	state := "no fields hidden"
	if v.Summary.HasHiddenFields {
		state = "some fields hidden: open a fold with `mcpeek inspect ... FIELD_PATH`"
	}
	p.Println(p.Faint.Render(fmt.Sprintf("has_hidden_fields: %t (%s; %s)", v.Summary.HasHiddenFields, plural.Count(len(v.Summary.Lines), "line", "lines"), state)))
	if s := v.Stats; s != nil {
		p.Println("")
		p.Println(fmt.Sprintf("descriptor:      %7d bytes  %6d cl100k tokens  %6d o200k tokens", s.Descriptor.Bytes, s.Descriptor.CL100K, s.Descriptor.O200K))
		p.Println(fmt.Sprintf("full definition: %7d bytes  %6d cl100k tokens  %6d o200k tokens", s.Definition.Bytes, s.Definition.CL100K, s.Definition.O200K))
		if c := s.Coverage; c != nil {
			p.Println(fmt.Sprintf("leaves: %d; listed %d, one inspect call away %d, further %d", c.Leaves, c.Listed, c.OneStep, c.BeyondCount))
		}
	}
	if v.Explain != nil {
		needs(p, v.Explain.Needs)
	}
}

// needs prints how a planner reaches each needed path.
func needs(p styled.Printer, needs []reach.Need) {
	if len(needs) == 0 {
		return
	}
	p.Println("")
	p.Println(p.Head.Render("needed paths") + p.Faint.Render(fmt.Sprintf(" (inspect_tool_output at max_fields %d, max_depth %d)",
		summarizer.DefaultInspectMaxField, summarizer.DefaultInspectMaxDepth)))
	width := 0
	for _, n := range needs {
		width = max(width, len([]rune(clean(n.Path))))
	}
	for _, n := range needs {
		p.Println("  " + p.Path.Render(padTo(clean(n.Path), min(width, 48))) + "  " + n.Words())
	}
}

// Line styles a summary's line, "path: type (fold marker)".
func Line(p styled.Printer, l summarizer.Line) string {
	if !p.Color {
		return clean(l.String())
	}
	if l.Fold == summarizer.FoldOverflow {
		return p.Fold.Render(clean(l.String()))
	}
	out := p.Path.Render(clean(l.Written())) + ": " + p.Typ(l.Label)
	if l.Folded() {
		out += " " + p.Fold.Render("("+clean(l.Marker())+")")
	}
	return out
}

// DescriptorHeader prints a tool's signature, the first sentence of its
// description and its note.
func DescriptorHeader(p styled.Printer, d summarizer.Descriptor) {
	p.Println(p.Path.Render(clean(d.Signature)))
	if d.Description != "" {
		p.Println("  " + clean(summarizer.FirstSentence(d.Description)))
	}
	if note := ReadersNote(d); note != "" {
		p.Println(p.Faint.Render("  " + clean(note)))
	}
	p.Println("")
}

// Inspection prints an inspection: the node, its children with what each
// holds, then its flattened fields.
func Inspection(p styled.Printer, ins summarizer.Inspection) {
	where := ins.FieldPath
	if where == "" {
		where = "(root)"
	}
	p.Println(p.Head.Render(clean(where)) + "  " + p.Typ(clean(ins.NodeType)))
	if ins.Description != "" {
		p.Println("  " + clean(ins.Description))
	}
	p.Println("")
	p.Println(fmt.Sprintf("children (%d):", ins.TotalChildFields))
	width := 0
	for _, c := range ins.Children {
		width = max(width, lipgloss.Width(clean(c.Name)))
	}
	for _, c := range ins.Children {
		name := clean(c.Name)
		var notes []string
		if c.Required {
			notes = append(notes, "required")
		}
		if c.Children != nil {
			unit := "sub-fields"
			if strings.HasPrefix(c.Type, "union") {
				unit = "alternatives"
			}
			notes = append(notes, fmt.Sprintf("%d %s", *c.Children, unit))
		}
		if c.UnknownKeys {
			notes = append(notes, "unknown keys")
		}
		if c.Format != "" {
			notes = append(notes, "format "+clean(c.Format))
		}
		if len(c.Enum) > 0 {
			vals := make([]string, len(c.Enum))
			for i, e := range c.Enum {
				vals[i] = clean(string(e))
			}
			notes = append(notes, "one of "+strings.Join(vals, ", "))
		}
		line := "  " + p.Path.Render(name) + strings.Repeat(" ", width-lipgloss.Width(name)) + "  " + p.Typ(clean(c.Type))
		if len(notes) > 0 {
			line += p.Faint.Render("  (" + strings.Join(notes, "; ") + ")")
		}
		if c.Description != "" {
			line += p.Faint.Render("  " + clean(c.Description))
		}
		p.Println(line)
	}
	p.Println("")
	trunc := ""
	if ins.Truncated {
		trunc = ", truncated: open a fold marker's field_path to see more"
	}
	p.Println(fmt.Sprintf("flattened_fields (%d%s):", len(ins.Flattened), trunc))
	for _, l := range ins.Flattened {
		p.Println("  " + Line(p, l))
	}
}

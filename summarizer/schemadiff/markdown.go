package schemadiff

import (
	"fmt"
	"strings"

	"mcpeek/model"
)

// Markdown renders changes for a pull request comment: a title that says
// the verdict and the counts, then what a reviewer must decide, in that
// order: the breaking changes, the routing ones with their text before
// and after side by side, the unknown ones with why, then the compatible
// ones.
func Markdown(changes []Change) string {
	var b strings.Builder
	if len(changes) == 0 {
		b.WriteString("### mcpeek diff: no changes\n\nThe tools' definitions are the same.\n")
		return b.String()
	}
	n := Count(changes)
	verdict := Worst(changes).String()
	if n.Breaking > 0 {
		verdict = "**breaking**"
	}
	fmt.Fprintf(&b, "### mcpeek diff: %s\n\n%s.\n", verdict, n)
	for _, class := range Classes() {
		var of []Change
		for _, c := range changes {
			if c.Class == class {
				of = append(of, c)
			}
		}
		if len(of) == 0 {
			continue
		}
		switch class {
		case Breaking:
			b.WriteString("\n#### Breaking for callers\n\n| tool | path | change | detail |\n|---|---|---|---|\n")
		case Routing:
			b.WriteString("\n#### Routing: what a model reads changed\n\n| tool | path | change | before | after |\n|---|---|---|---|---|\n")
		case Unknown:
			b.WriteString("\n#### Unknown: the diff cannot decide\n\n| tool | path | change | detail |\n|---|---|---|---|\n")
		default:
			b.WriteString("\n#### Compatible\n\n| tool | path | change | detail |\n|---|---|---|---|\n")
		}
		for _, c := range of {
			where := c.Where()
			if !c.Path.IsRoot() {
				where = "`" + model.MarkdownCode(c.Path.String()) + "`"
			} else if c.DefinitionPointer != "" {
				where = "`" + model.MarkdownCode(c.DefinitionPointer) + "`"
			}
			last := model.MarkdownCell(c.Detail)
			if class == Routing {
				last = textCell(c.Old) + " | " + textCell(c.New)
			}
			fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", model.MarkdownCode(c.Tool.String()), where, c.Kind, last)
		}
	}
	return b.String()
}

// textCell is a text as a table cell shows it, "(none)" when empty.
func textCell(s string) string {
	if s == "" {
		return "_(none)_"
	}
	return model.MarkdownCell(s)
}

package schemadiff

import (
	"fmt"
	"strings"

	"mcpeek/internal/plural"
	"mcpeek/model"
)

// Markdown renders changes for a pull request comment: a title that
// says the verdict, then a table of the breaking changes and one of the
// compatible ones.
func Markdown(changes []Change) string {
	var b strings.Builder
	if len(changes) == 0 {
		b.WriteString("### mcpeek diff: no changes\n\nThe tools' definitions are the same.\n")
		return b.String()
	}
	n := Count(changes)
	verdict := "compatible"
	if n.Breaking > 0 {
		verdict = "**breaking**"
	}
	fmt.Fprintf(&b, "### mcpeek diff: %s\n\n%s and %s in %s.\n", verdict,
		plural.Count(n.Breaking, "breaking change", "breaking changes"), plural.Count(n.Compatible, "compatible change", "compatible changes"), plural.Count(n.Tools, "tool", "tools"))
	for _, class := range []Class{Breaking, Compatible} {
		title := "Breaking for callers"
		if class == Compatible {
			title = "Compatible"
		}
		header := false
		for _, c := range changes {
			if c.Class != class {
				continue
			}
			if !header {
				fmt.Fprintf(&b, "\n#### %s\n\n| tool | path | change | detail |\n|---|---|---|---|\n", title)
				header = true
			}
			where := c.Where()
			if !c.Path.IsRoot() {
				where = "`" + model.MarkdownCode(c.Path.String()) + "`"
			}
			fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", model.MarkdownCode(c.Tool.String()), where, c.Kind, model.MarkdownCell(c.Detail))
		}
	}
	return b.String()
}

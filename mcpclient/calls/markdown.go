package calls

import (
	"fmt"
	"strings"

	"mcpeek/internal/plural"
	"mcpeek/model"
)

// Totals says how many calls ran and how they went: "3 calls: 2
// passed, 1 failed".
func (r Report) Totals() string {
	parts := []string{fmt.Sprintf("%d passed", r.Passed), fmt.Sprintf("%d failed", r.Failed)}
	if r.NotRun > 0 {
		parts = append(parts, fmt.Sprintf("%d could not run", r.NotRun))
	}
	return plural.Count(len(r.Calls), "call", "calls") + ": " + strings.Join(parts, ", ")
}

// Markdown renders a run for a pull request comment: the verdict, the
// counts, and a table of the failed assertions and the calls not run.
func (r Report) Markdown() string {
	var b strings.Builder
	verdict := "all calls pass"
	switch {
	case r.NotRun > 0:
		verdict = "**incomplete**"
	case r.Failed > 0:
		verdict = "**failing**"
	}
	fmt.Fprintf(&b, "### mcpeek test: %s\n\n%s (`%s`).\n", verdict, r.Totals(), model.MarkdownCode(r.File))
	header := false
	for _, run := range r.Calls {
		rows := run.Failures()
		if run.Status == StatusNotRun {
			rows = []Assertion{{Kind: "not run", Got: run.Error}}
		}
		for _, f := range rows {
			if !header {
				b.WriteString("\n| call | tool | assertion | path | expected | got |\n|---|---|---|---|---|---|\n")
				header = true
			}
			path := ""
			if f.Path != "" {
				path = "`" + model.MarkdownCode(f.Path) + "`"
			}
			fmt.Fprintf(&b, "| %s | `%s` | %s | %s | %s | %s |\n", model.MarkdownCell(run.Name), model.MarkdownCode(run.Tool), model.MarkdownCell(f.Kind), path, model.MarkdownCell(f.Expected), model.MarkdownCell(f.Got))
		}
	}
	return b.String()
}

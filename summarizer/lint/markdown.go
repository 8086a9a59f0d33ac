package lint

import (
	"fmt"
	"strings"

	"mcpeek/internal/plural"
	"mcpeek/model"
)

// Verdict counts findings by severity and says which clients refuse
// how many tools: "openai-strict (9 tools), gemini (5 tools)".
func Verdict(findings []Finding) (errs, warnings int, refused string) {
	errs, warnings = Count(findings)
	refusedBy := map[string]map[model.ToolID]bool{}
	for _, f := range findings {
		if f.Severity != Error {
			continue
		}
		if refusedBy[f.Client] == nil {
			refusedBy[f.Client] = map[model.ToolID]bool{}
		}
		refusedBy[f.Client][f.Tool] = true
	}
	var parts []string
	for _, c := range ClientNames() {
		if tools := refusedBy[c]; tools != nil {
			parts = append(parts, fmt.Sprintf("%s (%s)", c, plural.Count(len(tools), "tool", "tools")))
		}
	}
	return errs, warnings, strings.Join(parts, ", ")
}

// Markdown renders findings for a pull request comment: the
// verdict, then a table of errors and one of warnings.
func Markdown(findings []Finding) string {
	var b strings.Builder
	errs, warnings, refused := Verdict(findings)
	switch {
	case len(findings) == 0:
		b.WriteString("### mcpeek lint: no findings\n\nEvery client checked accepts every tool.\n")
		return b.String()
	case errs > 0:
		fmt.Fprintf(&b, "### mcpeek lint: **%s**, %s\n\nRefused by %s.\n", plural.Count(errs, "error", "errors"), plural.Count(warnings, "warning", "warnings"), refused)
	default:
		fmt.Fprintf(&b, "### mcpeek lint: %s\n\nNo client refuses a tool.\n", plural.Count(warnings, "warning", "warnings"))
	}
	for _, sev := range []Severity{Error, Warning} {
		header := false
		for _, f := range findings {
			if f.Severity != sev {
				continue
			}
			if !header {
				title := "Errors: the client refuses the tool"
				if sev == Warning {
					title = "Warnings"
				}
				fmt.Fprintf(&b, "\n#### %s\n\n| tool | client | rule | where | why | fix |\n|---|---|---|---|---|---|\n", title)
				header = true
			}
			fmt.Fprintf(&b, "| `%s` | %s | %s | `%s` | %s | %s |\n", model.MarkdownCode(f.Tool.String()), f.Client, f.Rule, model.MarkdownCode(f.Pointer), model.MarkdownCell(f.Why), model.MarkdownCell(f.Fix))
		}
	}
	return b.String()
}

package lint

import (
	"fmt"

	"mcpeek/internal/plural"
	"mcpeek/internal/styled"
	"mcpeek/model"
)

// Text prints findings for reading, grouped by tool: severity, client, rule and
// pointer on one line, then why and the fix.
func Text(p styled.Printer, findings []Finding) {
	var tool model.ToolID
	for i, f := range findings {
		if i == 0 || f.Tool != tool {
			tool = f.Tool
			p.Println(p.Head.Render(model.SanitizeLine(tool.String())))
		}
		sev := fmt.Sprintf("%-7s", f.Severity)
		if f.Severity == Error {
			sev = p.Fold.Render(sev)
		}
		p.Println(fmt.Sprintf("  %s  %s  %s  %s", sev, f.Client, f.Rule, p.Path.Render(model.SanitizeLine(f.Pointer))))
		p.Println(p.Faint.Render("           " + model.SanitizeLine(f.Why)))
		p.Println(p.Faint.Render("           fix: " + model.SanitizeLine(f.Fix)))
	}
	errs, warnings, refused := Verdict(findings)
	line := fmt.Sprintf("%s and %s", plural.Count(errs, "error", "errors"), plural.Count(warnings, "warning", "warnings"))
	if refused != "" {
		line += "; refused by " + refused
	}
	p.Println(line)
}

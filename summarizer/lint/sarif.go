package lint

import (
	"fmt"

	"mcpeek/model"
	"mcpeek/summarizer/sarif"
)

// AddSARIF adds lint findings to a SARIF run: a rule per client's rule
// (CLIENT/RULE), each finding a result where locate puts its tool.
func AddSARIF(b *sarif.Builder, findings []Finding, clients []Client, locate func(tool model.ToolID) []sarif.Location) {
	for _, c := range clients {
		for _, r := range c.Rules() {
			b.Rule(sarif.Rule{ID: c.Name + "/" + r.ID, Name: sarif.RuleName(r.ID),
				ShortDescription:     sarif.Message{Text: r.Summary},
				FullDescription:      &sarif.Message{Text: c.Title + ": " + r.Summary},
				Help:                 &sarif.Message{Text: r.Summary + " (" + c.Title + "; source: " + r.Source + "). docs/lint.md explains each rule and its fix."},
				HelpURI:              r.Source,
				DefaultConfiguration: &sarif.Configuration{Level: lintLevel(r.Severity)}})
		}
	}
	for _, f := range findings {
		msg := fmt.Sprintf("%s at %s: %s Fix: %s", model.SanitizeLine(f.Tool.String()), model.SanitizeLine(f.Pointer), model.SanitizeLine(f.Why), model.SanitizeLine(f.Fix))
		b.Add(sarif.Result{RuleID: f.Client + "/" + f.Rule, Level: lintLevel(f.Severity), Message: sarif.Message{Text: msg},
			Locations:           locate(f.Tool),
			PartialFingerprints: map[string]string{"mcpeek/v1": f.Tool.String() + "|" + f.Client + "/" + f.Rule + "|" + f.Pointer}})
	}
}

// lintLevel is a severity as a SARIF level.
func lintLevel(s Severity) sarif.Level {
	if s == Error {
		return sarif.Error
	}
	return sarif.Warning
}

package ci

import (
	"fmt"
	"strings"

	"mcpeek/mcpclient/calls"
	"mcpeek/model"
	"mcpeek/summarizer/lint"
	"mcpeek/summarizer/sarif"
	"mcpeek/summarizer/schemadiff"
)

// Markdown renders the run for a pull request comment: the verdict, a
// table of the parts, then each part's own Markdown report.
func (r Result) Markdown() string {
	var b strings.Builder
	verdict := r.Verdict()
	if r.Status != Pass {
		verdict = "**" + verdict + "**"
	}
	fmt.Fprintf(&b, "## mcpeek ci: %s\n\n| check | status | |\n|---|---|---|\n", verdict)
	for _, p := range r.Parts {
		text := p.Summary
		if p.Error != "" {
			text = p.Error
		}
		status := p.Status
		if status == Fail || status == Error {
			status = "**" + status + "**"
		}
		fmt.Fprintf(&b, "| %s | %s | %s |\n", p.Name, status, model.MarkdownCell(text))
	}
	if r.DiffRan() {
		b.WriteString("\n" + schemadiff.Markdown(r.Changes) + r.Costs.Markdown())
	}
	if r.LintRan() {
		b.WriteString("\n" + lint.Markdown(r.Findings))
	}
	if r.Test != nil {
		b.WriteString("\n" + r.Test.Markdown())
	}
	return b.String()
}

// AddSARIF adds the findings of every part that ran to one SARIF run
// (code-scanning services take one run per tool and category): the
// diff's changes and lint's findings where locate puts their tools, the
// failed assertions at their calls in the calls file.
func (r Result) AddSARIF(b *sarif.Builder, clients []lint.Client, locate func(tool model.ToolID) []sarif.Location) {
	if r.DiffRan() {
		schemadiff.AddSARIF(b, r.Changes, locate)
	}
	if r.LintRan() {
		lint.AddSARIF(b, r.Findings, clients, locate)
	}
	if r.Test != nil {
		calls.AddSARIF(b, *r.Test)
	}
}

// ForJSON is r with empty lists where it has none, so that its JSON
// holds [] rather than null.
func (r Result) ForJSON() Result {
	if r.Changes == nil {
		r.Changes = []schemadiff.Change{}
	}
	if r.Findings == nil {
		r.Findings = []lint.Finding{}
	}
	return r
}

package calls

import (
	"fmt"

	"mcpeek/model"
	"mcpeek/summarizer/sarif"
)

// AddSARIF adds a run of the calls file to a SARIF run: a rule per kind
// of assertion, each failed assertion (and each call not run) a result at
// the call in the calls file.
func AddSARIF(b *sarif.Builder, r Report) {
	for _, k := range AssertionKinds() {
		b.Rule(sarif.Rule{ID: k.Kind, Name: sarif.RuleName(k.Kind), ShortDescription: sarif.Message{Text: k.Help},
			Help: &sarif.Message{Text: k.Help + " docs/calls.md describes the calls file and its assertions."}})
	}
	for _, run := range r.Calls {
		where := sarif.At(r.File, run.Call.Line, run.Call.Column)
		if run.Status == StatusNotRun {
			b.Add(sarif.Result{RuleID: "not-run", Level: sarif.Error, Locations: where,
				Message:             sarif.Message{Text: fmt.Sprintf("call %s (%s) did not run: %s", model.SanitizeLine(run.Name), model.SanitizeLine(run.Tool), model.SanitizeLine(run.Error))},
				PartialFingerprints: map[string]string{"mcpeek/v1": run.Name + "|not-run"}})
		}
		for _, f := range run.Failures() {
			b.Add(sarif.Result{RuleID: f.Kind, Level: sarif.Error, Locations: where,
				Message:             sarif.Message{Text: fmt.Sprintf("call %s (%s): %s", model.SanitizeLine(run.Name), model.SanitizeLine(run.Tool), model.SanitizeLine(f.Line()))},
				PartialFingerprints: map[string]string{"mcpeek/v1": run.Name + "|" + f.Kind + "|" + f.Path}})
		}
	}
}

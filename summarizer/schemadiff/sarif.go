package schemadiff

import (
	"fmt"

	"mcpeek/model"
	"mcpeek/summarizer/sarif"
)

// AddSARIF adds a diff to a SARIF run: a rule per kind of change, each
// change a result where locate puts its tool, breaking changes errors and
// compatible ones notes.
func AddSARIF(b *sarif.Builder, changes []Change, locate func(tool model.ToolID) []sarif.Location) {
	for _, k := range Kinds() {
		b.Rule(sarif.Rule{ID: string(k.Kind), Name: sarif.RuleName(string(k.Kind)),
			ShortDescription: sarif.Message{Text: k.When},
			Help:             &sarif.Message{Text: k.When + ". Fix: " + k.Fix, Markdown: k.When + ".\n\n**Fix:** " + k.Fix + "\n\ndocs/diff.md lists every kind of change."}})
	}
	for _, c := range changes {
		level := sarif.Note
		switch c.Class {
		case Breaking:
			level = sarif.Error
		case Routing, Unknown:
			level = sarif.Warning
		}
		msg := fmt.Sprintf("%s: %s at %s: %s", model.SanitizeLine(c.Tool.String()), c.Class, model.SanitizeLine(c.Where()), model.SanitizeLine(c.Detail))
		b.Add(sarif.Result{RuleID: string(c.Kind), Level: level, Message: sarif.Message{Text: msg},
			Locations:           locate(c.Tool),
			PartialFingerprints: map[string]string{"mcpeek/v1": c.Tool.String() + "|" + string(c.Kind) + "|" + c.Path.String()}})
	}
}

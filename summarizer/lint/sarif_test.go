package lint_test

import (
	"strings"
	"testing"

	"mcpeek/model"
	"mcpeek/summarizer/lint"
	"mcpeek/summarizer/sarif"
)

// TestSARIFRulesSendToTheLintDoc: each rule's help names its client and
// source, and the document that explains every rule, docs/lint.md.
func TestSARIFRulesSendToTheLintDoc(t *testing.T) {
	t.Parallel()
	b := sarif.NewBuilder("mcpeek", "test", "")
	lint.AddSARIF(b, nil, lint.Clients(), func(model.ToolID) []sarif.Location { return nil })
	rules := b.Log().Runs[0].Tool.Driver.Rules
	if len(rules) == 0 {
		t.Fatal("no rules")
	}
	for _, r := range rules {
		if r.Help == nil || !strings.HasSuffix(r.Help.Text, "). docs/lint.md explains each rule and its fix.") {
			t.Errorf("%s: help %+v", r.ID, r.Help)
		}
	}
}

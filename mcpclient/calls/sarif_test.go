package calls

import (
	"strings"
	"testing"

	"mcpeek/summarizer/sarif"
)

// TestSARIFRulesSendToTheCallsDoc: each kind of assertion is a rule whose
// help names the document of the calls file, docs/calls.md.
func TestSARIFRulesSendToTheCallsDoc(t *testing.T) {
	t.Parallel()
	b := sarif.NewBuilder("mcpeek", "test", "")
	AddSARIF(b, Report{})
	rules := b.Log().Runs[0].Tool.Driver.Rules
	if len(rules) != len(AssertionKinds()) {
		t.Fatalf("%d rules for %d kinds", len(rules), len(AssertionKinds()))
	}
	for _, r := range rules {
		if r.Help == nil || !strings.HasSuffix(r.Help.Text, " docs/calls.md describes the calls file and its assertions.") {
			t.Errorf("%s: help %+v", r.ID, r.Help)
		}
	}
}

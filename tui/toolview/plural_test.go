package toolview

import (
	"strings"
	"testing"

	"mcpeek/summarizer"
)

// A view that reaches one leaf says "1 leaf", not "1 leaves".
func TestOneLeafIsSingular(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	for _, sp := range reachLine(summarizer.Coverage{Leaves: 1, Listed: 1}) {
		b.WriteString(sp.Text)
	}
	if got := b.String(); got != "listed 1 of 1 leaf (100%)" {
		t.Errorf("%q", got)
	}
}

package summaryview

import (
	"fmt"
	"strings"

	"mcpeek/internal/styled"
	"mcpeek/model"
	"mcpeek/summarizer"
)

// Comparison is the folded summary beside the legacy hard cut it
// replaces, at the same budget, with the leaves each lets a planner reach.
type Comparison struct {
	Folded         []string `json:"folded"`
	Legacy         []string `json:"legacy"`
	folded, legacy []summarizer.Line
	FoldedCoverage summarizer.Coverage `json:"folded_coverage"`
	LegacyCoverage summarizer.Coverage `json:"legacy_coverage"`
}

// Compare puts the folded summary of s beside the legacy cut, within opts.
func Compare(s *model.Schema, opts summarizer.Options) Comparison {
	folded, legacy := summarizer.Summarize(s, opts).Lines, summarizer.Legacy(s, opts)
	return Comparison{Folded: summarizer.Strings(folded), Legacy: summarizer.Strings(legacy), folded: folded, legacy: legacy,
		FoldedCoverage: summarizer.Reach(s, folded), LegacyCoverage: summarizer.Reach(s, legacy)}
}

// Text prints both views, each with its coverage and the first leaves it
// hides.
func (c Comparison) Text(p styled.Printer) {
	section := func(title string, lines []summarizer.Line, cov summarizer.Coverage, beyondNote string) {
		p.Println(p.Head.Render(title))
		for _, l := range lines {
			p.Println("  " + Line(p, l))
		}
		p.Println(fmt.Sprintf("  leaves: %d; listed %d, one inspect call away %d, %s %d",
			cov.Leaves, cov.Listed, cov.OneStep, beyondNote, cov.BeyondCount))
		if len(cov.Beyond) > 0 {
			shown := cov.Beyond[:min(12, len(cov.Beyond))]
			more := ""
			if cov.BeyondCount > len(shown) {
				more = fmt.Sprintf(", ... (+%d more)", cov.BeyondCount-len(shown))
			}
			p.Println(p.Faint.Render("  " + beyondNote + ": " + clean(strings.Join(shown, ", ")) + more))
		}
		p.Println("")
	}
	section("legacy: first N leaf paths, hard cut", c.legacy, c.LegacyCoverage, "invisible (no marker says they exist)")
	section("folded summary", c.folded, c.FoldedCoverage, "two or more inspect calls away")
}

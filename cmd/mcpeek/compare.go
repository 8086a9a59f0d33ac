package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"mcpeek/summarizer"
)

// comparison is the folded summary beside the legacy hard cut it replaces.
type comparison struct {
	Folded         []string `json:"folded"`
	Legacy         []string `json:"legacy"`
	folded, legacy []summarizer.Line
	FoldedCoverage summarizer.Coverage `json:"folded_coverage"`
	LegacyCoverage summarizer.Coverage `json:"legacy_coverage"`
}

func (a *app) compareCommand() *cobra.Command {
	var (
		schemaPath string
		asJSON     bool
		budget     budgetFlags
	)
	cmd := &cobra.Command{
		Use:   "compare [SERVER.TOOL]",
		Short: "Show the folded summary beside the old 'first N fields' cut, and what each hides",
		Long: "compare puts the folded summary next to the legacy view it replaces (the first\n" +
			"N flattened leaf paths, cut off hard, no markers) at the same budget, and counts\n" +
			"the leaves each lets a planner reach: listed, one inspect call away, or further.",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			t, err := a.loadTarget(cmd.Context(), schemaPath, args, budget)
			if err != nil {
				return err
			}
			s, err := outputSchema(t.tool, "compare")
			if err != nil {
				return err
			}
			opts := t.opts
			folded, legacy := summarizer.Summarize(s, opts).Lines, summarizer.Legacy(s, opts)
			c := comparison{Folded: summarizer.Strings(folded), Legacy: summarizer.Strings(legacy), folded: folded, legacy: legacy,
				FoldedCoverage: summarizer.Reach(s, folded), LegacyCoverage: summarizer.Reach(s, legacy)}
			if asJSON {
				return writeJSON(a.stdout, c)
			}
			a.printer().comparison(c)
			return nil
		},
	}
	cmd.Flags().StringVar(&schemaPath, "schema", "", "Read the output schema from this JSON file")
	cmd.Flags().BoolVar(&asJSON, "json", false, "Print both views and their coverage as JSON")
	budget.register(cmd, summarizer.MaxSummaryFields, summarizer.DefaultSummaryMaxDepth)
	return cmd
}

func (p printer) comparison(c comparison) {
	section := func(title string, lines []summarizer.Line, cov summarizer.Coverage, beyondNote string) {
		p.println(p.head.Render(title))
		for _, l := range lines {
			p.println("  " + p.summaryLine(l))
		}
		p.println(fmt.Sprintf("  leaves: %d; listed %d, one inspect call away %d, %s %d",
			cov.Leaves, cov.Listed, cov.OneStep, beyondNote, cov.BeyondCount))
		if len(cov.Beyond) > 0 {
			shown := cov.Beyond[:min(12, len(cov.Beyond))]
			more := ""
			if cov.BeyondCount > len(shown) {
				more = fmt.Sprintf(", ... (+%d more)", cov.BeyondCount-len(shown))
			}
			p.println(p.faint.Render("  " + beyondNote + ": " + clean(strings.Join(shown, ", ")) + more))
		}
		p.println("")
	}
	section("legacy: first N leaf paths, hard cut", c.legacy, c.LegacyCoverage, "invisible (no marker says they exist)")
	section("folded summary", c.folded, c.FoldedCoverage, "two or more inspect calls away")
}

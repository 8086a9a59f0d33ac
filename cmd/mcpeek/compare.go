package main

import (
	"github.com/spf13/cobra"

	"mcpeek/summarizer"
	"mcpeek/summarizer/summaryview"
)

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
			c := summaryview.Compare(s, t.opts)
			if asJSON {
				return writeJSON(a.stdout, c)
			}
			c.Text(a.printer().out())
			return nil
		},
	}
	cmd.Flags().StringVar(&schemaPath, "schema", "", "Read the output schema from this JSON file")
	cmd.Flags().BoolVar(&asJSON, "json", false, "Print both views and their coverage as JSON")
	budget.register(cmd, summarizer.MaxSummaryFields, summarizer.DefaultSummaryMaxDepth)
	return cmd
}

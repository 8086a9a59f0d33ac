package main

import (
	"github.com/spf13/cobra"

	"mcpeek/summarizer"
	"mcpeek/summarizer/reach"
	"mcpeek/summarizer/summaryview"
)

// budgetFlags are the knobs of the summarizer, shared by commands.
type budgetFlags struct {
	maxFields, maxDepth int
}

func (b *budgetFlags) register(cmd *cobra.Command, fields, depth int) {
	cmd.Flags().IntVar(&b.maxFields, "max-fields", fields, "Most lines to show")
	cmd.Flags().IntVar(&b.maxDepth, "max-depth", depth, "Deepest level to show")
}

func (b budgetFlags) options() (summarizer.Options, error) {
	if b.maxFields < 1 || b.maxDepth < 1 {
		return summarizer.Options{}, usageError("--max-fields and --max-depth must be at least 1 (got %d and %d)", b.maxFields, b.maxDepth)
	}
	return summarizer.Options{MaxFields: b.maxFields, MaxDepth: b.maxDepth}, nil
}

// The output formats of summary.
const (
	formatText     = "text"
	formatJSON     = "json"
	formatMarkdown = "markdown"
)

func (a *app) summaryCommand() *cobra.Command {
	var (
		schemaPath string
		asJSON     bool
		format     string
		withStats  bool
		explain    bool
		needs      []string
		budget     budgetFlags
	)
	cmd := &cobra.Command{
		Use:   "summary [SERVER.TOOL]",
		Short: "Show a tool's folded output summary (what a planner is shown)",
		Example: "  mcpeek summary demo.shop_get_order\n" +
			"  mcpeek summary demo.shop_get_order --max-fields 10 --json --stats\n" +
			"  mcpeek summary --schema order.schema.json --format markdown\n" +
			"  mcpeek summary demo.shop_get_order --explain --need 'line_items[].price_set.shop_money.amount'",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if asJSON {
				format = formatJSON
			}
			switch format {
			case formatText, formatJSON, formatMarkdown:
			default:
				return usageError("--format must be text, json or markdown, not %q", format)
			}
			t, err := a.loadTarget(cmd.Context(), schemaPath, args, budget)
			if err != nil {
				return err
			}
			v, err := summaryview.Build(t.tool, t.ref.schemaPath, t.opts, withStats)
			if err != nil {
				return err
			}
			if explain || len(needs) > 0 {
				s, err := outputSchema(t.tool, "explain")
				if err != nil {
					return err
				}
				v.Explain = reach.Explain(s, v.Summary, needs)
			}
			return a.printSummaryView(v, format)
		},
	}
	cmd.Flags().StringVar(&schemaPath, "schema", "", "Read the output schema from this JSON file")
	cmd.Flags().BoolVar(&asJSON, "json", false, "Print the planner descriptor as JSON (same as --format json)")
	cmd.Flags().StringVar(&format, "format", formatText, "Text, json or markdown")
	cmd.Flags().BoolVar(&withStats, "stats", false, "Add sizes in bytes and tokens (cl100k, o200k), and coverage")
	cmd.Flags().BoolVar(&explain, "explain", false, "Say which step of the folding rules chose each line")
	cmd.Flags().StringArrayVar(&needs, "need", nil, "A field path a planner needs: say whether it is listed, else which fold holds it and how many inspect_tool_output calls list it (repeatable; implies --explain)")
	budget.register(cmd, summarizer.MaxSummaryFields, summarizer.DefaultSummaryMaxDepth)
	return cmd
}

// printSummaryView writes the view in the format asked for.
func (a *app) printSummaryView(v summaryview.View, format string) error {
	switch format {
	case formatJSON:
		return writeJSON(a.stdout, v.JSON())
	case formatMarkdown:
		_, err := a.stdout.Write([]byte(v.Markdown()))
		return err
	}
	v.Text(a.printer().out())
	return nil
}

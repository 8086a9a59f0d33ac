package main

import (
	"github.com/spf13/cobra"

	"mcpeek/model"
	"mcpeek/summarizer"
)

// budgetFlags are the knobs of the summarizer, shared by commands.
type budgetFlags struct {
	maxFields, maxDepth int
}

func (b *budgetFlags) register(cmd *cobra.Command, fields, depth int) {
	cmd.Flags().IntVar(&b.maxFields, "max-fields", fields, "most lines to show")
	cmd.Flags().IntVar(&b.maxDepth, "max-depth", depth, "deepest level to show")
}

func (b budgetFlags) options() (summarizer.Options, error) {
	if b.maxFields < 1 || b.maxDepth < 1 {
		return summarizer.Options{}, usageError("--max-fields and --max-depth must be at least 1 (got %d and %d)", b.maxFields, b.maxDepth)
	}
	return summarizer.Options{MaxFields: b.maxFields, MaxDepth: b.maxDepth}, nil
}

func (a *app) summaryCommand() *cobra.Command {
	var (
		schemaPath string
		asJSON     bool
		budget     budgetFlags
	)
	cmd := &cobra.Command{
		Use:   "summary [SERVER.TOOL]",
		Short: "Show a tool's folded output summary (what a planner is shown)",
		Example: "  mcpeek summary --schema order.schema.json\n" +
			"  mcpeek summary demo.shop_get_order --max-fields 10 --json",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ref, err := toolArg(schemaPath, args)
			if err != nil {
				return err
			}
			opts, err := budget.options()
			if err != nil {
				return err
			}
			tool, err := a.loadTool(cmd.Context(), ref)
			if err != nil {
				return err
			}
			return a.printSummary(ref, tool, opts, asJSON)
		},
	}
	cmd.Flags().StringVar(&schemaPath, "schema", "", "read the output schema from this JSON file")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the contract's JSON object")
	budget.register(cmd, summarizer.MaxSummaryFields, summarizer.DefaultSummaryMaxDepth)
	return cmd
}

// toolArg reads the tool a command names: --schema or one SERVER.TOOL.
func toolArg(schemaPath string, args []string) (toolRef, error) {
	switch {
	case schemaPath != "" && len(args) > 0:
		return toolRef{}, usageError("give either --schema FILE or SERVER.TOOL, not both")
	case schemaPath != "":
		return toolRef{schemaPath: schemaPath}, nil
	case len(args) == 0:
		return toolRef{}, usageError("name a tool as SERVER.TOOL, or a schema file with --schema FILE")
	}
	return parseToolRef(args[0])
}

func (a *app) printSummary(ref toolRef, tool model.Tool, opts summarizer.Options, asJSON bool) error {
	if ref.fromFile() {
		s, err := model.ParseSchema(tool.OutputSchema)
		if err != nil {
			return err
		}
		sum := summarizer.Summarize(s, opts)
		if asJSON {
			return writeJSON(a.stdout, sum)
		}
		a.printer().summary(ref.schemaPath, sum.OutputFields, sum.HasHiddenFields)
		return nil
	}
	d, err := summarizer.Describe(tool, opts)
	if err != nil {
		return err
	}
	if asJSON {
		return writeJSON(a.stdout, d)
	}
	p := a.printer()
	p.descriptorHeader(d)
	p.summary(d.ToolID, d.OutputFields, d.HasHiddenFields)
	return nil
}

package main

import (
	"github.com/spf13/cobra"

	"mcpeek/summarizer"
	"mcpeek/summarizer/summaryview"
)

func (a *app) inspectCommand() *cobra.Command {
	var (
		schemaPath string
		asJSON     bool
		budget     budgetFlags
	)
	cmd := &cobra.Command{
		Use:   "inspect [SERVER.TOOL] [FIELD_PATH]",
		Short: "Drill into one field path of a tool's output schema",
		Long: "inspect answers inspect_tool_output: the children of the node at FIELD_PATH\n" +
			"and a breadth-first preview of its subtree. Paths use dots and [] for arrays\n" +
			"(line_items[].price_set); the root is the empty path.",
		Example: "  mcpeek inspect --schema order.schema.json 'line_items[].price_set'\n" +
			"  mcpeek inspect demo.shop_get_order variants --json",
		Args: cobra.MaximumNArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			var ref toolRef
			var err error
			path := ""
			if schemaPath != "" {
				if len(args) > 1 {
					return usageError("with --schema, give at most one FIELD_PATH")
				}
				ref = toolRef{schemaPath: schemaPath}
				if len(args) == 1 {
					path = args[0]
				}
			} else {
				if ref, err = toolArg("", args[:min(1, len(args))]); err != nil {
					return err
				}
				if len(args) == 2 {
					path = args[1]
				}
			}
			opts, err := budget.options()
			if err != nil {
				return err
			}
			tool, err := a.loadTool(cmd.Context(), ref)
			if err != nil {
				return err
			}
			s, err := outputSchema(tool, "inspect")
			if err != nil {
				return err
			}
			ins, err := summarizer.Inspect(s, path, opts)
			if err != nil {
				return err
			}
			if !ref.fromFile() {
				ins.ToolID = tool.ID().String()
			}
			if asJSON {
				return writeJSON(a.stdout, ins)
			}
			summaryview.Inspection(a.printer().out(), ins)
			return nil
		},
	}
	cmd.Flags().StringVar(&schemaPath, "schema", "", "Read the output schema from this JSON file")
	cmd.Flags().BoolVar(&asJSON, "json", false, "Print the inspect_tool_output answer as JSON")
	budget.register(cmd, summarizer.DefaultInspectMaxField, summarizer.DefaultInspectMaxDepth)
	return cmd
}

package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"mcpeek/summarizer"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/treetext"
)

func (a *app) foldCommand() *cobra.Command {
	var (
		schemaPath string
		open       []string
		depth      int
		budget     budgetFlags
	)
	cmd := &cobra.Command{
		Use:   "fold [SERVER.TOOL]",
		Short: "Print the summary tree with some folds open, as the explorer shows it",
		Long: "fold prints a tool's folded summary as a tree, the way the terminal explorer\n" +
			"draws it: kept lines nested under their containers, ▸ for a fold. --depth N\n" +
			"unfolds every line above level N (1 shows only the top level); each --open\n" +
			"PATH then unfolds that field and the lines above it, found behind the `*` line\n" +
			"when the summary left it out. Each opened fold lists exactly what\n" +
			"inspect_tool_output returns for its path. The output is plain text unless\n" +
			"stdout is a terminal, so it can go into a README or a slide.",
		Example: "  mcpeek fold demo.shop_get_order --open 'line_items[].price_set'\n" +
			"  mcpeek fold --schema order.schema.json --depth 2 --max-fields 10",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if depth < 0 {
				return usageError("--depth must be 0 (leave the summary as it is) or more, not %d", depth)
			}
			tg, err := a.loadTarget(cmd.Context(), schemaPath, args, budget)
			if err != nil {
				return err
			}
			s, err := outputSchema(tg.tool, "fold")
			if err != nil {
				return err
			}
			t := schematree.NewSummary(s, summarizer.Summarize(s, tg.opts))
			if depth > 0 {
				t.ExpandToDepth(depth)
			}
			for _, p := range open {
				loc, err := summarizer.Locate(s, p)
				if err != nil {
					return err
				}
				if _, ok := t.Open(loc.Path); !ok {
					return fmt.Errorf("no line of the summary tree has the path %q", loc.Path)
				}
			}
			title := tg.tool.ID().String()
			if tg.ref.fromFile() {
				title = tg.ref.schemaPath
			}
			_, err = fmt.Fprintln(a.stdout, treetext.Render(clean(title), t, a.foldStyles()))
			return err
		},
	}
	cmd.Flags().StringVar(&schemaPath, "schema", "", "Read the output schema from this JSON file")
	cmd.Flags().StringArrayVar(&open, "open", nil, "Unfold the line at this field path (repeatable)")
	cmd.Flags().IntVar(&depth, "depth", 0, "Unfold every line above this level first (1: top level only)")
	budget.register(cmd, summarizer.MaxSummaryFields, summarizer.DefaultSummaryMaxDepth)
	return cmd
}

// foldStyles are the styles fold draws its tree in, nil for plain text.
func (a *app) foldStyles() *treetext.RoleStyles {
	p := a.printer()
	if !p.styled {
		return nil
	}
	return &p.roles
}

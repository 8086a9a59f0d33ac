package main

import (
	"github.com/spf13/cobra"

	"mcpeek/internal/jsonfmt"
	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/summarizer/reach"
	"mcpeek/summarizer/tokens"
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
			v, err := buildSummaryView(t.ref, t.tool, t.opts, withStats)
			if err != nil {
				return err
			}
			if explain || len(needs) > 0 {
				s, err := outputSchema(t.tool, "explain")
				if err != nil {
					return err
				}
				v.explain = reach.Explain(s, v.summary, needs)
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

// summaryView is everything the summary command prints, in any format.
type summaryView struct {
	title      string
	descriptor *summarizer.Descriptor // nil for --schema
	summary    summarizer.Summary
	stats      *summaryStats
	explain    *reach.Explanation // --explain
}

// summaryStats is the --stats object: what the descriptor costs in a
// prompt, next to the tool's full definition, and which leaves it reaches.
type summaryStats struct {
	Descriptor tokens.Size          `json:"descriptor"`
	Definition tokens.Size          `json:"definition"`
	Lines      int                  `json:"lines"`
	Coverage   *summarizer.Coverage `json:"coverage,omitempty"`
}

func buildSummaryView(ref toolRef, tool model.Tool, opts summarizer.Options, withStats bool) (summaryView, error) {
	var v summaryView
	var planner any // exactly what a planner is shown
	var out *model.Schema
	if ref.fromFile() || tool.HasOutputSchema() {
		s, err := readOutput(tool)
		if err != nil && ref.fromFile() {
			return v, err
		}
		if err == nil {
			out, v.summary = s, summarizer.Summarize(s, opts)
		}
	}
	if ref.fromFile() {
		v.title = ref.schemaPath
		planner = v.summary
	} else {
		d, err := summarizer.Describe(tool, opts)
		if err != nil {
			return v, err
		}
		v.title, v.descriptor = d.ToolID, &d
		planner = d
	}
	if !withStats {
		return v, nil
	}
	counter := tokens.NewCounter()
	compact, err := jsonfmt.MarshalCompact(planner)
	if err != nil {
		return v, err
	}
	definition := tool.Raw
	if ref.fromFile() {
		definition = tool.OutputSchema
	}
	v.stats = &summaryStats{
		Descriptor: counter.Measure(string(compact)),
		Definition: counter.Measure(string(definition)),
		Lines:      len(v.summary.Lines),
	}
	if out != nil {
		c := summarizer.Reach(out, v.summary.Lines)
		c.Beyond = nil // counts only: the list is for the TUI and `compare`
		v.stats.Coverage = &c
	}
	return v, nil
}

func (a *app) printSummaryView(v summaryView, format string) error {
	switch format {
	case formatJSON:
		var body any = v.summary
		if v.descriptor != nil {
			body = v.descriptor
		}
		if v.stats == nil && v.explain == nil {
			return writeJSON(a.stdout, body)
		}
		if v.descriptor != nil {
			return writeJSON(a.stdout, struct {
				Descriptor any                `json:"descriptor"`
				Stats      *summaryStats      `json:"stats,omitempty"`
				Explain    *reach.Explanation `json:"explain,omitempty"`
			}{body, v.stats, v.explain})
		}
		return writeJSON(a.stdout, struct {
			Summary any                `json:"summary"`
			Stats   *summaryStats      `json:"stats,omitempty"`
			Explain *reach.Explanation `json:"explain,omitempty"`
		}{body, v.stats, v.explain})
	case formatMarkdown:
		_, err := a.stdout.Write([]byte(markdownSummary(v)))
		return err
	}
	p := a.printer()
	if v.descriptor != nil {
		p.descriptorHeader(*v.descriptor)
	}
	p.summary(v.title, v.summary.Lines, v.summary.HasHiddenFields, v.explain != nil)
	if v.stats != nil {
		p.stats(*v.stats)
	}
	if v.explain != nil {
		p.needs(v.explain.Needs)
	}
	return nil
}

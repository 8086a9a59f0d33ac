package main

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	lgtree "charm.land/lipgloss/v2/tree"
	"github.com/spf13/cobra"

	"mcpeek/schematree"
	"mcpeek/summarizer"
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
			title := tg.tool.ID()
			if tg.ref.fromFile() {
				title = tg.ref.schemaPath
			}
			_, err = fmt.Fprintln(a.stdout, a.foldStyles().render(clean(title), t))
			return err
		},
	}
	cmd.Flags().StringVar(&schemaPath, "schema", "", "read the output schema from this JSON file")
	cmd.Flags().StringArrayVar(&open, "open", nil, "unfold the line at this field path (repeatable)")
	cmd.Flags().IntVar(&depth, "depth", 0, "unfold every line above this level first (1: top level only)")
	budget.register(cmd, summarizer.MaxSummaryFields, summarizer.DefaultSummaryMaxDepth)
	return cmd
}

// foldStyles colour the printed tree on a terminal; all are plain otherwise.
type foldStyles struct {
	name, typ, fold, note, enum lipgloss.Style
}

func (a *app) foldStyles() foldStyles {
	var s foldStyles
	if a.color {
		s.name = lipgloss.NewStyle().Foreground(lipgloss.Color("#5FAFFF")).Bold(true)
		s.typ = lipgloss.NewStyle().Foreground(lipgloss.Color("#87D787"))
		s.fold = lipgloss.NewStyle().Foreground(lipgloss.Color("#D7AF5F"))
		s.note = lipgloss.NewStyle().Faint(true).Italic(true)
		s.enum = lipgloss.NewStyle().Faint(true)
	}
	return s
}

// render builds the lipgloss tree of the lines shown, nested by depth.
func (s foldStyles) render(title string, t *schematree.Tree) string {
	root := lgtree.Root(title)
	stack := []*lgtree.Tree{root}
	t.Walk(func(n *schematree.Node) bool {
		stack = stack[:n.Depth()+1]
		item := lgtree.Root(s.line(n))
		stack[len(stack)-1].Child(item)
		stack = append(stack, item)
		return true
	})
	return root.String()
}

// line is one node as the explorer writes it: fold glyph, name, type,
// counts and notes. Every string in a Row is sanitised already.
func (s foldStyles) line(n *schematree.Node) string {
	glyph := "  "
	switch {
	case n.Cycle() && n.Collapsed():
		glyph = "↻ "
	case n.Openable() && n.Collapsed():
		glyph = "▸ "
	case n.Openable() || n.HasKids():
		glyph = "▾ "
	}
	var b strings.Builder
	b.WriteString(s.fold.Render(glyph))
	switch n.Kind {
	case schematree.KindNote:
		b.WriteString(s.note.Render(n.Name))
		return b.String()
	case schematree.KindMore:
		b.WriteString(s.fold.Render("* " + n.Note))
		return b.String()
	}
	b.WriteString(s.name.Render(n.Name))
	if n.Required {
		b.WriteString("*")
	}
	if n.Type != "" {
		b.WriteString(": " + s.typ.Render(n.Type))
	}
	if n.Format != "" {
		b.WriteString(" (" + n.Format + ")")
	}
	if n.Count >= 0 && n.Openable() {
		b.WriteString(s.fold.Render("  " + countText(n.Count)))
	}
	if n.Note != "" {
		b.WriteString(s.note.Render("  " + n.Note))
	}
	if n.Enum != "" {
		b.WriteString(s.enum.Render("  " + n.Enum))
	}
	return b.String()
}

func countText(n int) string {
	if n == 1 {
		return "1 field"
	}
	return fmt.Sprintf("%d fields", n)
}

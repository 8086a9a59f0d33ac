package main

import (
	"fmt"
	"image/color"
	"strings"

	"charm.land/lipgloss/v2"
	lgtree "charm.land/lipgloss/v2/tree"
	"github.com/spf13/cobra"

	"mcpeek/internal/theme"
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

// foldStyles colour the printed tree on a terminal, in the explorer's
// palette; all are plain otherwise.
type foldStyles struct {
	styled  bool
	palette theme.Palette
}

func (a *app) foldStyles() foldStyles {
	p := a.printer()
	return foldStyles{styled: p.styled, palette: p.palette}
}

// render builds the lipgloss tree of the lines shown, nested by depth.
func (s foldStyles) render(title string, t *schematree.Tree) string {
	root := lgtree.Root(title)
	stack := []*lgtree.Tree{root}
	spans := make([]schematree.Span, 0, 12)
	t.Walk(func(n *schematree.Node) bool {
		stack = stack[:n.Depth()+1]
		spans = n.AppendSpans(spans[:0], schematree.LineOptions{Glyphs: schematree.DefaultGlyphs})
		item := lgtree.Root(s.line(spans))
		stack[len(stack)-1].Child(item)
		stack = append(stack, item)
		return true
	})
	return root.String()
}

// line writes a tree line's spans, each in its role's colour.
func (s foldStyles) line(spans []schematree.Span) string {
	var b strings.Builder
	for _, sp := range spans {
		if !s.styled {
			b.WriteString(sp.Text)
			continue
		}
		b.WriteString(s.style(sp).Render(sp.Text))
	}
	return b.String()
}

func (s foldStyles) style(sp schematree.Span) lipgloss.Style {
	st := lipgloss.NewStyle()
	fg := func(c color.Color) lipgloss.Style { return st.Foreground(c) }
	p := s.palette
	switch sp.Role {
	case schematree.RoleGlyph, schematree.RoleCount:
		return fg(p.Fold)
	case schematree.RoleMore:
		return fg(p.Fold).Italic(true)
	case schematree.RoleName:
		return fg(p.Key)
	case schematree.RoleSection:
		return fg(p.Accent).Bold(true)
	case schematree.RoleRequired:
		return fg(p.Err)
	case schematree.RoleType:
		return fg(p.TypeColor(sp.Text))
	case schematree.RoleNote, schematree.RoleText:
		return fg(p.Muted).Italic(true)
	case schematree.RoleCycleNote:
		return fg(p.Lit).Italic(true)
	case schematree.RoleDesc:
		return fg(p.Faint)
	}
	return fg(p.Muted) // punctuation, format, enum
}

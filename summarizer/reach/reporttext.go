package reach

import (
	"fmt"

	"mcpeek/internal/plural"
	"mcpeek/internal/styled"
	"mcpeek/model"
)

// Text prints the counts per budget, with shares of the paths found, and
// the paths that name nothing.
func (rep Report) Text(p styled.Printer) {
	paths := 0
	if len(rep.Totals) > 0 {
		paths = rep.Totals[0].Paths
	}
	p.Println(p.Head.Render(fmt.Sprintf("%s, %s needed", plural.Count(rep.Tasks, "task", "tasks"), plural.Count(paths, "path", "paths"))) +
		p.Faint.Render(fmt.Sprintf(" (max_depth %d; inspect_tool_output at max_fields %d, max_depth %d)",
			rep.Totals[0].MaxDepth, rep.Inspect["max_fields"], rep.Inspect["max_depth"])))
	p.Println(fmt.Sprintf("  %-8s %-15s %-15s %-15s %-15s %s", "budget", "listed", "one call", "two calls", "hidden", "within one call"))
	share := func(n, of int) string {
		if of == 0 {
			return fmt.Sprintf("%d", n)
		}
		return fmt.Sprintf("%d (%.1f%%)", n, float64(n)*100/float64(of))
	}
	for _, t := range rep.Totals {
		found := t.Paths - t.NotFound
		within := "n/a"
		if found > 0 {
			within = fmt.Sprintf("%.1f%%", float64(t.Listed+t.OneCall)*100/float64(found))
		}
		p.Println(fmt.Sprintf("  %-8d %-15s %-15s %-15s %-15s %s", t.MaxFields, share(t.Listed, found), share(t.OneCall, found),
			share(t.TwoCalls, found), share(t.Hidden, found), within))
	}
	if n := rep.Totals[0].NotFound; n > 0 {
		p.Println("")
		what := "1 path names nothing in its tool's output schema (not counted above):"
		if n > 1 {
			what = fmt.Sprintf("%d paths name nothing in their tool's output schema (not counted above):", n)
		}
		p.Println(p.Faint.Render(what))
		for _, r := range rep.Detail {
			for _, need := range r.Budgets[0].Needs {
				if need.Reach == NotFound {
					p.Println("  " + model.SanitizeLine(r.Tool) + " " + p.Path.Render(model.SanitizeLine(need.Path)) + ": " + model.SanitizeLine(need.Error))
				}
			}
		}
	}
}

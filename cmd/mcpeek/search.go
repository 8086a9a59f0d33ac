package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"mcpeek/mcpclient/servertext"
	"mcpeek/model"
	"mcpeek/summarizer/search"
)

func (a *app) searchCommand() *cobra.Command {
	var (
		in     string
		asJSON bool
		limit  int
	)
	cmd := &cobra.Command{
		Use:   "search QUERY",
		Short: "Find fields across every tool: which tools return (or take) a field",
		Long: "search looks through the output and input schemas of every tool of every\n" +
			"server for fields whose name matches QUERY, ranked as the explorer's filter\n" +
			"ranks tools: the exact name, a prefix, a whole word, a word start, anywhere in\n" +
			"it, then its letters in order. A QUERY with a dot or brackets matches paths\n" +
			"(customer.email, line_items[].sku). Output paths are what inspect accepts.",
		Example: "  mcpeek search email\n" +
			"  mcpeek search order_id --in input\n" +
			"  mcpeek search customer.email --json",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if limit < 0 {
				return usageError("--limit must be 0 (all) or more, not %d", limit)
			}
			side, ok := search.ParseSide(in)
			if !ok {
				return usageError("--in must be output, input or both, not %q", in)
			}
			m, err := a.openManager(cmd.Context())
			if err != nil {
				return err
			}
			defer m.Close()
			servers := m.Servers()
			var tools []model.Tool
			for _, s := range servers {
				tools = append(tools, s.Tools...)
			}
			hits := search.NewIndex(tools).Search(args[0], side, 0)
			if limit > 0 && len(hits) > limit {
				a.note(fmt.Sprintf("showing %d of %d matches; --limit N shows more (--limit 0 all of them)", limit, len(hits)))
				hits = hits[:limit]
			}
			if asJSON {
				if hits == nil {
					hits = []search.Hit{}
				}
				if err := writeJSON(a.stdout, hits); err != nil {
					return err
				}
			} else {
				a.printer().searchHits(args[0], hits)
			}
			return servertext.Failed(servers)
		},
	}
	cmd.Flags().StringVar(&in, "in", "both", "Which schemas to search: output, input or both")
	cmd.Flags().BoolVar(&asJSON, "json", false, "Print a JSON array of {tool_id, in, path, type, match}")
	cmd.Flags().IntVar(&limit, "limit", 50, "Most hits to print (0 for all); stderr says how many there were when there were more")
	return cmd
}

// searchHits prints one hit per line: the tool, the side, the path and
// its type, the tool column as wide as its longest id.
func (p printer) searchHits(query string, hits []search.Hit) {
	if len(hits) == 0 {
		p.println(p.faint.Render(fmt.Sprintf("no field matches %q", clean(query))))
		return
	}
	w := 0
	for _, h := range hits {
		w = max(w, len(clean(h.ToolID.String())))
	}
	for _, h := range hits {
		id := clean(h.ToolID.String())
		p.println(id + strings.Repeat(" ", w-len(id)) + "  " + fmt.Sprintf("%-6s", h.In) + "  " +
			p.path.Render(clean(h.Path)) + ": " + p.typ(h.Type))
	}
}

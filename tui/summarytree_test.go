package tui

import (
	"mcpeek/internal/testkit"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"mcpeek/summarizer"
	"mcpeek/summarizer/schematree"
)

func shopOrderTree(t *testing.T) *schematree.Tree {
	tool := testkit.DemoTool(t, "shop_get_order")
	s := testkit.Parse(t, tool.OutputSchema)
	return schematree.NewSummary(s, summarizer.Summarize(s, summarizer.Options{}))
}

func TestSummaryTreeGolden(t *testing.T) {
	t.Parallel()
	tr := shopOrderTree(t)
	tr.SetHeight(40)
	n := findNode(tr, "line_items[]")
	tr.Reveal(n)
	tr.Expand(n)
	tr.Find(func(n *schematree.Node) bool { return n.Path.String() == "line_items[].price_set" }, false)
	tr.Right()
	golden.RequireEqual(t, []byte(plainTree(tr, 100, true)))
}

func TestSchemaTreeGolden(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"shop_get_order", "docs_get_document", "mail_search_threads"} {
		t.Run(name, func(t *testing.T) {
			tool := testkit.DemoTool(t, name)
			tr := schematree.NewSchema(testkit.Parse(t, tool.OutputSchema), testkit.Parse(t, tool.InputSchema), "", "")
			tr.SetHeight(60)
			tr.ExpandToDepth(3)
			golden.RequireEqual(t, []byte(plainTree(tr, 110, false)))
		})
	}
}

// Recursive schemas are marked, not looped, by expand-all.
func TestSchemaTreeRecursion(t *testing.T) {
	t.Parallel()
	s := testkit.Parse(t, []byte(`{"type":"object","properties":{"root":{"$ref":"#/$defs/node"}},
		"$defs":{"node":{"type":"object","properties":{"name":{"type":"string"},
		"children":{"type":"array","items":{"$ref":"#/$defs/node"}}}}}}`))
	tr := schematree.NewSchema(s, nil, "", "")
	tr.SetHeight(20)
	tr.ExpandAll()
	want := `▾ output: object
  ▾ root: object  2 fields  → #/$defs/node
      name: string
    ↻ children[]: object  2 fields  recursive → #/$defs/node
  input  `
	if got := plainTree(tr, 80, false); !strings.HasPrefix(got, strings.TrimRight(want, " ")) {
		t.Fatalf("got:\n%s\nwant:\n%s", got, want)
	}
}

// A kept leaf that comes before its container's line still nests under it.
func TestSummaryTreeNestsLaterContainers(t *testing.T) {
	t.Parallel()
	tool := testkit.DemoTool(t, "shop_list_customers")
	s := testkit.Parse(t, tool.OutputSchema)
	tr := schematree.NewSummary(s, summarizer.Summarize(s, summarizer.Options{}))
	n := findNode(tr, "customers[].default_address.id")
	if n == nil || n.Parent() == nil || n.Parent().Path.String() != "customers[].default_address" || n.Name != "id" {
		t.Fatalf("default_address.id is not under default_address: %+v", n)
	}
	tr.SetHeight(60)
	golden.RequireEqual(t, []byte(plainTree(tr, 100, false)))
}

package tui

import (
	"strings"
	"testing"

	"mcpeek/internal/testkit"
	"mcpeek/summarizer"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/treetext"
)

// The explorer and `mcpeek fold` write the same tree lines: one writer,
// each front end nesting and colouring them its own way.
func TestExplorerAndFoldWriteTheSameLines(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"shop_get_order", "docs_get_document", "mail_search_threads"} {
		s := testkit.Parse(t, testkit.DemoTool(t, name).OutputSchema)
		tr := schematree.NewSummary(s, summarizer.Summarize(s, summarizer.Options{}))
		tr.SetHeight(10_000)
		tr.ExpandToDepth(3)

		var explorer []string
		for _, l := range strings.Split(plainTree(tr, 10_000, false), "\n") {
			explorer = append(explorer, strings.TrimLeft(l, " "))
		}
		var fold []string
		for _, l := range strings.Split(treetext.Render(name, tr, nil), "\n")[1:] {
			l = strings.TrimLeft(l, "│├└─ ")
			fold = append(fold, strings.TrimRight(l, " "))
		}
		if len(explorer) != len(fold) || len(fold) < 10 {
			t.Fatalf("%s: %d explorer lines, %d fold lines", name, len(explorer), len(fold))
		}
		for i := range fold {
			// The explorer indents, fold draws branches; the rest is one text.
			if strings.TrimLeft(explorer[i], " ▸▾↻") != strings.TrimLeft(fold[i], " ▸▾↻") || explorer[i][:3] != fold[i][:3] {
				t.Errorf("%s line %d:\nexplorer %q\nfold     %q", name, i, explorer[i], fold[i])
			}
		}
	}
}

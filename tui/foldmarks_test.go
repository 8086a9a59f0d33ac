package tui

import (
	"strings"
	"testing"
)

// A folded line shows how many marks it hides and the worst of them, in
// the summary (folds and the "*" line) and in the schema tree (a folded
// object); i on it lists them.
func TestFoldedLinesShowTheMarksTheyHide(t *testing.T) {
	t.Parallel()
	h := overlaid(t, "stale_get_order", "summary")
	// line_items[] hides amount (missing required in 1 of 3 items) and
	// amount_cents (not allowed); * hides order_number, financial_status,
	// total_price and the missing currency.
	wantLines(t, h.screen(), map[string]string{
		"▸ line_items[]: object": "line_items[]: object  ✗ 2 inside",
		"▸ * +59 more fields":    "* +59 more fields  ✗ 4 inside",
	})
	if l := lineOf(h.screen(), "▸ total_price_set:"); strings.Contains(l, "inside") {
		t.Errorf("a fold that hides no mark says it does: %q", l)
	}
	tr := h.m.currentTree()
	n := findNode(tr, "line_items[]")
	tr.Jump(n)
	h.keys("i")
	details := h.screen()
	for _, want := range []string{"folded away under this line:", "✗ line_items[].price_set.shop_money.amount: missing required: expected string (1 of 3)",
		"⊘ line_items[].price_set.shop_money.amount_cents: not allowed"} {
		if !strings.Contains(details, want) {
			t.Errorf("the details of line_items[] lack %q:\n%s", want, details)
		}
	}
	h.keys("esc")

	h.m.view.kind = viewNamed(t, "schema")
	h.m.sizePanes()
	tr = h.m.currentTree()
	items, ok := tr.JumpTo(outPath("line_items[]"))
	if !ok {
		t.Fatal("no line_items[] in the schema tree")
	}
	tr.Collapse(items)
	tr.Reveal(items)
	wantLines(t, h.screen(), map[string]string{"line_items[]*: object": "✗ 2 inside"})
	// Opened, the line shows only its own marks; the lines under it show
	// theirs, shop_money's folded line what it hides.
	tr.Expand(items)
	if l := lineOf(h.screen(), "line_items[]*: object"); strings.Contains(l, "inside") {
		t.Errorf("an open line counts what it shows: %q", l)
	}
	price, _ := tr.JumpTo(outPath("line_items[].price_set"))
	tr.Reveal(price)
	wantLines(t, h.screen(), map[string]string{"shop_money*: object": "⊘ not allowed: amount_cents"})
	money, _ := tr.JumpTo(outPath("line_items[].price_set.shop_money"))
	tr.Collapse(money)
	wantLines(t, h.screen(), map[string]string{"shop_money*: object": "✗ 1 inside  ⊘ not allowed: amount_cents"})
}

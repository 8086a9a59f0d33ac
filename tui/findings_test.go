package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"mcpeek/tui/toolview"
)

// The result view's findings wrap at 80 columns instead of being cut (and
// wrap again when the width changes), and enter on one shows its field in
// the schema view; esc comes back.
func TestResultFindingsWrapAndLead(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoCalls(t, demoResult(t)), 80, 40)
	h.selectTool("stale_get_order")
	h.run(h.callShown(`{"order_id":"5601234042"}`))
	h.m.term.focus = focusView
	h.m.view.kind = toolview.ResultKind()
	h.m.sizePanes()
	tr := h.m.currentTree()
	tr.Top()
	h.keys("enter") // opens the check section
	check := func() []string {
		var rows []string
		in := false
		for _, l := range strings.Split(h.screen(), "\n") {
			_, right, _ := strings.Cut(l, "│")
			switch {
			case strings.Contains(right, "▾ check"):
				in = true
			case strings.Contains(right, "structuredContent"):
				in = false
			case in:
				rows = append(rows, right)
			}
		}
		return rows
	}
	if scr := strings.Join(strings.Fields(h.screen()), " "); !strings.Contains(scr, "1 null not allowed, 1 not │allowed") &&
		!strings.Contains(scr, "1 not allowed") {
		t.Errorf("the verdict's counts are cut:\n%s", h.screen())
	}
	rows := check()
	if len(rows) < 9 {
		t.Fatalf("the check section shows %d rows:\n%s", len(rows), h.screen())
	}
	all := strings.Join(rows, "\n")
	for _, r := range rows {
		if strings.HasSuffix(r, "…") {
			t.Errorf("a finding is cut: %q", r)
		}
	}
	for _, want := range []string{`got "paid_in_full"`, "amount_cents: not allowed"} {
		if !strings.Contains(strings.Join(strings.Fields(all), " "), want) {
			t.Errorf("no %q in the findings:\n%s", want, all)
		}
	}
	// Wider, the findings take fewer rows.
	h.send(tea.WindowSizeMsg{Width: 160, Height: 40})
	if wide := check(); len(wide) >= len(rows) || len(wide) < 8 {
		t.Errorf("at 160 columns the findings take %d rows, at 80 %d", len(wide), len(rows))
	}
	// enter on the missing amount shows it in the schema view.
	for n := tr.First(); n != nil; n = n.Next() {
		if strings.HasPrefix(n.Name, "line_items[].price_set.shop_money.amount: missing") {
			tr.Jump(n)
			break
		}
	}
	h.keys("enter")
	if h.m.view.kind != viewNamed(t, "schema") || h.cursorPath() != "line_items[].price_set.shop_money.amount" {
		t.Fatalf("enter on a finding shows %s at %q", h.m.view.kind, h.cursorPath())
	}
	h.keys("esc")
	if h.m.view.kind != toolview.ResultKind() {
		t.Errorf("esc from the field goes to %s, not back to the result", h.m.view.kind)
	}
	// An undeclared key's finding shows its object.
	tr = h.m.currentTree()
	for n := tr.First(); n != nil; n = n.Next() {
		if strings.HasPrefix(n.Name, "legacy_order_ref: undeclared") {
			tr.Jump(n)
			break
		}
	}
	h.keys("enter")
	if h.m.view.kind != viewNamed(t, "schema") || h.cursorPath() != "" {
		t.Errorf("enter on legacy_order_ref shows %s at %q, want the root object", h.m.view.kind, h.cursorPath())
	}
}

package tui

import (
	"context"
	"strings"
	"testing"

	"mcpeek/fieldpath"
	"mcpeek/gateway"

	tea "charm.land/bubbletea/v2"
)

// Trap 4: with the gateway running, the path bar at 80 columns keeps the
// path (cut from the left), then the knobs, then a short gateway segment.
func TestPathBarKeepsThePathWhileTheGatewayRuns(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 80, 24)
	h.selectTool("shop_get_order")
	tr := h.m.currentTree()
	if _, ok := tr.Open(outPath("line_items[].price_set.presentment_money.currency_code")); !ok {
		t.Fatal("no such line")
	}
	runner := gateway.NewRunner(h.m.backend, gateway.Options{}, 0)
	t.Cleanup(runner.Close)
	run, err := runner.Start(context.Background(), 1, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	h.m.gw = backgroundGateway{state: gatewayOn, run: run, calls: 7}
	segment := "⇄ " + urlPort(run.URL()) + " · 7 calls"
	bar := strings.Split(h.screen(), "\n")[22]
	for _, want := range []string{"money.currency_code", "max_fields 30 · max_depth 3", segment} {
		if !strings.Contains(bar, want) {
			t.Errorf("the bar lacks %q: %q", want, bar)
		}
	}
	if !strings.HasPrefix(bar, "…") || strings.Index(bar, "currency_code") > strings.Index(bar, "max_fields") {
		t.Errorf("the path is not first, cut from the left: %q", bar)
	}
	// Narrower, the knobs give way; the path's end and the gateway stay.
	h.send(tea.WindowSizeMsg{Width: 60, Height: 24})
	bar = strings.Split(h.screen(), "\n")[22]
	if !strings.Contains(bar, "currency_code") || !strings.Contains(bar, segment) || strings.Contains(bar, "max_fields") {
		t.Errorf("at 60 columns: %q", bar)
	}
}

// outPath reads a path of the output side, as a test writes it.
func outPath(s string) fieldpath.Path { return fieldpath.MustParse(s, fieldpath.Output) }

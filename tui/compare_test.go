package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// In the app: c opens the side-by-side view, the knobs move it, and it
// stacks on a narrow screen.
func TestCompareViewInTheApp(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 160, 48)
	h.selectTool("shop_get_order")
	h.keys("c")
	scr := h.screen()
	for _, want := range []string{"legacy: first 30 leaf paths, hard cut", "│ folded: max_fields 30 · max_depth 3", "listed 30 of 1098 leaves"} {
		if !strings.Contains(scr, want) {
			t.Errorf("compare view lacks %q:\n%s", want, scr)
		}
	}
	h.keys("-", "-", "-", "-")
	if !strings.Contains(h.screen(), "legacy: first 10 leaf paths") {
		t.Errorf("the knobs did not move the compare view:\n%s", h.screen())
	}
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	scr = h.screen()
	if strings.Contains(scr, "│ folded") || !strings.Contains(scr, "legacy: first 10") {
		t.Errorf("not stacked at 80 columns:\n%s", scr)
	}
	p := viewPane(t, h.m.current, "compare")
	before := p.Where(&h.m.styles)
	h.keys("G")
	if after := p.Where(&h.m.styles); after == before {
		t.Errorf("G did not scroll: %q", ansi.Strip(after))
	}
	h.keys("c")
	if h.m.view.kind != viewNamed(t, "summary") {
		t.Error("c again does not go back to the summary")
	}
}

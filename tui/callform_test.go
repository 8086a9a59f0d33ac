package tui

import (
	"strings"
	"testing"
)

// openForm opens the call form of a demo tool, with no remembered sets.
func openForm(t *testing.T, tool string, w, h int) *harness {
	t.Helper()
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	hs := newHarness(t, demoBackend(t), w, h)
	hs.selectTool(tool)
	hs.keys("x")
	if _, ok := hs.m.overlay.top().(*callFormDialog); !ok {
		t.Fatalf("x opened no call form:\n%s", hs.screen())
	}
	return hs
}

func TestCallFormSmoke(t *testing.T) {
	h := openForm(t, "shop_get_order", 80, 24)
	t.Log("\n" + h.screen())
	h.typeText("12")
	t.Log("\n" + h.screen())
	if !strings.Contains(h.screen(), "order_id") {
		t.Fatal("no order_id")
	}
}

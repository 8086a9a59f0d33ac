package tui

import (
	"testing"
)

// BenchmarkKeyAndFrame is one key and the frame after it at 80x24 on the
// demo's order tool: in the summary tree (the baseline: the explorer's own
// cost of a key), and typed into the call form (its update, the check of
// the arguments, the form drawn over the screen). The commands a key
// returns are not run: Bubble Tea runs them off the UI loop (the form's
// are its cursor's blink timers).
func BenchmarkKeyAndFrame(b *testing.B) {
	b.Setenv("XDG_STATE_HOME", b.TempDir())
	run := func(b *testing.B, h *harness, keys ...string) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			h.m.Update(keyPress(keys[i%len(keys)]))
			_ = h.m.View()
			i++
		}
	}
	b.Run("tree", func(b *testing.B) {
		h := newHarness(b, demoBackend(b), 80, 24)
		h.selectTool("shop_get_order")
		run(b, h, "j", "k")
	})
	b.Run("callform", func(b *testing.B) {
		h := newHarness(b, demoBackend(b), 80, 24)
		h.selectTool("shop_get_order")
		h.keys("x")
		if h.m.overlay.top() == nil {
			b.Fatal("no form")
		}
		run(b, h, "1", "backspace")
	})
}

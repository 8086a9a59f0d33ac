package tui

import (
	"encoding/json"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/tui/callform"
)

// BenchmarkKeyAndFrame is one key and the frame after it at 80x24 on the
// demo's order tool: in the summary tree (the baseline: the explorer's own
// cost of a key), and typed into the call form (its update, the check of
// the arguments, the form drawn over the screen). The commands a key
// returns are not run: Bubble Tea runs them off the UI loop (the form's
// are its cursor's blink timers).
func BenchmarkKeyAndFrame(b *testing.B) {
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
		if h.m.dialogs.Top() == nil {
			b.Fatal("no form")
		}
		run(b, h, "1", "backspace")
	})
	b.Run("formtab", func(b *testing.B) {
		// tab moves the focus inside the key (it used to be a message
		// later): round the form's six items.
		h := newHarness(b, demoBackend(b), 80, 24)
		h.selectTool("shop_get_order")
		h.keys("x")
		run(b, h, "tab")
	})
}

// BenchmarkRefusedSubmitMovesFocus is ctrl+s refused on the last field of
// the widest form (callform.MaxFields fields), the first error on the first:
// the focus walks back over every field, one huh move each, inside the key.
func BenchmarkRefusedSubmitMovesFocus(b *testing.B) {
	var props, req []string
	for i := range callform.MaxFields {
		props = append(props, `"p`+itoa(i)+`":{"type":"string"}`)
		req = append(req, `"p`+itoa(i)+`"`)
	}
	back := &fakeBackend{servers: []model.Server{{Name: "lab", State: model.StateConnected, Tools: []model.Tool{
		{Server: "lab", Name: "wide", InputSchema: json.RawMessage(`{"type":"object","properties":{` +
			strings.Join(props, ",") + `},"required":[` + strings.Join(req, ",") + `]}`)},
	}}}}
	h := newHarness(b, back, 80, 24)
	h.selectTool("wide")
	h.keys("x")
	d, ok := h.m.dialogs.Top().(*callFormDialog)
	if !ok {
		b.Fatal("no form")
	}
	ctrlS := tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl}
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		d.Form().Focus(callform.MaxFields - 1)
		b.StartTimer()
		h.m.Update(ctrlS)
	}
	if d.Form().Focused() != 0 {
		b.Fatalf("the focus is on %d", d.Form().Focused())
	}
}

package tui

import (
	"strings"
	"testing"

	"mcpeek/tui/dialog"

	"mcpeek/tui/toolview"
)

// printable is every printable ASCII character, the space included.
func printable() string {
	var b strings.Builder
	for r := rune(' '); r <= '~'; r++ {
		b.WriteRune(r)
	}
	return b.String()
}

// explorerState is what a command would change.
type explorerState struct {
	view                      toolview.Kind
	focus                     focus
	traffic, help, desc, yank bool
	gateway                   gatewayState
	fields, depth             int
}

func stateOf(m *Model) explorerState {
	return explorerState{m.view.kind, m.term.focus, m.traffic.open, m.term.showHelp, m.look.desc.shown, m.clip.yank, m.gw.state, m.budget.MaxFields, m.budget.MaxDepth}
}

// Trap 2: in every view, / opens an input, and every printable key typed
// into it is text: none runs a command (q does not quit, s does not
// start the gateway, c does not compare, t does not open the traffic).
func TestNoPrintableKeyInAnInputRunsACommand(t *testing.T) {
	t.Parallel()
	setups := map[string][]string{
		"tools":    nil,
		"summary":  {"tab"},
		"schema":   {"tab", "v"},
		"raw":      {"tab", "v", "v"},
		"planner":  {"tab", "p"},
		"compare":  {"tab", "c"},
		"result":   {"tab", "o"},
		"diff":     {"tab", "D"},
		"findings": {"tab", "!"},
		"traffic":  {"t"},
	}
	text := printable()
	for name, keys := range setups {
		t.Run(name, func(t *testing.T) {
			h := newHarness(t, demoBackend(t), 80, 24)
			h.keys(keys...)
			before := stateOf(h.m)
			h.keys("/")
			if h.m.input.mode == inputNone {
				t.Fatalf("/ opened no input in the %s view:\n%s", name, h.screen())
			}
			h.typeText(text)
			if got := stateOf(h.m); got != before {
				t.Errorf("typing ran a command: state %+v, was %+v", got, before)
			}
			if h.quit() {
				t.Error("typing quit the app")
			}
			if h.m.input.mode == inputNone || h.m.input.field.Value() != text {
				t.Errorf("the input holds %q, want every key typed", h.m.input.field.Value())
			}
		})
	}
}

// The field search's input (f) takes every printable key as text too.
func TestNoPrintableKeyInTheFieldSearchRunsACommand(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 80, 24)
	before := stateOf(h.m)
	h.keys("f")
	text := printable()
	h.typeText(text)
	d, ok := h.m.dialogs.Top().(*dialog.FieldSearch)
	if !ok || d.Query() != text {
		t.Fatalf("the field search lost the keys typed:\n%s", h.screen())
	}
	if got := stateOf(h.m); got != before || h.quit() {
		t.Errorf("typing ran a command: state %+v, was %+v", got, before)
	}
}

// / searches in every view of a tool, counting its matches; n and N step
// through them and the status bar says where ("2/5").
func TestSearchInEveryView(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		keys  []string
		query string
	}{
		{[]string{"tab"}, "price"},
		{[]string{"tab", "v"}, "email"},
		{[]string{"tab", "v", "v"}, "email"},
		{[]string{"tab", "p"}, "_set"},
		{[]string{"tab", "c"}, "email"},
	} {
		h := newHarness(t, demoBackend(t), 100, 30)
		h.selectTool("shop_get_order")
		h.keys("tab")
		h.keys(c.keys...)
		h.keys("/")
		h.typeText(c.query)
		h.keys("enter")
		at, total := h.m.input.at, h.m.input.total
		if at != 1 || total < 2 {
			t.Errorf("%v /%s: match %d of %d\n%s", c.keys, c.query, at, total, h.screen())
			continue
		}
		bar := strings.Split(h.screen(), "\n")[28]
		if !strings.Contains(bar, "1/"+itoa(total)) {
			t.Errorf("%v: the bar does not count the matches: %q", c.keys, bar)
		}
		h.keys("n")
		if h.m.input.at != 2 {
			t.Errorf("%v: n went to match %d", c.keys, h.m.input.at)
		}
		h.keys("N", "N")
		if h.m.input.at != total {
			t.Errorf("%v: N N from 2 went to %d, want %d (wrapping)", c.keys, h.m.input.at, total)
		}
		if !strings.Contains(strings.ToLower(h.screen()), c.query) {
			t.Errorf("%v: the match is not on screen:\n%s", c.keys, h.screen())
		}
	}
}

// The call form's text fields take every printable key as text: none
// closes the form, submits it or reaches the explorer.
func TestNoPrintableKeyInTheCallFormRunsACommand(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 100, 40)
	h.selectTool("shop_get_order")
	before := stateOf(h.m)
	h.keys("x")
	d, ok := h.m.dialogs.Top().(*callFormDialog)
	if !ok {
		t.Fatalf("x opened no call form:\n%s", h.screen())
	}
	text := printable()
	h.typeText(text)
	if h.m.dialogs.Top() != d || len(h.m.calls.byTool) > 0 || h.quit() {
		t.Fatalf("typing closed or submitted the form:\n%s", h.screen())
	}
	if got := d.Form().Values()[0]; got != text {
		t.Errorf("order_id holds %q, want every key typed", got)
	}
	if got := stateOf(h.m); got != before {
		t.Errorf("typing ran a command: state %+v, was %+v", got, before)
	}
}

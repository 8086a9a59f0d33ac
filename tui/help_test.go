package tui

import (
	"mcpeek/tui/kit"
	"reflect"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"
)

// Trap 3: esc closes the help, and q in the help closes it instead of
// quitting.
func TestHelpClosesWithEscAndQ(t *testing.T) {
	t.Parallel()
	for _, closer := range []string{"esc", "q", "?"} {
		h := newHarness(t, demoBackend(t), 80, 24)
		h.keys("?")
		if !h.m.term.showHelp && h.m.dialogs.Top() == nil {
			t.Fatalf("? shows no help:\n%s", h.screen())
		}
		h.keys(closer)
		if h.m.term.showHelp || h.m.dialogs.Top() != nil {
			t.Errorf("%s did not close the help:\n%s", closer, h.screen())
		}
		if h.quit() {
			t.Errorf("%s in the help quit the app", closer)
		}
	}
}

// At 80 columns the hint bar always ends with "? help" and "q quit",
// whatever has the keys.
func TestHintBarAlwaysShowsHelpAndQuit(t *testing.T) {
	t.Parallel()
	for name, keys := range map[string][]string{
		"tools":   nil,
		"summary": {"tab"},
		"schema":  {"tab", "v"},
		"raw":     {"tab", "v", "v"},
		"planner": {"tab", "p"},
		"compare": {"tab", "c"},
		"traffic": {"t"},
	} {
		h := newHarness(t, demoBackend(t), 80, 24)
		h.keys(keys...)
		scr := strings.Split(h.screen(), "\n")
		last := scr[len(scr)-1]
		if !strings.HasSuffix(last, "? help • q quit") || ansi.StringWidth(last) > 80 {
			t.Errorf("%s: the hint bar is %q", name, last)
		}
	}
}

// At 50 columns the help is one column over the screen, which scrolls.
func TestNarrowHelpIsOneScrollingColumn(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 50, 24)
	h.keys("?")
	scr := h.screen()
	for _, l := range strings.Split(scr, "\n") {
		if ansi.StringWidth(l) > 50 {
			t.Fatalf("a line is wider than 50 cells: %q", l)
		}
	}
	if !strings.Contains(scr, "↑/k      up\n") || !strings.Contains(scr, "↓/j      down\n") {
		t.Fatalf("the help is not one key per line:\n%s", scr)
	}
	if strings.Contains(scr, "q        quit") {
		t.Fatalf("the whole help fits in 24 rows? it should scroll:\n%s", scr)
	}
	h.keys("G")
	if scr = h.screen(); !strings.Contains(scr, "q        quit") {
		t.Errorf("G does not scroll to the end:\n%s", scr)
	}
	h.keys("esc")
	if h.m.dialogs.Top() != nil || h.m.term.showHelp {
		t.Errorf("esc did not close the help")
	}
}

// Every key of every area is declared: a binding left out of newKeyMap
// would match nothing, and its key would silently stop working.
func TestEveryKeyOfEveryAreaIsBound(t *testing.T) {
	t.Parallel()
	k := kit.NewKeyMap()
	groups := reflect.ValueOf(k)
	for i := range groups.NumField() {
		group := groups.Field(i)
		for j := range group.NumField() {
			name := groups.Type().Field(i).Name + "." + group.Type().Field(j).Name
			b, ok := group.Field(j).Interface().(key.Binding)
			if !ok {
				t.Fatalf("%s is not a key.Binding", name)
			}
			if len(b.Keys()) == 0 || b.Help().Key == "" || b.Help().Desc == "" {
				t.Errorf("%s has no keys or no help", name)
			}
		}
	}
}

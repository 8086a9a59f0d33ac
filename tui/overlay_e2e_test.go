package tui

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest/v2"
)

// withCannedCall runs the explorer and, on a landCanned message, lays
// stale_get_order's canned demo result over its trees once its view is
// shown, from inside Update as a call landing would.
type withCannedCall struct {
	*Model
	t *testing.T
}

type landCanned struct{}

func (w withCannedCall) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(landCanned); ok {
		if w.current == nil || w.current.Tool.Name != "stale_get_order" {
			// The first tool's view is still shown: the chosen one is
			// being built. Ask again a moment later.
			return w, tea.Tick(10*time.Millisecond, func(time.Time) tea.Msg { return landCanned{} })
		}
		w.current.SetCall(checkedCall(w.t, w.current))
		return w, nil
	}
	_, cmd := screenSpy{w.Model}.Update(msg) // waitScreen can read the screen
	return w, cmd
}

// The drifting order's result on its summary, then on its schema, at
// 80x24.
func TestAppCallOverlay80x24(t *testing.T) {
	t.Parallel()
	for _, view := range []string{"summary", "schema"} {
		t.Run(view, func(t *testing.T) {
			mgr := demoManager(t)
			m := New(Options{StateDir: stateDir(t), Backend: mgr, NoColor: true})
			m.clock.after = func(time.Duration, tea.Msg) tea.Cmd { return nil }
			tm := teatest.NewTestModel(t, withCannedCall{m, t}, teatest.WithInitialTermSize(80, 24))
			go m.ForwardEvents(mgr.Events(), tm.Send)
			waitScreen(t, tm, "shop_get_order")
			typeKeys(tm, "/")
			tm.Type("stale_get_order")
			typeKeys(tm, "enter")
			waitScreen(t, tm, "│demo.stale_get_order ", "summary lines")
			tm.Send(landCanned{})
			waitScreen(t, tm, " behind ")
			typeKeys(tm, "tab")
			if view == "schema" {
				typeKeys(tm, "v", "j", "j", "j", "j")
				waitScreen(t, tm, "› order_number")
			} else {
				waitScreen(t, tm, "› id")
			}
			if err := tm.Quit(); err != nil {
				t.Fatal(err)
			}
			final := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(withCannedCall)
			golden.RequireEqual(t, []byte(trimLines(ansi.Strip(final.View().Content))+"\n"))
		})
	}
}

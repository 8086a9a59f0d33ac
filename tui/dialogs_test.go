package tui

import (
	"context"
	"errors"
	"fmt"
	"mcpeek/tui/kit"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// noteDialog takes every key and notes it; esc closes it.
type noteDialog struct{ keys []string }

func (d *noteDialog) Key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
	if key.Matches(msg, k.Cancel) {
		return kit.CloseDialog{}
	}
	d.keys = append(d.keys, msg.String())
	return nil
}

func (d *noteDialog) Render(s *kit.Styles, width, height int) string {
	return "╭────────╮\n│ dialog │\n╰────────╯"
}

func (d *noteDialog) Help(k *kit.KeyMap) []key.Binding { return []key.Binding{k.Cancel} }

// A dialog on the dialog stack has the keys (even q and the mouse go to it, not
// the view under it) until esc closes it.
func TestDialogTakesTheKeys(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 80, 24)
	h.selectTool("shop_get_order")
	tr := h.m.currentTree()
	first := tr.Cursor()
	d := &noteDialog{}
	h.m.dialogs.Open(d)
	h.keys("j", "l", "q")
	h.send(tea.MouseWheelMsg{X: 60, Y: 10, Button: tea.MouseWheelDown})
	if tr.Cursor() != first || tr.ScreenTop() != tr.First() {
		t.Fatal("a key or the wheel reached the tree under the dialog")
	}
	if fmt.Sprint(d.keys) != "[j l q]" {
		t.Fatalf("the dialog got %v", d.keys)
	}
	if h.quit() {
		t.Fatal("q under a dialog quit the app")
	}
	scr := strings.Split(h.screen(), "\n")
	if len(scr) != 24 || !strings.Contains(scr[11], "│ dialog │") || !strings.Contains(scr[23], "esc cancel") {
		t.Fatalf("the dialog is not drawn centred, with its help:\n%s", strings.Join(scr, "\n"))
	}
	h.keys("esc")
	if h.m.dialogs.Top() != nil || strings.Contains(h.screen(), "dialog") {
		t.Fatalf("esc did not close the dialog:\n%s", h.screen())
	}
	h.keys("j")
	if tr.Cursor() == first {
		t.Fatal("the tree has not got the keys back")
	}
}

// quit reports whether the app was asked to end.
func (h *harness) quit() bool {
	for _, m := range h.msgs {
		if _, ok := m.(tea.QuitMsg); ok {
			return true
		}
	}
	return false
}

// failingBackend cannot start.
type failingBackend struct{ fakeBackend }

func (*failingBackend) Start(context.Context) error {
	return errors.New("the servers' manager is closed")
}

// A backend that cannot start leaves nothing to explore: the fatal error
// covers the screen and only q works.
func TestBackendThatCannotStart(t *testing.T) {
	t.Parallel()
	m := New(Options{StateDir: stateDir(t), Backend: &failingBackend{}, NoColor: true})
	m.clock.after = func(time.Duration, tea.Msg) tea.Cmd { return nil }
	h := &harness{t: t, m: m}
	h.run(m.Init())
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	want := "mcpeek cannot go on\n\nstarting servers: the servers' manager is closed\n\nq quits"
	if !strings.HasPrefix(h.screen(), want) {
		t.Fatalf("no fatal error:\n%s", h.screen())
	}
	h.keys("?", "t", "s", "esc")
	if !strings.HasPrefix(h.screen(), want) || h.m.gw.state != gatewayOff {
		t.Fatalf("a key went past the fatal error:\n%s", h.screen())
	}
	h.keys("q")
	if !h.quit() {
		t.Fatal("q does not quit")
	}
}

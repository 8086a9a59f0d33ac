package tui

import (
	"strings"
	"testing"

	"mcpeek/model"
	"mcpeek/tui/dialog"
)

// f from the tools pane finds a field in every tool, ranked; enter shows
// it in its tool's schema view, the folds above it open.
func TestFieldSearchAcrossTools(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 120, 40)
	h.keys("f")
	d, ok := h.m.dialogs.Top().(*dialog.FieldSearch)
	if !ok || !d.Indexed() {
		t.Fatalf("f opened no field search with an index:\n%s", h.screen())
	}
	before := stateOf(h.m)
	h.typeText("customer.email")
	if got := stateOf(h.m); got != before {
		t.Fatalf("typing into the field search ran a command: %+v", got)
	}
	if len(d.Hits()) == 0 || d.Hits()[0].ToolID.String() != "demo.shop_get_order" || d.Hits()[0].Path != "customer.email" {
		t.Fatalf("hits %+v", d.Hits())
	}
	scr := h.screen()
	if !strings.Contains(scr, "output  customer.email: string | null") {
		t.Errorf("the dialog does not list the hit:\n%s", scr)
	}
	h.keys("down", "enter")
	want := d.Hits()[1]
	if h.m.dialogs.Top() != nil || h.m.current == nil || h.m.current.Tool.ID() != want.ToolID {
		t.Fatalf("enter did not show %s:\n%s", want.ToolID, h.screen())
	}
	if h.m.view.kind != viewNamed(t, "schema") || h.m.term.focus != focusView || h.cursorPath() != want.Path {
		t.Errorf("the schema view's cursor is on %q, want %q:\n%s", h.cursorPath(), want.Path, h.screen())
	}
	// The input side: tab cycles output, input.
	h.keys("tab", "f")
	d = h.m.dialogs.Top().(*dialog.FieldSearch)
	h.keys("tab", "tab")
	h.typeText("order_id")
	if len(d.Hits()) == 0 || d.Hits()[0].In != "input" || d.Hits()[0].Path != "order_id" {
		t.Fatalf("input hits %+v", d.Hits())
	}
	h.keys("enter")
	if h.cursorPath() != "order_id" || h.m.current.Tool.Name != "shop_get_order" {
		t.Errorf("enter on an argument: cursor on %q of %s", h.cursorPath(), h.m.current.Tool.Name)
	}
	if n := h.m.currentTree().Cursor(); n == nil || n.Kind == 0 && n.Parent() != nil && n.Parent().Name != "input" {
		t.Errorf("the argument line is not in the input section")
	}
}

// The field search opened while a server connects finds the fields of the
// tools it then lists: its index was of no tools, and "email" found
// nothing until it was closed and opened again.
func TestFieldSearchOpenedBeforeToolsArriveFindsThem(t *testing.T) {
	t.Parallel()
	b := demoBackend(t)
	tools := b.servers[0].Tools
	b.servers = append([]model.Server(nil), b.servers...)
	b.servers[0].Tools, b.servers[0].State = nil, model.StateStarting
	h := newHarness(t, b, 80, 24)
	h.keys("f")
	h.typeText("email")
	d, ok := h.m.dialogs.Top().(*dialog.FieldSearch)
	if !ok || len(d.Hits()) > 0 {
		t.Fatalf("before the tools came:\n%s", h.screen())
	}
	b.servers = append([]model.Server(nil), b.servers...)
	b.servers[0].Tools, b.servers[0].State = tools, model.StateConnected
	h.send(ServerChangedMsg{Server: "demo"})
	if len(d.Hits()) == 0 || !strings.Contains(h.screen(), "email") || strings.Contains(h.screen(), "no field matches") {
		t.Errorf("after the tools came:\n%s", h.screen())
	}
	if h.m.dialogs.Top() != d || d.Query() != "email" {
		t.Errorf("the search was not kept as typed: %q", d.Query())
	}
}

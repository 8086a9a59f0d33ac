package tui

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient"
	"mcpeek/tui/dialog"
)

// A paste with a line end, a tab, a colour and a bell in it.
const dirtyPaste = "order\x1b[31m\tx\x07\r\n"

// Trap 4: a bracketed paste lands in the tools filter, as one edit that
// filters at once, made safe.
func TestPasteIntoTheFilter(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 80, 24)
	h.keys("/")
	h.send(tea.PasteMsg{Content: "get_order\n"})
	if v := h.m.input.field.Value(); v != "get_order" {
		t.Fatalf("the filter holds %q", v)
	}
	if got := h.selectedName(); got != "demo.shop_get_order" {
		t.Errorf("the paste did not filter: %s selected", got)
	}
	h.keys("esc", "/")
	h.send(tea.PasteMsg{Content: dirtyPaste})
	if v := h.m.input.field.Value(); v != "order x" {
		t.Errorf("a dirty paste became %q", v)
	}
}

// A paste lands in the search of a tree view, and finds.
func TestPasteIntoTheSearch(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 80, 24)
	h.selectTool("shop_get_order")
	h.keys("v", "/")
	if h.m.input.mode != inputSearch {
		t.Fatalf("/ opened no search:\n%s", h.screen())
	}
	h.send(tea.PasteMsg{Content: "currency\r\n"})
	if v := h.m.input.field.Value(); v != "currency" || h.m.input.total == 0 {
		t.Fatalf("the search holds %q, %d matches", v, h.m.input.total)
	}
	if !strings.Contains(h.cursorPath(), "currency") {
		t.Errorf("the cursor is on %q", h.cursorPath())
	}
}

// A paste lands in the field search's query (f), and searches.
func TestPasteIntoTheFieldSearch(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 80, 24)
	h.keys("f")
	h.send(tea.PasteMsg{Content: "customer.email\n"})
	d, ok := h.m.dialogs.Top().(*dialog.FieldSearch)
	if !ok || d.Query() != "customer.email" {
		t.Fatalf("the query holds %q", d.Query())
	}
	if len(d.Hits()) == 0 {
		t.Errorf("the pasted query found nothing:\n%s", h.screen())
	}
}

// A paste lands in the save prompt's file name, line end dropped.
func TestPasteIntoTheSavePrompt(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoCalls(t, func(context.Context, string, string, json.RawMessage, mcpclient.CallOptions) (*mcpclient.CallResult, error) {
		return resultOf(t, map[string]any{"content": []any{map[string]any{"type": "text", "text": "hi"}}}), nil
	}), 100, 30)
	h.selectTool("util_echo")
	h.run(h.callShown(`{"message":"hi"}`))
	if h.m.current.Last == nil {
		t.Fatalf("no result to save:\n%s", h.screen())
	}
	h.keys("w")
	d, ok := h.m.dialogs.Top().(*dialog.Text)
	if !ok {
		t.Fatalf("w opened no prompt:\n%s", h.screen())
	}
	d.Field().SetValue("")
	h.send(tea.PasteMsg{Content: "/tmp/out\x1b[2J.json\n"})
	if v := d.Field().Value(); v != "/tmp/out.json" {
		t.Errorf("the file name is %q", v)
	}
}

// In a form, a paste into a line is one line; into a text area it keeps
// its lines; on a choice it does nothing.
func TestPasteIntoFormFields(t *testing.T) {
	t.Parallel()
	h, d := openForm(t, shapesBackend(), "shapes", 100, 60)
	h.send(tea.PasteMsg{Content: "Ada\r\nLovelace\x1b[1m\n"})
	if v := d.Form().Values()[0]; v != "Ada Lovelace" {
		t.Errorf("name %q", v)
	}
	focusField(t, h, d, "tags")
	before := d.Form().Values()[5]
	h.send(tea.PasteMsg{Content: "x\r\ny\n"})
	if v := d.Form().Values()[5]; !strings.HasSuffix(v, "x\ny\n") || !strings.HasPrefix(v, before) && !strings.HasSuffix(v, before) {
		t.Errorf("tags %q (was %q)", v, before)
	}
	focusField(t, h, d, "mode")
	h.send(tea.PasteMsg{Content: "fast"})
	if v := d.Form().Values()[4]; v != "" {
		t.Errorf("a paste picked %q", v)
	}
}

// A paste into the filter keeps its first maxQuery characters: a 200 KB
// paste was tested whole against each of 1,223 tools
// (BenchmarkFilterPaste1223Tools), and the search of a view the same.
func TestLongPasteIntoTheFilterIsCut(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 80, 24)
	h.keys("/")
	h.send(tea.PasteMsg{Content: "order" + strings.Repeat("x", 200_000)})
	if got := h.m.input.field.Value(); len(got) != maxQuery || !strings.HasPrefix(got, "order") {
		t.Errorf("the filter holds %d characters, want %d", len(got), maxQuery)
	}
	if h.m.tools.Filter() != h.m.input.field.Value() {
		t.Errorf("filtered by %d characters, the input holds %d", len(h.m.tools.Filter()), len(h.m.input.field.Value()))
	}
	h.keys("esc", "tab", "/")
	h.send(tea.PasteMsg{Content: strings.Repeat("y", 200_000)})
	if got := h.m.input.field.Value(); len(got) != maxQuery {
		t.Errorf("the search holds %d characters, want %d", len(got), maxQuery)
	}
}

// The names the save prompts offer (S: the tool's, w: a file name) are
// replaced by what is typed or pasted first, and kept by a key that moves
// in them, to edit: typed at once, "order-1042" became
// "shop_get_orderorder-1042" and a file name "...json/tmp/out.json".
func TestOfferedNamesAreReplacedByTyping(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoCalls(t, func(ctx context.Context, s, tool string, args json.RawMessage, o mcpclient.CallOptions) (*mcpclient.CallResult, error) {
		return &mcpclient.CallResult{Raw: json.RawMessage(`{"content":[{"type":"text","text":"hi"}]}`), Text: "hi"}, nil
	}), 100, 30)
	h.selectTool("util_echo")
	h.run(h.callShown(`{"message":"hi"}`))
	h.keys("S")
	n, ok := h.m.dialogs.Top().(*dialog.Text)
	if !ok || n.Field().Value() != "util_echo" {
		t.Fatalf("S offered no name:\n%s", h.screen())
	}
	h.typeText("echo-hi")
	if v := n.Field().Value(); v != "echo-hi" {
		t.Errorf("typed over the offered name: %q", v)
	}
	h.keys("esc", "S")
	n = h.m.dialogs.Top().(*dialog.Text)
	h.keys("backspace")
	h.typeText("x-1")
	if v := n.Field().Value(); v != "util_echx-1" {
		t.Errorf("edited the offered name: %q", v)
	}
	h.keys("esc", "w")
	d, ok := h.m.dialogs.Top().(*dialog.Text)
	if !ok {
		t.Fatalf("w opened no prompt:\n%s", h.screen())
	}
	h.send(tea.PasteMsg{Content: "/tmp/out.json"})
	if v := d.Field().Value(); v != "/tmp/out.json" {
		t.Errorf("pasted over the offered file name: %q", v)
	}
}

package tui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"mcpeek/internal/testkit"
	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/toolview"
)

// fakeBackend serves fixed servers; a reconnect is recorded and finds the
// server as it is.
type fakeBackend struct {
	servers    []model.Server
	reconnects []string
	// call answers CallToolWith, when set.
	call func(ctx context.Context, server, tool string, args json.RawMessage, opts mcpclient.CallOptions) (*mcpclient.CallResult, error)
}

func (f *fakeBackend) Start(context.Context) error { return nil }
func (f *fakeBackend) Servers() []model.Server     { return f.servers }
func (f *fakeBackend) ReconnectWait(_ context.Context, name string) (model.Server, error) {
	f.reconnects = append(f.reconnects, name)
	for _, s := range f.servers {
		if s.Name == name {
			return s, nil
		}
	}
	return model.Server{}, fmt.Errorf("no server %q", name)
}
func (f *fakeBackend) Login(_ context.Context, name string) error {
	return fmt.Errorf("%s: %w", name, mcpclient.ErrNoOAuth)
}
func (f *fakeBackend) CallTool(context.Context, string, string, json.RawMessage) (*mcpclient.CallResult, error) {
	return nil, errors.New("a fake backend calls nothing")
}
func (f *fakeBackend) CallToolWith(ctx context.Context, server, tool string, args json.RawMessage, opts mcpclient.CallOptions) (*mcpclient.CallResult, error) {
	if f.call != nil {
		return f.call(ctx, server, tool, args, opts)
	}
	return nil, errors.New("a fake backend calls nothing")
}

func demoBackend(t testing.TB) *fakeBackend {
	return &fakeBackend{servers: []model.Server{
		{Name: "demo", Source: "embedded", Transport: model.TransportInProcess, State: model.StateConnected, Tools: testkit.DemoTools(t)},
		{Name: "broken", Source: "/tmp/mcp.json", Transport: model.TransportStdio, State: model.StateError,
			Err: "exec: \"nope\": executable file not found", Stderr: []string{"line one", "boom\x1b[31m!"}},
	}}
}

// harness runs a Model without a program: commands run inline and their
// messages are fed back, except timers, which are dropped.
type harness struct {
	t    testing.TB
	m    *Model
	msgs []tea.Msg
}

func newHarness(t testing.TB, b Backend, w, h int) *harness {
	m := New(Options{Backend: b, Started: true, NoColor: true, StateDir: stateDir(t)})
	m.clock.after = func(time.Duration, tea.Msg) tea.Cmd { return nil }
	hs := &harness{t: t, m: m}
	hs.run(m.Init())
	hs.send(tea.WindowSizeMsg{Width: w, Height: h})
	return hs
}

func (h *harness) run(cmd tea.Cmd) { h.runFrom(queuedCmd{cmd, h.formShown()}) }

// runFrom runs first, then the commands of the messages it leads to, and
// the reports the calls it ran posted for the bridge.
func (h *harness) runFrom(first queuedCmd) {
	queue := []queuedCmd{first}
	for len(queue) > 0 || len(h.m.calls.reports) > 0 {
		if len(queue) == 0 {
			msg := <-h.m.calls.reports
			h.msgs = append(h.msgs, msg)
			_, next := h.m.Update(msg)
			queue = append(queue, queuedCmd{next, h.formShown()})
			continue
		}
		c := queue[0]
		queue = queue[1:]
		if c.cmd == nil {
			continue
		}
		msg := c.run()
		switch msg := msg.(type) {
		case tea.BatchMsg:
			for _, inner := range msg {
				queue = append(queue, queuedCmd{inner, c.brief})
			}
			continue
		case spinner.TickMsg:
			continue // its Update would start a timer
		case nil:
			continue
		}
		h.msgs = append(h.msgs, msg)
		_, next := h.m.Update(msg)
		queue = append(queue, queuedCmd{next, h.formShown()})
	}
}

// send hands the model msg after the reports waiting for the bridge, as
// a program would have them delivered by then.
func (h *harness) send(msg tea.Msg) {
	h.runFrom(queuedCmd{})
	_, cmd := h.m.Update(msg)
	h.run(cmd)
}

// keys sends key presses: single characters, or names like "enter", "tab".
func (h *harness) keys(keys ...string) {
	for _, k := range keys {
		h.send(keyPress(k))
	}
}

func (h *harness) typeText(s string) {
	for _, r := range s {
		h.send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

func keyPress(k string) tea.KeyPressMsg {
	switch k {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "pgdown":
		return tea.KeyPressMsg{Code: tea.KeyPgDown}
	case "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	case "ctrl+c":
		return tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	}
	r := []rune(k)[0]
	if r >= 'A' && r <= 'Z' {
		return tea.KeyPressMsg{Code: r + 32, ShiftedCode: r, Mod: tea.ModShift, Text: k}
	}
	return tea.KeyPressMsg{Code: r, Text: k}
}

// screen is the whole screen without styles, trailing spaces trimmed.
func (h *harness) screen() string {
	return trimLines(ansi.Strip(h.m.View().Content))
}

func (h *harness) cursorPath() string {
	t := h.m.currentTree()
	if t == nil || t.Cursor() == nil {
		return ""
	}
	return t.Cursor().Path.String()
}

// selectTool filters the tools pane down to one tool and opens it.
func (h *harness) selectTool(name string) {
	h.keys("/")
	h.typeText(name)
	h.keys("enter")
	for h.m.current == nil || h.m.current.Tool.Name != name {
		before := h.m.tools.Cursor()
		h.keys("j")
		if h.m.tools.Cursor() == before {
			h.t.Fatalf("tool %q not found; screen:\n%s", name, h.screen())
		}
	}
	h.keys("tab")
}

func TestStartLandsOnFirstTool(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 80, 24)
	if h.m.current == nil || h.m.current.Tool.Name != "shop_get_order" && h.m.current.Tool.Name == "" {
		t.Fatalf("no tool shown:\n%s", h.screen())
	}
	scr := h.screen()
	for _, want := range []string{"mcpeek", "2 servers · 16 tools", "● demo", "✗ broken", "◆ shop_get_order", "summary"} {
		if !strings.Contains(scr, want) {
			t.Errorf("screen lacks %q:\n%s", want, scr)
		}
	}
	if lines := strings.Split(h.m.View().Content, "\n"); len(lines) != 24 {
		t.Errorf("%d lines, want 24", len(lines))
	}
}

// The newcomer's path: find the order tool, drill into line_items[] to
// price_set, copy the path, quit.
func TestDrillDownAndCopy(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 80, 24)
	h.selectTool("shop_get_order")
	if h.m.term.focus != focusView {
		t.Fatal("tab did not move to the view")
	}
	// Move down to line_items[] and open it.
	for h.cursorPath() != "line_items[]" {
		before := h.cursorPath()
		h.keys("j")
		if h.cursorPath() == before {
			t.Fatalf("line_items[] not reached:\n%s", h.screen())
		}
	}
	h.keys("l")
	cur := h.m.currentTree().Cursor()
	insp, err := summarizer.Inspect(testkit.Parse(t, h.m.current.Tool.OutputSchema), "line_items[]", summarizer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range cur.Children() {
		got = append(got, c.Name)
	}
	var want []string
	for _, c := range insp.Children {
		want = append(want, c.Name)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("opened line_items[]:\n got %v\nwant %v", got, want)
	}
	// Search for price_set: it is a child now.
	h.keys("/")
	h.typeText("price_set")
	h.keys("enter")
	if p := h.cursorPath(); p != "line_items[].price_set" {
		t.Fatalf("search landed on %q", p)
	}
	if !strings.Contains(h.screen(), "demo.shop_get_order › line_items[].price_set") {
		t.Errorf("path bar:\n%s", h.screen())
	}
	for _, c := range []struct{ key, want string }{
		{"p", "line_items[].price_set"},
		{"j", "/line_items/0/price_set"},
		{"q", ".line_items[].price_set"},
	} {
		h.keys("y", c.key)
		if h.m.Copied() != c.want {
			t.Errorf("y %s copied %q, want %q", c.key, h.m.Copied(), c.want)
		}
	}
	if !h.sentClipboard(".line_items[].price_set") {
		t.Error("no OSC 52 clipboard command")
	}
	// "q" after "y" copied; a lone "q" quits.
	_, cmd := h.m.Update(keyPress("q"))
	if cmd == nil || fmt.Sprintf("%T", cmd()) != "tea.QuitMsg" {
		t.Fatal("q does not quit")
	}
}

func (h *harness) sentClipboard(text string) bool {
	for _, m := range h.msgs {
		if fmt.Sprintf("%T", m) == "tea.setClipboardMsg" && fmt.Sprint(m) == text {
			return true
		}
	}
	return false
}

func TestFilterIsIncrementalAndEscClears(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 80, 24)
	h.keys("/")
	h.typeText("shop")
	n := 0
	for _, r := range h.m.tools.Rows() {
		if r.Tool >= 0 {
			n++
		}
	}
	if n != 4 {
		t.Fatalf("%d tools match shop:\n%s", n, h.screen())
	}
	h.typeText("lo") // fuzzy: s-h-o-p-l-o in order
	if n := h.m.tools.MatchCount(); n != 2 {
		t.Fatalf("shoplo matches %d:\n%s", n, h.screen())
	}
	// Descriptions match too.
	h.keys("esc")
	if h.m.tools.Filter() != "" || len(h.m.tools.Rows()) != 2+16 {
		t.Fatalf("esc left filter %q and %d rows", h.m.tools.Filter(), len(h.m.tools.Rows()))
	}
	h.keys("/")
	h.typeText("refunds")
	if !h.m.tools.Matches("demo.shop_get_order") {
		t.Errorf("description search missed shop_get_order:\n%s", h.screen())
	}
}

func TestKeysOnTree(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 80, 24)
	h.selectTool("shop_get_order")
	tr := h.m.currentTree()
	h.keys("G")
	if tr.Cursor().Kind != schematree.KindMore {
		t.Fatalf("G landed on %q", tr.Cursor().Name)
	}
	h.keys("l")
	if tr.Cursor().Collapsed() {
		t.Fatal("* did not open")
	}
	h.keys("g")
	if tr.Cursor() != tr.First() {
		t.Fatal("g is not the top")
	}
	h.keys("J", "J")
	if tr.Cursor().Name != "name" {
		t.Fatalf("J J on %q", tr.Cursor().Name)
	}
	h.keys("K")
	if tr.Cursor().Name != "admin_graphql_api_id" {
		t.Fatalf("K on %q", tr.Cursor().Name)
	}
	// The id-like leaves come first; the first container is ten siblings on.
	for i := 0; i < 40 && tr.Cursor().Name != "subtotal_price_set"; i++ {
		h.keys("J")
	}
	h.keys("K")
	if tr.Cursor().Name != "total_price_set" {
		t.Fatalf("K on %q", tr.Cursor().Name)
	}
	h.keys("e")
	expanded := tr.Len()
	h.keys("E")
	if tr.Cursor().Depth() != 0 {
		t.Fatal("E left the cursor inside a fold")
	}
	h.keys("2")
	if tr.Len() != expanded {
		t.Fatal("2 loaded lines that e had not")
	}
	h.keys("l", "j")
	if tr.Cursor().Depth() != 1 {
		t.Fatalf("after 2, l, j: depth %d", tr.Cursor().Depth())
	}
	h.keys("H")
	if tr.Cursor().Depth() != 0 || !tr.Cursor().Collapsed() {
		t.Fatal("H did not fold the parent")
	}
	h.keys("L")
	if tr.Cursor().Collapsed() {
		t.Fatal("L did not unfold")
	}
	h.keys("v")
	if h.m.view.kind != viewNamed(t, "schema") || !strings.Contains(h.screen(), "▾ output: object") {
		t.Fatalf("v did not show the schema:\n%s", h.screen())
	}
	h.keys("v")
	if h.m.view.kind != viewNamed(t, "raw") || !strings.Contains(h.screen(), `"name": "shop_get_order"`) {
		t.Fatalf("v did not show raw:\n%s", h.screen())
	}
	before := h.m.currentPane().Where(&h.m.styles)
	h.keys("pgdown")
	if h.m.currentPane().Where(&h.m.styles) == before {
		t.Fatal("pgdown did not scroll the raw view")
	}
	h.keys("v")
	if h.m.view.kind != viewNamed(t, "planner") || !strings.Contains(h.screen(), `"tool_id": "demo.shop_get_order"`) {
		t.Fatalf("v did not show the planner view:\n%s", h.screen())
	}
	h.keys("v")
	if h.m.view.kind != viewNamed(t, "compare") || !strings.Contains(h.screen(), "legacy: first 30 leaf paths") {
		t.Fatalf("v did not show the compare view:\n%s", h.screen())
	}
	h.keys("v")
	if h.m.view.kind != viewNamed(t, "result") || !strings.Contains(h.screen(), "no call yet: press x") {
		t.Fatalf("v did not show the result view:\n%s", h.screen())
	}
	h.keys("v", "v")
	if h.m.view.kind != viewNamed(t, "findings") {
		t.Fatalf("v did not reach the findings view: %s", h.m.view.kind)
	}
	h.keys("v")
	if h.m.view.kind != viewNamed(t, "about") || !strings.Contains(h.screen(), "title         Get order") {
		t.Fatalf("v did not reach the about view:\n%s", h.screen())
	}
	h.keys("v")
	if h.m.view.kind != viewNamed(t, "summary") {
		t.Fatal("v does not cycle")
	}
	h.keys("?")
	if !strings.Contains(h.screen(), "unfold to depth") {
		t.Fatalf("? shows no full help:\n%s", h.screen())
	}
	if !strings.Contains(h.screen(), "summary hides fields") {
		h.keys("pgdown", "pgdown", "pgdown") // the legend follows the keys
	}
	if !strings.Contains(h.screen(), "summary hides fields") {
		t.Fatalf("the help has no legend:\n%s", h.screen())
	}
	h.keys("?")
	if strings.Contains(h.screen(), "unfold to depth") {
		t.Fatal("? did not close the help")
	}
}

func TestServerInErrorAndReconnect(t *testing.T) {
	t.Parallel()
	b := demoBackend(t)
	h := newHarness(t, b, 100, 30)
	h.keys("G") // the broken server's row is last
	scr := h.screen()
	for _, want := range []string{"executable file not found", "boom!", "r reconnects"} {
		if !strings.Contains(scr, want) {
			t.Errorf("server view lacks %q:\n%s", want, scr)
		}
	}
	if strings.Contains(h.m.View().Content, "\x1b[31m") {
		t.Error("stderr escape reached the screen")
	}
	h.keys("r")
	if len(b.reconnects) != 1 || b.reconnects[0] != "broken" {
		t.Fatalf("reconnects %v", b.reconnects)
	}
}

// The log and tasks screens take only keys: a click or a wheel notch
// over them leaves the panes beneath as they were.
func TestMouseOverAKeyboardScreen(t *testing.T) {
	t.Parallel()
	for _, screen := range []string{"M", "T"} {
		h := newHarness(t, demoBackend(t), 160, 48)
		h.selectTool("shop_get_order")
		cursor, focus := h.m.tools.Cursor(), h.m.term.focus
		h.keys(screen)
		h.send(tea.MouseClickMsg{X: 3, Y: titleRows + listHeadRows + 5, Button: tea.MouseLeft})
		h.send(tea.MouseWheelMsg{X: 3, Y: titleRows + listHeadRows + 5, Button: tea.MouseWheelDown})
		if h.m.tools.Cursor() != cursor || h.m.term.focus != focus || h.m.tools.Offset() != 0 {
			t.Errorf("%s: the click moved the tools pane beneath: cursor %d → %d, offset %d", screen, cursor, h.m.tools.Cursor(), h.m.tools.Offset())
		}
		if !h.m.offers.logs.Open && !h.m.tasks.Open {
			t.Errorf("%s: the screen closed", screen)
		}
	}
}

func TestResizeAndMouse(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 160, 48)
	h.selectTool("shop_get_order")
	for _, size := range [][2]int{{160, 48}, {80, 24}, {50, 20}, {200, 60}} {
		h.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		lines := strings.Split(h.m.View().Content, "\n")
		if len(lines) != size[1] {
			t.Errorf("%v: %d lines", size, len(lines))
		}
		for i, l := range lines {
			if w := ansi.StringWidth(l); w > size[0] {
				t.Errorf("%v: line %d is %d wide", size, i, w)
			}
		}
	}
	h.send(tea.WindowSizeMsg{Width: 160, Height: 48})
	tr := h.m.currentTree()
	// Click the twelfth tree line (the first fold, after the id-like
	// leaves), then click it again to unfold it.
	y := titleRows + viewHeadRows + 11
	x := h.m.term.layout.rightX + 5
	h.send(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
	c := tr.Cursor()
	if c == tr.First() || !c.Collapsed() {
		t.Fatalf("click selected %q", c.Name)
	}
	h.send(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
	if c.Collapsed() {
		t.Fatal("second click did not unfold")
	}
	h.keys("e") // enough lines to scroll
	h.send(tea.MouseWheelMsg{X: x, Y: y, Button: tea.MouseWheelDown})
	if tr.ScreenTop() == tr.First() {
		t.Fatal("wheel did not scroll")
	}
	// A click in the tools pane selects that row.
	h.send(tea.MouseClickMsg{X: 3, Y: titleRows + listHeadRows + 1, Button: tea.MouseLeft})
	if h.m.term.focus != focusTools {
		t.Fatal("click did not focus the tools pane")
	}
}

func TestBackgroundColorRestyles(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 80, 24)
	h.m.look.noColor = false
	h.send(tea.BackgroundColorMsg{Color: colorWhite{}})
	if h.m.look.isDark {
		t.Fatal("white background read as dark")
	}
	light := h.m.styles.Name.GetForeground()
	h.send(tea.BackgroundColorMsg{Color: colorBlack{}})
	if !h.m.look.isDark || h.m.styles.Name.GetForeground() == light {
		t.Fatal("styles not rebuilt for a dark background")
	}
}

type colorWhite struct{}

func (colorWhite) RGBA() (r, g, b, a uint32) { return 0xffff, 0xffff, 0xffff, 0xffff }

type colorBlack struct{}

func (colorBlack) RGBA() (r, g, b, a uint32) { return 0, 0, 0, 0xffff }

func TestStaleToolLoadDropped(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 80, 24)
	tools := testkit.DemoTools(t)
	h.m.built.loading.ticket = 5
	h.send(toolLoadedMsg{ticket: 4, view: toolview.New(tools[0], defaultBudget)})
	if h.m.current != nil && h.m.current.Tool.Name == tools[0].Name && h.m.built.loading.id != "" {
		t.Fatal("a stale tool load was applied")
	}
	cur := h.m.current
	h.send(toolLoadedMsg{ticket: 4, view: toolview.New(tools[3], defaultBudget)})
	if h.m.current != cur {
		t.Fatal("a stale tool load replaced the view")
	}
}

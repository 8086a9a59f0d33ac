package tui

import (
	"strings"
	"testing"

	"mcpeek/model"
	"mcpeek/tui/dialog"
)

// A second / starts a new query: what is typed replaces the kept filter
// instead of extending it, and enter on an empty query keeps it.
func TestSlashStartsANewFilter(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 80, 24)
	h.keys("/")
	h.typeText("echo")
	h.keys("enter")
	if h.m.tools.Filter() != "echo" {
		t.Fatalf("filter %q after /echo", h.m.tools.Filter())
	}
	h.keys("/")
	if !strings.Contains(h.screen(), "filter: echo") {
		t.Errorf("the kept filter is not shown in the new query's input:\n%s", h.screen())
	}
	h.typeText("get_ord")
	if h.m.tools.Filter() != "get_ord" {
		t.Fatalf("a second / typed get_ord into filter %q", h.m.tools.Filter())
	}
	h.keys("enter")
	if got := h.selectedName(); got != "demo.shop_get_order" {
		t.Errorf("/get_ord selects %s", got)
	}
	// An empty query keeps the filter it replaces; esc clears it.
	h.keys("/", "enter")
	if h.m.tools.Filter() != "get_ord" {
		t.Errorf("/ enter dropped the filter: %q", h.m.tools.Filter())
	}
	h.keys("/", "esc")
	if h.m.tools.Filter() != "" {
		t.Errorf("/ esc kept the filter %q", h.m.tools.Filter())
	}
}

// esc leaves a view that has a key of its own (findings, planner, diff,
// compare, result) for the view shown before it, from either pane.
func TestEscLeavesKeyedViews(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 120, 30)
	h.selectTool("shop_get_order")
	name := func() string { return h.m.view.kind.String() }
	h.keys("!")
	if name() != "findings" {
		t.Fatalf("! shows %s", name())
	}
	h.keys("esc")
	if name() != "summary" {
		t.Errorf("esc from findings shows %s, want summary", name())
	}
	h.keys("tab") // the view pane has the keys
	h.keys("v")   // schema
	h.keys("p", "D")
	if name() != "diff" {
		t.Fatalf("p D shows %s", name())
	}
	h.keys("esc")
	if name() != "planner" {
		t.Errorf("esc from diff shows %s, want planner", name())
	}
	h.keys("esc")
	if name() != "schema" {
		t.Errorf("esc from planner shows %s, want schema", name())
	}
	h.keys("esc") // v brought the schema view: esc goes back as it came
	if name() != "summary" {
		t.Errorf("esc from schema shows %s, want summary", name())
	}
	h.keys("esc")
	if name() != "summary" {
		t.Errorf("esc with nothing to go back to moved to %s", name())
	}
}

// w and Y work from the tools pane too, on the selected tool's last
// result; without one they say how to get it.
func TestSaveAndCopyFromTheToolsPane(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoCalls(t, demoResult(t)), 100, 30)
	h.selectTool("util_echo")
	h.keys("tab") // back to the tools pane, whichever pane selectTool left
	if h.m.term.focus != focusTools {
		h.keys("tab")
	}
	h.keys("Y")
	if !strings.Contains(h.m.status.text, "no result to copy yet for demo.util_echo: x calls it") {
		t.Errorf("Y before a call: %q", h.m.status.text)
	}
	h.run(h.callShown(`{"message":"hi"}`))
	if h.m.current.Last == nil || h.m.current.Last.Result == nil {
		t.Fatal("the call made no result")
	}
	h.m.term.focus = focusTools
	h.keys("Y")
	if want := string(h.m.current.Last.Result.StructuredContent); h.m.Copied() != want || want == "" {
		t.Errorf("Y in the tools pane copied %q, want the structuredContent %q", h.m.Copied(), want)
	}
	h.keys("w")
	if _, ok := h.m.dialogs.Top().(*dialog.Text); !ok {
		t.Errorf("w in the tools pane opened no save dialog; status %q", h.m.status.text)
	}
}

// Once the user has pressed a key, a snapshot keeps the cursor on the tool
// it is on, by name: a server that finishes connecting above it neither
// moves it to the first tool nor to another tool at the same row.
func TestStartupKeepsTheSelectedTool(t *testing.T) {
	t.Parallel()
	tools := demoBackend(t).servers[0].Tools
	named := func(server string, ts []model.Tool) []model.Tool {
		out := append([]model.Tool(nil), ts...)
		for i := range out {
			out[i].Server = server
		}
		return out
	}
	for _, moves := range [][]string{{"tab"}, {"j", "k"}, {"j"}} {
		b := &fakeBackend{servers: []model.Server{
			{Name: "big", State: model.StateStarting},
			{Name: "small", State: model.StateConnected, Tools: named("small", tools[:3])},
		}}
		h := newHarness(t, b, 100, 30)
		h.keys(moves...)
		before, _ := h.m.selectedTool()
		b.servers = []model.Server{{Name: "big", State: model.StateConnected, Tools: named("big", tools[3:])}, b.servers[1]}
		h.send(ServerChangedMsg{Server: "big"})
		if now, _ := h.m.selectedTool(); now.ID() != before.ID() {
			t.Errorf("%v: big connected and the cursor went from %s to %s", moves, before.ID(), now.ID())
		}
	}
}

// The reconnect's status line stays until its answer comes, however long
// the attempt takes.
func TestReconnectStatusWaitsForTheAnswer(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 100, 30)
	h.keys("G") // the last row: the broken server's
	if srv, ok := h.m.selectedServer(); !ok || srv.Name != "broken" {
		t.Fatalf("G selected %+v", srv)
	}
	h.m.Update(keyPress("r")) // its answer is not run: the attempt goes on
	h.send(statusExpiredMsg{ticket: h.m.status.ticket})
	if !strings.Contains(h.screen(), "reconnecting broken…") {
		t.Fatalf("the status line dropped the reconnect before its answer:\n%s", h.screen())
	}
	h.send(reconnectedMsg{server: "broken", srv: model.Server{Name: "broken", State: model.StateError, Err: "boom"}})
	if !strings.Contains(h.screen(), "broken: still failing: boom") {
		t.Errorf("no answer:\n%s", h.screen())
	}
	h.send(statusExpiredMsg{ticket: h.m.status.ticket})
	if strings.Contains(h.screen(), "reconnecting") {
		t.Errorf("the answered reconnect is still said:\n%s", h.screen())
	}
}

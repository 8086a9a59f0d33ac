package tui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"mcpeek/assets"
	"mcpeek/mcpclient"
	"mcpeek/tui/resultview"
	"mcpeek/tui/toolview"
)

// demoCalls is the demo backend whose calls answer with call.
func demoCalls(t testing.TB, call func(ctx context.Context, server, tool string, args json.RawMessage, opts mcpclient.CallOptions) (*mcpclient.CallResult, error)) *fakeBackend {
	b := demoBackend(t)
	b.call = call
	return b
}

// callShown calls the tool shown with args, as a submitted call form
// does, and returns the command that runs the call.
func (h *harness) callShown(args string) tea.Cmd {
	v := h.m.current
	return h.m.startCall(callTool{toolID: v.Tool.ID().String(), server: v.Tool.Server, tool: v.Tool.Name, args: json.RawMessage(args)})
}

// demoResult answers a call with the demo's canned result of the tool, as
// structuredContent and as its JSON text.
func demoResult(t testing.TB) func(context.Context, string, string, json.RawMessage, mcpclient.CallOptions) (*mcpclient.CallResult, error) {
	return func(_ context.Context, _, tool string, _ json.RawMessage, _ mcpclient.CallOptions) (*mcpclient.CallResult, error) {
		data, ok := assets.DemoResult(tool)
		if !ok {
			t.Fatalf("no demo result for %s", tool)
		}
		return resultOf(t, map[string]any{"structuredContent": json.RawMessage(data),
			"content": []any{map[string]any{"type": "text", "text": string(data)}}}), nil
	}
}

// resultOf builds a CallResult from a raw result object.
func resultOf(t testing.TB, raw map[string]any) *mcpclient.CallResult {
	t.Helper()
	b, err := json.Marshal(raw)
	if err != nil {
		t.Fatal(err)
	}
	r := &mcpclient.CallResult{Raw: b}
	if sc, ok := raw["structuredContent"]; ok {
		r.StructuredContent, _ = json.Marshal(sc)
	}
	if c, ok := raw["content"]; ok {
		r.Content, _ = json.Marshal(c)
	}
	r.IsError, _ = raw["isError"].(bool)
	return r
}

// TestCallStoresOutcomeAndShowsResult: X calls the tool with {}, the
// outcome lands on its view with its check, and the result view shows it.
func TestCallStoresOutcomeAndShowsResult(t *testing.T) {
	t.Parallel()
	var gotArgs string
	h := newHarness(t, demoCalls(t, func(ctx context.Context, s, tool string, args json.RawMessage, o mcpclient.CallOptions) (*mcpclient.CallResult, error) {
		gotArgs = string(args)
		return demoResult(t)(ctx, s, tool, args, o)
	}), 100, 30)
	h.selectTool("stale_get_order")
	h.run(h.callShown("{}"))
	v := h.m.current
	if gotArgs != "{}" || v.Last == nil || v.Last.Result == nil || v.Last.Err != nil {
		t.Fatalf("args %q, outcome %+v", gotArgs, v.Last)
	}
	if h.m.view.kind != toolview.ResultKind() || h.m.running(v.Tool.ID().String()) != nil {
		t.Fatalf("view %v, still running %v", h.m.view.kind, h.m.running(v.Tool.ID().String()) != nil)
	}
	if v.Last.Check == nil || !v.Last.Check.Breaks() || v.Target == nil {
		t.Fatalf("check %+v, target %v", v.Last.Check, v.Target)
	}
	screen := h.screen()
	for _, want := range []string{"ok  ", "args {}", "breaks its output schema: 2 missing required, 1 type mismatch",
		"▾ structuredContent: object", `name: "#1042"`, "answered in"} {
		if !strings.Contains(screen, want) {
			t.Errorf("no %q on the screen:\n%s", want, screen)
		}
	}
}

func TestCallIsErrorAndFailureAreShown(t *testing.T) {
	t.Parallel()
	fail := true
	h := newHarness(t, demoCalls(t, func(context.Context, string, string, json.RawMessage, mcpclient.CallOptions) (*mcpclient.CallResult, error) {
		if fail {
			return nil, errors.New("server said \x1b[31mno")
		}
		return resultOf(t, map[string]any{"isError": true, "content": []any{map[string]any{"type": "text", "text": "order 7 not found"}}}), nil
	}), 100, 30)
	h.selectTool("shop_get_order")
	h.run(h.callShown("{}"))
	screen := h.screen()
	if !strings.Contains(screen, "failed") || !strings.Contains(screen, "server said no") || strings.Contains(h.m.View().Content, "\x1b[31mno") {
		t.Fatalf("the failure is not shown, or not sanitised:\n%s", screen)
	}
	if !h.m.status.isErr {
		t.Error("the status line does not say it failed")
	}
	fail = false
	h.run(h.callShown("{}"))
	screen = h.screen()
	for _, want := range []string{"isError", `[0] text: "order 7 not found"`, "the tool reported an error (isError: true)"} {
		if !strings.Contains(screen, want) {
			t.Errorf("no %q:\n%s", want, screen)
		}
	}
}

// background runs a command's parts on goroutines, as the program would,
// and hands their messages over a channel.
func background(cmd tea.Cmd) <-chan tea.Msg {
	out := make(chan tea.Msg, 16)
	var run func(c tea.Cmd)
	run = func(c tea.Cmd) {
		if c == nil {
			return
		}
		go func() {
			msg := c()
			if batch, ok := msg.(tea.BatchMsg); ok {
				for _, c := range batch {
					run(c)
				}
				return
			}
			if msg != nil {
				out <- msg
			}
		}()
	}
	run(cmd)
	return out
}

// next waits for a message of type M (a condition, not a timing: the
// deadline only ends a test that hangs).
func next[M tea.Msg](t *testing.T, ch <-chan tea.Msg) M {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case msg := <-ch:
			if m, ok := msg.(M); ok {
				return m
			}
		case <-deadline:
			var none M
			t.Fatalf("no %T came", none)
			return none
		}
	}
}

// A slow call: progress reports move the bar, a second X says it runs,
// esc cancels it (the backend sees its context end) and its late answer
// is dropped.
func TestCallProgressAndCancel(t *testing.T) {
	t.Parallel()
	ended := make(chan error, 1)
	h := newHarness(t, demoCalls(t, func(ctx context.Context, _, _ string, _ json.RawMessage, o mcpclient.CallOptions) (*mcpclient.CallResult, error) {
		o.Progress(mcpclient.Progress{Progress: 1, Total: 4, Message: "step one"})
		<-ctx.Done()
		ended <- ctx.Err()
		return nil, fmt.Errorf("call: %w", ctx.Err())
	}), 100, 30)
	h.selectTool("shop_get_order")
	id := h.m.current.Tool.ID().String()
	cmd := h.callShown("{}")
	msgs := background(cmd)
	if !strings.Contains(h.screen(), "calling… 0s  esc cancels") || !strings.Contains(h.screen(), "no progress reported yet") {
		t.Fatalf("no call under way on the screen:\n%s", h.screen())
	}
	// The report comes through the bridge's reports.
	h.send(next[callProgressMsg](t, h.m.calls.reports))
	if screen := h.screen(); !strings.Contains(screen, "█") || !strings.Contains(screen, "1/4 step one") {
		t.Fatalf("the bar did not move:\n%s", screen)
	}
	h.keys("X")
	if !strings.Contains(h.m.status.text, "being called already") {
		t.Errorf("a second X: %q", h.m.status.text)
	}
	h.keys("esc")
	if err := <-ended; !errors.Is(err, context.Canceled) {
		t.Fatalf("the backend's context: %v", err)
	}
	if h.m.running(id) != nil || !strings.Contains(h.m.status.text, "cancelled the call") {
		t.Fatalf("still running, or no word of it: %q", h.m.status.text)
	}
	h.send(next[callDoneMsg](t, msgs))
	if v := h.m.current; v.Last != nil {
		t.Fatalf("the cancelled call's answer landed: %+v", v.Last)
	}
	if !strings.Contains(h.screen(), "no call yet") {
		t.Fatalf("the result view did not go back:\n%s", h.screen())
	}
}

// An answer for a call that was replaced is not shown on the tool.
func TestCallStaleAnswerIsDropped(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoCalls(t, demoResult(t)), 100, 30)
	h.selectTool("shop_get_order")
	id := h.m.current.Tool.ID().String()
	h.callShown("{}")
	old := h.m.running(id).ticket
	h.keys("esc")
	h.callShown("{}")
	res, _ := demoResult(t)(context.Background(), "demo", "shop_get_order", nil, mcpclient.CallOptions{})
	h.send(callDoneMsg{tool: id, ticket: old, outcome: &toolview.Outcome{Outcome: resultview.Outcome{Result: res}}})
	if h.m.current.Last != nil || h.m.running(id) == nil {
		t.Fatal("a stale answer landed")
	}
}

func TestCallTimesOut(t *testing.T) {
	t.Parallel()
	var timeout time.Duration
	h := newHarness(t, demoCalls(t, func(_ context.Context, _, _ string, _ json.RawMessage, o mcpclient.CallOptions) (*mcpclient.CallResult, error) {
		timeout = o.Timeout
		return nil, fmt.Errorf("tools/call: %w", context.DeadlineExceeded)
	}), 100, 30)
	h.m.calls.timeout = 2 * time.Second
	h.selectTool("shop_get_order")
	h.run(h.callShown("{}"))
	want := "timed out after 2s; the call was cancelled"
	if timeout != 2*time.Second || h.m.current.Last.Err == nil || h.m.current.Last.Err.Error() != want {
		t.Fatalf("timeout %v, outcome %+v", timeout, h.m.current.Last)
	}
	if !strings.Contains(h.screen(), want) {
		t.Fatalf("no timeout on the screen:\n%s", h.screen())
	}
}

// The result view before any call says how to make one.
func TestResultViewBeforeACall(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 80, 24)
	h.selectTool("shop_get_order")
	h.keys("o")
	if h.m.view.kind != toolview.ResultKind() || !strings.Contains(h.screen(), "no call yet: press x") {
		t.Fatalf("o:\n%s", h.screen())
	}
	h.keys("w")
	if !strings.Contains(h.m.status.text, "no result to save") {
		t.Errorf("w with no result: %q", h.m.status.text)
	}
}

// The newcomer's call at 80x24: X on stale_get_order, whose result drifts
// from its schema, shows the result view with the check's verdict.
func TestAppCallStaleOrder80x24(t *testing.T) {
	t.Parallel()
	tm, m := startSpiedApp(t, 80, 24)
	// X calls with the newest remembered arguments.
	if err := argsOf(t).save("demo.stale_get_order", json.RawMessage(`{"order_id":"5601234042"}`), time.Now()); err != nil {
		t.Fatal(err)
	}
	filterTo(t, tm, "stale_get_order")
	typeKeys(tm, "tab", "X")
	waitScreen(t, tm, "findings")
	screen := finalScreen(t, tm)
	if o := m.current.Last; o == nil || o.Check == nil || !o.Check.Breaks() {
		t.Fatalf("outcome %+v", o)
	}
	// The latency and the time of the call differ from run to run, and so
	// does where the arguments after them are cut.
	screen = regexp.MustCompile(`ok  \S+  at \d\d:\d\d:\d\d[^\n]*`).ReplaceAll(screen, []byte("ok  LATENCY  at HH:MM:SS  ARGS"))
	screen = regexp.MustCompile(` +\S+ answered in \S+`).ReplaceAll(screen, []byte("  (status: answered in LATENCY)"))
	golden.RequireEqual(t, screen)
}

// x on a tool whose view is still being built (typed fast after the
// filter's enter) waits for the view, then opens the form; the keys and
// the paste that came meanwhile land in the form, not in the explorer's
// tree (x was refused, and the digits after it unfolded the tree).
func TestCallKeyTypedFastWaitsForTheSelectedToolsView(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 80, 24)
	if h.m.current == nil || h.m.current.Tool.Name == "shop_get_product" {
		t.Fatal("the harness did not land on another first tool")
	}
	h.keys("/")
	// What the terminal sends in one burst: nothing runs in between, so
	// the tool's view is not built until the burst is over.
	var later []tea.Cmd
	burst := func(msg tea.Msg) {
		_, cmd := h.m.Update(msg)
		later = append(later, cmd)
	}
	for _, r := range "shop_get_product" {
		burst(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	burst(keyPress("enter"))
	for _, k := range []string{"x", "8", "0", "0"} {
		burst(keyPress(k))
	}
	burst(tea.PasteMsg{Content: "1234042"})
	if h.m.dialogs.Top() != nil || h.m.current != nil {
		t.Fatal("the view was built during the burst: the test shows nothing")
	}
	h.run(tea.Batch(later...))
	d, ok := h.m.dialogs.Top().(*callFormDialog)
	if !ok {
		t.Fatalf("no call form; status %q:\n%s", h.m.status.text, h.screen())
	}
	if got := d.Form().Values()[0]; got != "8001234042" {
		t.Errorf("product_id %q, want 8001234042 (typed and pasted after x)", got)
	}
	if h.m.current.Tool.Name != "shop_get_product" {
		t.Errorf("form of %s", h.m.current.Tool.Name)
	}
}

// X never sends what the call form would refuse: with no arguments yet it
// opens the form at the first error; it calls with the newest remembered
// set; after a cancelled call, with that call's arguments; on a tool whose
// defaults pass, with them.
func TestCallAgainUsesLastOrRememberedArguments(t *testing.T) {
	t.Parallel()
	var sent []string
	calls := demoCalls(t, func(ctx context.Context, s, tool string, args json.RawMessage, o mcpclient.CallOptions) (*mcpclient.CallResult, error) {
		sent = append(sent, tool+" "+string(args))
		return demoResult(t)(ctx, s, tool, args, o)
	})
	h := newHarness(t, calls, 100, 30)
	h.selectTool("shop_get_order")
	h.keys("X")
	d, ok := h.m.dialogs.Top().(*callFormDialog)
	if !ok || len(sent) != 0 {
		t.Fatalf("X with no arguments sent %q:\n%s", sent, h.screen())
	}
	if scr := h.screen(); !strings.Contains(scr, "X: fix order_id: required property is missing") || d.Form().Focused() != 0 {
		t.Errorf("the form does not say why, at order_id (focus %d):\n%s", d.Form().Focused(), scr)
	}
	h.typeText("5601234042")
	h.send(tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
	if len(sent) != 1 || sent[0] != `shop_get_order {"order_id":"5601234042","include_transactions":true,"include_refunds":true,"expand":["line_items.variant","line_items.product"],"currency_view":"shop"}` {
		t.Fatalf("sent %q", sent)
	}

	// Remembered from an earlier session.
	if err := argsOf(t).save("demo.shop_get_product", json.RawMessage(`{"product_id":"7"}`), time.Now()); err != nil {
		t.Fatal(err)
	}
	h.keys("tab", "/", "esc") // the filter cleared
	h.selectTool("shop_get_product")
	h.keys("X")
	if h.m.dialogs.Top() != nil || len(sent) != 2 || !strings.Contains(sent[1], `"product_id":"7"`) {
		t.Fatalf("X with a remembered set sent %q:\n%s", sent, h.screen())
	}

	// No required argument: the defaults are called.
	h.keys("tab", "/", "esc")
	h.selectTool("shop_list_orders")
	h.keys("X")
	if h.m.dialogs.Top() != nil || len(sent) != 3 || !strings.HasPrefix(sent[2], "shop_list_orders {") {
		t.Fatalf("X on a tool with no required argument sent %q:\n%s", sent, h.screen())
	}
}

// A call cancelled with esc leaves its arguments for X (it sent {}).
func TestCallAgainAfterACancelledCall(t *testing.T) {
	t.Parallel()
	var sent []string
	block := true
	h := newHarness(t, demoCalls(t, func(ctx context.Context, s, tool string, args json.RawMessage, o mcpclient.CallOptions) (*mcpclient.CallResult, error) {
		sent = append(sent, string(args))
		if block {
			<-ctx.Done()
			return nil, ctx.Err()
		}
		return demoResult(t)(ctx, s, tool, args, o)
	}), 100, 30)
	h.selectTool("shop_get_order")
	cmd := h.callShown(`{"order_id":"42"}`)
	msgs := background(cmd)
	h.keys("esc")
	h.send(next[callDoneMsg](t, msgs))
	block = false
	h.keys("X")
	if len(sent) != 2 || sent[1] != `{"order_id":"42"}` {
		t.Fatalf("X after a cancelled call sent %q:\n%s", sent, h.screen())
	}
}

// A call from the tools pane moves the keys to its result: / then
// searches the result, not the tools (it stayed on the list).
func TestCallFromTheToolsPaneFocusesTheResult(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoCalls(t, demoResult(t)), 100, 30)
	h.selectTool("shop_list_orders")
	h.keys("tab")
	if h.m.term.focus != focusTools {
		t.Fatal("tab did not go back to the tools pane")
	}
	h.keys("X")
	if h.m.view.kind != toolview.ResultKind() || h.m.term.focus != focusView {
		t.Fatalf("after the call: view %v, focus %v", h.m.view.kind, h.m.term.focus)
	}
	h.keys("/")
	if h.m.input.mode != inputSearch {
		t.Errorf("/ after the call opened the %v input, not the result's search", h.m.input.mode)
	}
}

package tui

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/mcpclient"
)

// screenSpy runs the app and, on a screenAsked message, hands back the
// screen as drawn now: read on the program's goroutine, in Update, so a
// test can assert on the whole screen at each step.
type screenSpy struct{ *Model }

// screenAsked asks a screenSpy for its screen, styles and all.
type screenAsked chan string

func (s screenSpy) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if ask, ok := msg.(screenAsked); ok {
		ask <- s.View().Content
		return s, nil
	}
	_, cmd := s.Model.Update(msg)
	return s, cmd
}

// waitScreen asks for the screen until it holds every one of wants (a
// condition: the deadline only ends a test that hangs), and returns it
// without styles.
func waitScreen(t *testing.T, tm *teatest.TestModel, wants ...string) string {
	t.Helper()
	plain, _ := waitRawScreen(t, tm, wants...)
	return plain
}

// waitRawScreen is waitScreen that also returns the screen as drawn, with
// its escape sequences.
func waitRawScreen(t *testing.T, tm *teatest.TestModel, wants ...string) (plain, raw string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		ask := make(screenAsked, 1)
		tm.Send(ask)
		select {
		case raw = <-ask:
		case <-time.After(5 * time.Second):
			continue
		}
		plain = trimLines(ansi.Strip(raw))
		if containsAll(plain, wants) {
			return plain, raw
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the screen never showed %q:\n%s", wants, plain)
	return "", ""
}

func containsAll(s string, wants []string) bool {
	for _, w := range wants {
		if !strings.Contains(s, w) {
			return false
		}
	}
	return true
}

// startSpiedApp runs the whole app on the demo server at a fixed size, as
// startApp does, with a screenSpy around it.
func startSpiedApp(t *testing.T, w, h int) (*teatest.TestModel, *Model) {
	t.Helper()
	mgr := demoManager(t)
	m := New(Options{StateDir: stateDir(t), Backend: mgr, NoColor: true})
	m.clock.after = func(time.Duration, tea.Msg) tea.Cmd { return nil } // status lines stay
	tm := teatest.NewTestModel(t, screenSpy{m}, teatest.WithInitialTermSize(w, h))
	go m.ForwardEvents(mgr.Events(), tm.Send)
	waitScreen(t, tm, "shop_get_order")
	return tm, m
}

// filterTo picks a tool of the demo server with the tools list's filter,
// from the tools list.
func filterTo(t *testing.T, tm *teatest.TestModel, tool string) {
	t.Helper()
	filterToolOf(t, tm, "demo", tool)
	waitScreen(t, tm, "summary lines")
}

// filterToolOf picks a server's tool with the tools list's filter, from
// the tools list, and waits for its view.
func filterToolOf(t *testing.T, tm *teatest.TestModel, server, tool string) {
	t.Helper()
	typeKeys(tm, "/", "esc", "/") // esc clears an earlier filter
	tm.Type(tool)
	typeKeys(tm, "enter")
	waitScreen(t, tm, "│"+server+"."+tool+" ")
}

// ctrlS is the form's submit key.
var ctrlS = tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl}

// tabToCall moves the form's focus to its Call button.
func tabToCall(t *testing.T, tm *teatest.TestModel) {
	t.Helper()
	moveFocus(t, tm, tea.KeyPressMsg{Code: tea.KeyTab}, "Call ")
}

// moveFocus presses key, one press at a time, until the form's focused
// field is target (the start of its title); tab on the Call button goes
// round to the first field.
func moveFocus(t *testing.T, tm *teatest.TestModel, key tea.KeyPressMsg, target string) {
	t.Helper()
	focused := focusedField(waitScreen(t, tm))
	for range 40 {
		if strings.HasPrefix(focused, target) {
			return
		}
		tm.Send(key)
		deadline := time.Now().Add(20 * time.Second)
		for now := focused; now == focused; now = focusedField(waitScreen(t, tm)) {
			if time.Now().After(deadline) {
				t.Fatalf("the focus did not leave %q", focused)
			}
			time.Sleep(5 * time.Millisecond)
		}
		focused = focusedField(waitScreen(t, tm))
	}
	t.Fatalf("the focus never reached %q; it is on %q", target, focused)
}

// focusedField is the title of the form's focused field, the first line
// huh marks with its focus bar, or "".
func focusedField(screen string) string {
	for _, line := range strings.Split(screen, "\n") {
		if _, title, ok := strings.Cut(line, "│ ┃ "); ok {
			return strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(title), "│"))
		}
	}
	return ""
}

// The newcomer's call at 80x24, in one program on the demo server: the
// form refuses an empty order id and a malformed one at their field, calls
// with a good one, the result matches its schema and lays its fields over
// the summary; then the drifting twin's missing fields are marked on its
// trees.
func TestAppCallWalk80x24(t *testing.T) {
	t.Parallel()
	tm, m := startSpiedApp(t, 80, 24)
	filterTo(t, tm, "shop_get_order")

	typeKeys(tm, "x")
	screen := waitScreen(t, tm, "Call demo.shop_get_order", "┃ order_id *", "ctrl+s call")
	if strings.Contains(screen, "required property is missing") {
		t.Fatalf("the form opens on an error before anything was typed:\n%s", screen)
	}
	// The submit key from the first field: refused, the focus stays there.
	tm.Send(ctrlS)
	waitScreen(t, tm, "fix order_id: required property is missing", "┃ order_id *  ✗ required property is missing")

	tm.Type("ord-1") // the schema's pattern takes digits or a GraphQL id
	waitScreen(t, tm, "order_id *  ✗ 'ord-1' does not match pattern")
	for range len("ord-1") {
		typeKeys(tm, "backspace")
	}
	tm.Type("5601234042")
	screen = waitScreen(t, tm, "> 5601234042")
	if strings.Contains(screen, "order_id *  ✗") {
		t.Fatalf("a valid id is still marked:\n%s", screen)
	}
	tm.Send(ctrlS)
	// The arguments may be cut after a few characters: the latency before them varies in width.
	screen = waitScreen(t, tm, "matches its output schema", `args {"order_id":"56012`)
	if strings.Contains(screen, "Call demo.shop_get_order") {
		t.Fatalf("the form stayed open over the result:\n%s", screen)
	}

	typeKeys(tm, "o")
	screen = waitScreen(t, tm, "v summary", "✓ matches · ")
	if !regexp.MustCompile(`✓ matches · \d+ present`).MatchString(screen) {
		t.Errorf("no present count in the header:\n%s", screen)
	}
	if !regexp.MustCompile(`filled \d+ behind .*\d+ behind line_items\[\]`).MatchString(screen) {
		t.Errorf("no word of the fields filled behind line_items[]:\n%s", screen)
	}
	if !strings.Contains(screen, "id: integer  = 5601234042") {
		t.Errorf("the result's values are not over the summary's fields:\n%s", screen)
	}

	// The drifting twin, called from its form (the call moved the keys to
	// its result: tab goes back to the tools list): the same id, two
	// required fields missing from its answer.
	typeKeys(tm, "tab")
	filterTo(t, tm, "stale_get_order")
	typeKeys(tm, "x")
	waitScreen(t, tm, "Call demo.stale_get_order")
	tm.Type("5601234042")
	waitScreen(t, tm, "> 5601234042")
	tabToCall(t, tm)
	typeKeys(tm, "enter")
	waitScreen(t, tm, "demo.stale_get_order", "breaks its output schema: 2 missing required")
	typeKeys(tm, "o")
	screen = waitScreen(t, tm, "v summary", "✗ breaks")
	// The schema view has every field: find the missing currency there
	// (the keys are on the view since the call).
	typeKeys(tm, "v", "/")
	tm.Type("currency")
	typeKeys(tm, "enter")
	screen = waitScreen(t, tm, "v schema", "currency*: string  ✗ missing required")
	// The view's screen is the golden, the time of the call masked.
	screen = regexp.MustCompile(` +\S+ answered in \S+`).ReplaceAllString(screen, "  (status: answered in LATENCY)")
	golden.RequireEqual(t, []byte(screen+"\n"))
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	if o := m.built.views["demo.stale_get_order"].Last; o == nil || o.Check == nil || !o.Check.Breaks() {
		t.Fatalf("the drifting order's outcome: %+v", o)
	}
	if o := m.built.views["demo.shop_get_order"].Last; o == nil || o.Check == nil || o.Check.Breaks() {
		t.Fatalf("the order's outcome: %+v", o)
	}
}

// slowServer is an in-process server whose slow_report reports progress
// twice and then works until its call is cancelled, which it says on
// cancelled; tally answers at once.
func slowServer(cancelled chan<- error) *server.MCPServer {
	srv := server.NewMCPServer("lab", "1", server.WithToolCapabilities(true))
	srv.AddTool(mcp.NewToolWithRawSchema("slow_report", "Counts slowly.",
		json.RawMessage(`{"type":"object","properties":{"steps":{"type":"integer","minimum":1,"default":4}}}`)),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var token any
			if req.Params.Meta != nil {
				token = req.Params.Meta.ProgressToken
			}
			steps := req.GetInt("steps", 4)
			for i := 1; i <= 2 && token != nil; i++ {
				srv.SendNotificationToClient(ctx, string(mcp.MethodNotificationProgress), map[string]any{
					"progressToken": token, "progress": i, "total": steps, "message": "counting\x1b[2J sheep"})
			}
			<-ctx.Done() // the rest of the work never ends
			cancelled <- ctx.Err()
			return nil, ctx.Err()
		})
	srv.AddTool(mcp.NewTool("tally", mcp.WithDescription("Answers at once.")),
		func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText("0"), nil
		})
	return srv
}

// A slow call from the form, through a real Manager: its progress moves
// the bar, the explorer goes on answering keys while it runs, and esc
// cancels it on the server.
func TestAppCallProgressAndCancelInProcess(t *testing.T) {
	t.Parallel()
	cancelled := make(chan error, 1)
	mgr, err := mcpclient.NewManager(mcpclient.Config{}, mcpclient.WithInProcess("lab", slowServer(cancelled)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mgr.Close() })
	m := New(Options{StateDir: stateDir(t), Backend: mgr, NoColor: true})
	m.clock.after = func(time.Duration, tea.Msg) tea.Cmd { return nil }
	tm := teatest.NewTestModel(t, screenSpy{m}, teatest.WithInitialTermSize(80, 24))
	go m.ForwardEvents(mgr.Events(), tm.Send)
	waitScreen(t, tm, "◇ tally", "│lab.slow_report")

	typeKeys(tm, "x")
	waitScreen(t, tm, "Call lab.slow_report", "steps")
	tabToCall(t, tm)
	typeKeys(tm, "enter")
	screen, raw := waitRawScreen(t, tm, "2/4 counting sheep", "esc cancels")
	if !strings.Contains(screen, "█") {
		t.Errorf("no bar:\n%s", screen)
	}
	if strings.Contains(raw, "\x1b[2J") {
		t.Error("the server's escape sequence reached the screen")
	}

	// The call runs on; the tools list moves, and comes back.
	typeKeys(tm, "tab", "j")
	waitScreen(t, tm, "│lab.tally")
	select {
	case err := <-cancelled:
		t.Fatalf("the call ended when the cursor moved: %v", err)
	default:
	}
	typeKeys(tm, "k")
	waitScreen(t, tm, "│lab.slow_report", "2/4 counting sheep")

	typeKeys(tm, "esc")
	select {
	case err := <-cancelled:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("the server's call ended with %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("the server never saw the call cancelled")
	}
	screen = waitScreen(t, tm, "cancelled the call of lab.slow_report")
	if strings.Contains(screen, "2/4 counting sheep") {
		t.Errorf("the bar stayed after the cancel:\n%s", screen)
	}
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	if v := m.built.views["lab.slow_report"]; v == nil || v.Last != nil {
		t.Errorf("the cancelled call left an outcome: %+v", v)
	}
}

package tui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest/v2"
)

// screenSpy runs the app and, on a screenAsked message, hands back the
// screen as drawn now, without styles: read on the program's goroutine, in
// Update, so a test can assert on the whole screen at each step.
type screenSpy struct{ *Model }

// screenAsked asks a screenSpy for its screen.
type screenAsked chan string

func (s screenSpy) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if ask, ok := msg.(screenAsked); ok {
		ask <- trimLines(ansi.Strip(s.View().Content))
		return s, nil
	}
	_, cmd := s.Model.Update(msg)
	return s, cmd
}

// waitScreen asks for the screen until it holds every one of wants (a
// condition: the deadline only ends a test that hangs), and returns it.
func waitScreen(t *testing.T, tm *teatest.TestModel, wants ...string) string {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	var screen string
	for time.Now().Before(deadline) {
		ask := make(screenAsked, 1)
		tm.Send(ask)
		select {
		case screen = <-ask:
		case <-time.After(5 * time.Second):
			continue
		}
		if containsAll(screen, wants) {
			return screen
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the screen never showed %q:\n%s", wants, screen)
	return ""
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
	t.Setenv("XDG_STATE_HOME", t.TempDir()) // no remembered arguments, never the user's own
	mgr := demoManager(t)
	m := New(Options{Backend: mgr, NoColor: true})
	m.after = func(time.Duration, tea.Msg) tea.Cmd { return nil } // status lines stay
	tm := teatest.NewTestModel(t, screenSpy{m}, teatest.WithInitialTermSize(w, h))
	go m.ForwardEvents(mgr.Events(), tm.Send)
	waitScreen(t, tm, "shop_get_order")
	return tm, m
}

// filterTo picks a tool with the tools list's filter, from the tools list.
func filterTo(t *testing.T, tm *teatest.TestModel, tool string) {
	t.Helper()
	typeKeys(tm, "/", "esc", "/") // esc clears an earlier filter
	tm.Type(tool)
	typeKeys(tm, "enter")
	waitScreen(t, tm, "demo."+tool, "summary lines")
}

// The call form's last item is its Call button, and tab stops there: as
// many tabs as the form has items reach it from anywhere.
const tabsToCall = 8

func tabToCall(tm *teatest.TestModel) {
	for range tabsToCall {
		typeKeys(tm, "tab")
	}
}

// The newcomer's call at 80x24, in one program on the demo server: the
// form refuses an empty order id and a malformed one at their field, calls
// with a good one, the result matches its schema and lays its fields over
// the summary; then the drifting twin's missing fields are marked on its
// trees.
func TestAppCallWalk80x24(t *testing.T) {
	tm, m := startSpiedApp(t, 80, 24)
	filterTo(t, tm, "shop_get_order")

	typeKeys(tm, "x")
	waitScreen(t, tm, "Call demo.shop_get_order", "order_id *  ✗ required property is missing")
	tabToCall(tm)
	typeKeys(tm, "enter")
	waitScreen(t, tm, "Call demo.shop_get_order", "fix the 1 marked error(s) first")
	for range tabsToCall {
		tm.Send(tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift})
	}
	waitScreen(t, tm, "fix the 1 marked error(s) first", "order_id *  ✗ required property is missing")

	tm.Type("ord-1") // the schema's pattern takes digits or a GraphQL id
	waitScreen(t, tm, "order_id *  ✗ 'ord-1' does not match pattern")
	for range len("ord-1") {
		typeKeys(tm, "backspace")
	}
	tm.Type("5601234042")
	screen := waitScreen(t, tm, "> 5601234042")
	if strings.Contains(screen, "order_id *  ✗") {
		t.Fatalf("a valid id is still marked:\n%s", screen)
	}
	tabToCall(tm)
	typeKeys(tm, "enter")
	screen = waitScreen(t, tm, "matches its output schema", `args {"order_id":"5601234042"`)
	if strings.Contains(screen, "Call demo.shop_get_order") {
		t.Fatalf("the form stayed open over the result:\n%s", screen)
	}

	typeKeys(tm, "o")
	screen = waitScreen(t, tm, "v summary", "✓ matches · ")
	if !regexp.MustCompile(`✓ matches · \d+ present, \d+ absent`).MatchString(screen) {
		t.Errorf("no present and absent counts in the header:\n%s", screen)
	}
	if !regexp.MustCompile(`filled \d+ behind .*\d+ behind line_items\[\]`).MatchString(screen) {
		t.Errorf("no word of the fields filled behind line_items[]:\n%s", screen)
	}
	if !strings.Contains(screen, "id: integer  = 5601234042") {
		t.Errorf("the result's values are not over the summary's fields:\n%s", screen)
	}

	// The drifting twin, called from its form: the same id, two required
	// fields missing from its answer.
	// o left the focus on the tools list.
	filterTo(t, tm, "stale_get_order")
	typeKeys(tm, "x")
	waitScreen(t, tm, "Call demo.stale_get_order")
	tm.Type("5601234042")
	waitScreen(t, tm, "> 5601234042")
	tabToCall(tm)
	typeKeys(tm, "enter")
	waitScreen(t, tm, "demo.stale_get_order", "breaks its output schema: 2 missing required")
	typeKeys(tm, "o")
	screen = waitScreen(t, tm, "v summary", "✗ breaks")
	// The schema view has every field: find the missing currency there.
	typeKeys(tm, "tab", "v", "/")
	tm.Type("currency")
	typeKeys(tm, "enter")
	screen = waitScreen(t, tm, "v schema", "currency*: string  ✗ missing required")
	// The view's screen is the golden, the time of the call masked.
	screen = regexp.MustCompile(`answered in \S+`).ReplaceAllString(screen, "answered in LATENCY")
	golden.RequireEqual(t, []byte(screen+"\n"))
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	if o := m.views["demo.stale_get_order"].last; o == nil || o.check == nil || !o.check.Breaks() {
		t.Fatalf("the drifting order's outcome: %+v", o)
	}
	if o := m.views["demo.shop_get_order"].last; o == nil || o.check == nil || o.check.Breaks() {
		t.Fatalf("the order's outcome: %+v", o)
	}
}

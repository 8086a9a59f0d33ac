package tui

import (
	"bytes"
	"context"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"mcpeek/assets"
	"mcpeek/mcpclient"
)

// demoManager is a real Manager on the embedded demo server, in process.
func demoManager(t testing.TB) *mcpclient.Manager {
	t.Helper()
	srv, err := assets.NewDemoServer("test")
	if err != nil {
		t.Fatal(err)
	}
	m, err := mcpclient.NewManager(mcpclient.Config{}, mcpclient.WithInProcess(assets.DemoServerName, srv), mcpclient.WithRequestEvents())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	return m
}

// startApp runs the whole app on the demo server at a fixed size, with the
// event bridge, and waits until the tools are listed.
func startApp(t *testing.T, w, h int) (*teatest.TestModel, *Model) {
	mgr := demoManager(t)
	m := New(Options{StateDir: stateDir(t), Backend: mgr, NoColor: true})
	m.clock.after = func(time.Duration, tea.Msg) tea.Cmd { return nil } // status lines stay for the golden screen
	tm := teatest.NewTestModel(t, screenSpy{m}, teatest.WithInitialTermSize(w, h))
	go m.ForwardEvents(mgr.Events(), tm.Send)
	waitScreen(t, tm, "shop_get_order")
	return tm, m
}

// waitFor waits until the program has drawn text (a condition, not a sleep).
func waitFor(t *testing.T, out io.Reader, text string) {
	t.Helper()
	teatest.WaitFor(t, out, func(b []byte) bool {
		return bytes.Contains(b, []byte(text))
	}, teatest.WithDuration(15*time.Second), teatest.WithCheckInterval(5*time.Millisecond))
}

func typeKeys(tm *teatest.TestModel, keys ...string) {
	for _, k := range keys {
		tm.Send(keyPress(k))
	}
}

// finalScreen quits and returns the last screen without styles.
func finalScreen(t *testing.T, tm *teatest.TestModel) []byte {
	t.Helper()
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	final := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second))
	return []byte(trimLines(ansi.Strip(final.View().Content)) + "\n")
}

// The newcomer's path at 80x24: find the order tool, drill into
// line_items[] to price_set, copy the path.
func TestAppDrillDown80x24(t *testing.T) {
	t.Parallel()
	tm, m := startApp(t, 80, 24)
	typeKeys(tm, "/")
	tm.Type("shop_get")
	typeKeys(tm, "enter")
	waitScreen(t, tm, "31 summary lines") // shop_get_order is read
	typeKeys(tm, "tab", "/")
	tm.Type("line_items[]")
	typeKeys(tm, "enter", "l", "/")
	tm.Type("price_set")
	typeKeys(tm, "enter", "l", "y", "p")
	waitScreen(t, tm, "copied path line_items[].price_set")
	screen := finalScreen(t, tm)
	if m.Copied() != "line_items[].price_set" {
		t.Errorf("copied %q", m.Copied())
	}
	golden.RequireEqual(t, screen)
}

// A wide terminal: the schema view unfolded two levels, and the full help.
func TestAppSchemaAndHelp160x48(t *testing.T) {
	t.Parallel()
	tm, _ := startApp(t, 160, 48)
	typeKeys(tm, "/")
	tm.Type("shop_get_order")
	typeKeys(tm, "enter")
	waitScreen(t, tm, "31 summary lines")
	typeKeys(tm, "tab", "v", "2", "j", "j", "?")
	waitScreen(t, tm, "unfold to depth")
	golden.RequireEqual(t, finalScreen(t, tm))
}

// Start-up: the first frame is drawn before any server has connected.
func TestAppFirstFrameDoesNotWait(t *testing.T) {
	// Not parallel: it waits for text in the output stream, where the
	// renderer writes only the cells that changed; frames that coalesce
	// under load can leave the text in pieces.
	release := make(chan struct{})
	defer close(release)
	m := New(Options{StateDir: stateDir(t), Backend: &blockedBackend{release: release}})
	m.clock.after = func(time.Duration, tea.Msg) tea.Cmd { return nil }
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	waitFor(t, tm.Output(), "connecting")
	typeKeys(tm, "?")
	waitFor(t, tm.Output(), "unfold to depth") // keys work while connecting
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
}

// blockedBackend does not finish starting until released.
type blockedBackend struct {
	fakeBackend
	release chan struct{}
}

func (b *blockedBackend) Start(ctx context.Context) error {
	select {
	case <-b.release:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// The planner walk of the README at 80x24: max_fields from 30 to 10, then
// the planner view of the shop order tool, whose token counts arrive from
// a command. (The knobs are turned first so that the screen waited for
// is drawn once, whole; knobs turned inside the planner view are tested
// in planner_test.go.)
func TestAppPlannerKnobs80x24(t *testing.T) {
	t.Parallel()
	tm, _ := startApp(t, 80, 24)
	typeKeys(tm, "/")
	tm.Type("order")
	typeKeys(tm, "enter")
	waitScreen(t, tm, "31 summary lines")
	typeKeys(tm, "-", "-", "-", "-", "p")
	waitScreen(t, tm, "2.7%") // the cl100k share at max_fields 10: counted
	golden.RequireEqual(t, finalScreen(t, tm))
}

// Side by side at 160x48: the legacy cut and the folded summary at
// max_fields 10, with what each hides.
func TestAppCompare160x48(t *testing.T) {
	t.Parallel()
	tm, _ := startApp(t, 160, 48)
	typeKeys(tm, "/")
	tm.Type("shop_get_order")
	typeKeys(tm, "enter")
	waitScreen(t, tm, "31 summary lines")
	typeKeys(tm, "-", "-", "-", "-", "c")
	waitScreen(t, tm, "no marker says so (1088)")
	golden.RequireEqual(t, finalScreen(t, tm))
}

// appSpy runs the app and reports, after each message, what the tests
// wait on; it reads the model on the program's goroutine, in Update.
type appSpy struct {
	*Model
	seen chan spied
}

type spied struct {
	url    string // the gateway's, while it runs
	calls  int    // calls in the traffic view
	status string
}

func (s appSpy) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	_, cmd := s.Model.Update(msg)
	var now spied
	if s.gw.run != nil {
		now.url = s.gw.run.URL()
	}
	_, now.calls = s.traffic.Calls()
	now.status = s.status.text
	select {
	case s.seen <- now:
	default: // the test has what it waits for
	}
	return s, cmd
}

// waitSpied waits until the app has been in a state that cond accepts.
func waitSpied(t *testing.T, seen <-chan spied, what string, cond func(spied) bool) spied {
	t.Helper()
	deadline := time.After(15 * time.Second)
	for {
		select {
		case s := <-seen:
			if cond(s) {
				return s
			}
		case <-deadline:
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// The acceptance: s starts the background gateway; a real MCP
// client (mcp-go's, over streamable HTTP, on the URL the status bar
// shows) calls tool_help and tool_exec on the demo server through it; the
// traffic view lists both calls. q stops the gateway, then quits.
func TestAppGatewayTraffic80x24(t *testing.T) {
	// Not parallel: it waits for text in the output stream, where the
	// renderer writes only the cells that changed; frames that coalesce
	// under load can leave the text in pieces.
	mgr := demoManager(t)
	m := New(Options{StateDir: stateDir(t), Backend: mgr, NoColor: true})
	// Status lines go at the next message, so the bar shows the gateway.
	m.clock.after = func(_ time.Duration, msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }
	spy := appSpy{Model: m, seen: make(chan spied, 4096)}
	tm := teatest.NewTestModel(t, spy, teatest.WithInitialTermSize(80, 24))
	go m.ForwardEvents(mgr.Events(), tm.Send)
	waitFor(t, tm.Output(), "shop_get_order")

	typeKeys(tm, "s")
	url := waitSpied(t, spy.seen, "the gateway", func(s spied) bool { return s.url != "" && s.status == "" }).url
	c := mcpClient(t, url)
	gatewayCall(t, c, "tool_help", map[string]any{"path": "demo"})
	res := gatewayCall(t, c, "tool_exec", map[string]any{"op": "demo.util_echo", "args": map[string]any{"message": "hello"}})
	if res.IsError {
		t.Fatalf("tool_exec failed: %+v", res.Content)
	}
	c.Close()
	waitSpied(t, spy.seen, "both calls in the traffic view", func(s spied) bool { return s.calls == 2 })

	typeKeys(tm, "t", "q")
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	final := tm.FinalModel(t).(appSpy)
	screen := trimLines(ansi.Strip(final.View().Content))
	if !strings.Contains(screen, url) {
		t.Errorf("the screen does not show the URL called, %s:\n%s", url, screen)
	}
	if !refused(url) {
		t.Error("the gateway still answers after quitting")
	}
	golden.RequireEqual(t, []byte(maskTraffic(screen)+"\n"))
}

var (
	portRE    = regexp.MustCompile(`127\.0\.0\.1:\d+`)
	barPortRE = regexp.MustCompile(`⇄ :\d+`)
	clockRE   = regexp.MustCompile(`(?m)^\d\d:\d\d:\d\d\.\d\d\d`)
	latencyRE = regexp.MustCompile(`(?m) +\d+\.\d$`)
)

// maskTraffic hides what changes from run to run (the port, the times and
// the latencies), keeping every column where it is.
func maskTraffic(s string) string {
	s = portRE.ReplaceAllStringFunc(s, func(a string) string { return "127.0.0.1:" + strings.Repeat("x", len(a)-len("127.0.0.1:")) })
	s = barPortRE.ReplaceAllStringFunc(s, func(a string) string { return "⇄ :" + strings.Repeat("x", len(a)-len("⇄ :")) })
	s = clockRE.ReplaceAllString(s, "hh:mm:ss.mmm")
	return latencyRE.ReplaceAllStringFunc(s, func(a string) string { return strings.Repeat(" ", len(a)-3) + "n.n" })
}

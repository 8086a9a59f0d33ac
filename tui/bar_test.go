package tui

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"mcpeek/gateway"
	"mcpeek/model/fieldpath"

	tea "charm.land/bubbletea/v2"
)

// Trap 4: with the gateway running, the path bar at 80 columns keeps the
// path (cut from the left), then the knobs, then a short gateway segment.
func TestPathBarKeepsThePathWhileTheGatewayRuns(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 80, 24)
	h.selectTool("shop_get_order")
	tr := h.m.currentTree()
	if _, ok := tr.Open(outPath("line_items[].price_set.presentment_money.currency_code")); !ok {
		t.Fatal("no such line")
	}
	runner := gateway.NewRunner(h.m.backend, gateway.Options{}, 0)
	t.Cleanup(runner.Close)
	run, err := runner.Start(context.Background(), 1, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	h.m.gw.serving(run)
	h.m.gw.calls = 7
	segment := "⇄ " + urlPort(run.URL()) + " · 7 calls"
	bar := strings.Split(h.screen(), "\n")[22]
	for _, want := range []string{"money.currency_code", "max_fields 30 · max_depth 3", segment} {
		if !strings.Contains(bar, want) {
			t.Errorf("the bar lacks %q: %q", want, bar)
		}
	}
	if !strings.HasPrefix(bar, "…") || strings.Index(bar, "currency_code") > strings.Index(bar, "max_fields") {
		t.Errorf("the path is not first, cut from the left: %q", bar)
	}
	// Narrower, the knobs give way; the path's end and the gateway stay.
	h.send(tea.WindowSizeMsg{Width: 60, Height: 24})
	bar = strings.Split(h.screen(), "\n")[22]
	if !strings.Contains(bar, "currency_code") || !strings.Contains(bar, segment) || strings.Contains(bar, "max_fields") {
		t.Errorf("at 60 columns: %q", bar)
	}
}

// outPath reads a path of the output side, as a test writes it.
func outPath(s string) fieldpath.Path { return fieldpath.MustParse(s, fieldpath.Output) }

// A status wider than the bar at 80x24 (the note a start with no config
// shows) is wrapped over the bar and the line of help below it, whole,
// for its few seconds: cut, it read "(give one with --con…". Once it
// expires the bar and the help are back.
func TestLongStatusWrapsOverTheHelpLine80x24(t *testing.T) {
	t.Parallel()
	const note = "no MCP server config found: using the embedded demo server (give one with --config FILE)"
	m := New(Options{Backend: demoBackend(t), Started: true, NoColor: true, StateDir: stateDir(t), Notes: []string{note}})
	m.clock.after = func(time.Duration, tea.Msg) tea.Cmd { return nil }
	h := &harness{t: t, m: m}
	h.run(m.Init())
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	scr := h.screen()
	lines := strings.Split(scr, "\n")
	if len(lines) != 24 {
		t.Fatalf("%d lines, want 24:\n%s", len(lines), scr)
	}
	if got := strings.Join(strings.Fields(lines[22]+" "+lines[23]), " "); got != note {
		t.Errorf("the last two lines read %q, want the whole note:\n%s", got, scr)
	}
	for _, l := range lines {
		if w := ansi.StringWidth(l); w > 80 {
			t.Errorf("a line is %d cells wide: %q", w, l)
		}
	}
	h.send(statusExpiredMsg{ticket: h.m.status.ticket})
	if scr := h.screen(); strings.Contains(scr, "embedded demo") || !strings.Contains(scr, "? help") {
		t.Errorf("after the status expired:\n%s", scr)
	}
}

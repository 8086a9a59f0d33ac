package tui

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"mcpeek/model"
	"mcpeek/summarizer/schemadiff"
)

// liveDemoLock writes a lock file of the demo server as it lists its
// tools, but with shop_get_order as it was "before": an integer order_id,
// and a legacy_total in its result.
func liveDemoLock(t *testing.T) string {
	mgr := demoManager(t)
	if err := mgr.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	servers := mgr.Servers()
	for i, tl := range servers[0].Tools {
		if tl.Name != "shop_get_order" {
			continue
		}
		raw := string(tl.Raw)
		for _, r := range [][2]string{
			{`"order_id":{"type":"string"`, `"order_id":{"type":"integer"`},
			{`"properties":{"id":{"type":"integer","description":"Order id."}`, `"properties":{"legacy_total":{"type":"string"},"id":{"type":"integer","description":"Order id."}`},
		} {
			if !strings.Contains(raw, r[0]) {
				t.Fatalf("shop_get_order has no %s", r[0])
			}
			raw = strings.Replace(raw, r[0], r[1], 1)
		}
		edited, err := schemadiff.ParseTool(tl.Server, []byte(raw))
		if err != nil {
			t.Fatal(err)
		}
		servers[0].Tools[i] = edited
	}
	return writeLock(t, schemadiff.FromServers([]model.Server{servers[0]}))
}

// The diff view at 80x24: the changes listed over the old and new trees,
// stacked, the second change selected.
func TestAppDiff80x24(t *testing.T) {
	// Not parallel: it waits for text in the output stream, where the
	// renderer writes only the cells that changed; frames that coalesce
	// under load can leave the text in pieces.
	lock := liveDemoLock(t)
	mgr := demoManager(t)
	m := New(Options{StateDir: stateDir(t), Backend: mgr, NoColor: true, Baseline: lock})
	m.clock.after = func(time.Duration, tea.Msg) tea.Cmd { return nil }
	tm := teatest.NewTestModel(t, screenSpy{m}, teatest.WithInitialTermSize(80, 24))
	go m.ForwardEvents(mgr.Events(), tm.Send)
	waitScreen(t, tm, "shop_get_order")
	filterTo(t, tm, "shop_get_order")
	typeKeys(tm, "D")
	waitFor(t, tm.Output(), "old · mcpeek.lock.json") // the trees are built
	// The keys are taken before the quit. (The screen is drawn by
	// differences: a wait for "change 2 of 2" would see only its "2".)
	typeKeys(tm, "tab", "j")
	golden.RequireEqual(t, finalScreen(t, tm))
}

// The findings view at 80x24: a tool every client refuses.
func TestAppFindings80x24(t *testing.T) {
	// Not parallel: it waits for text in the output stream, where the
	// renderer writes only the cells that changed; frames that coalesce
	// under load can leave the text in pieces.
	tm, _ := startApp(t, 80, 24)
	typeKeys(tm, "/")
	tm.Type("analytics")
	typeKeys(tm, "enter", "!")
	waitFor(t, tm.Output(), "refused by")
	golden.RequireEqual(t, finalScreen(t, tm))
}

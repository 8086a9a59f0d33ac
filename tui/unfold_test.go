package tui

import (
	"os"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/toolview"
)

// paymentsBackend serves one tool whose output schema is the largest real
// schema of the tests (more than ten million paths without a cap).
func paymentsBackend(t testing.TB) *fakeBackend {
	raw, err := os.ReadFile("../summarizer/testdata/payments.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	tool := model.Tool{Server: "stripe", Name: "get_charge", OutputSchema: raw, Raw: []byte(`{"name":"get_charge"}`)}
	return &fakeBackend{servers: []model.Server{{Name: "stripe", State: model.StateConnected, Tools: []model.Tool{tool}}}}
}

// runAll runs cmd and every message it leads to, calling each after every
// Update.
func runAll(m *Model, cmd tea.Cmd, each func()) {
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case nil:
		default:
			_, next := m.Update(msg)
			each()
			queue = append(queue, next)
		}
	}
}

// Trap 9: e on a huge schema never holds the UI loop for long: it unfolds
// a slice per message, each ending when its time is up, up to the tree's
// cap, and a second e/E cycle adds no lines. The clock is a stub that
// moves a millisecond each time it is read, so a slice is a fixed number
// of steps whatever the machine's load: a test of the slicing, not of the
// machine's speed.
func TestExpandAllNeverBlocksAFrame(t *testing.T) {
	t.Parallel()
	h := newHarness(t, paymentsBackend(t), 120, 40)
	h.keys("tab", "v") // the schema view
	tr := h.m.currentTree()
	if tr == nil || h.m.view.kind != viewNamed(t, "schema") {
		t.Fatalf("no schema view:\n%s", h.screen())
	}
	clock, reads := time.Unix(0, 0), 0
	h.m.clock.now = func() time.Time { reads++; clock = clock.Add(time.Millisecond); return clock }
	// A slice reads the clock once to set its deadline and once after each
	// step: with its time up it reads it toolview.UnfoldSliceTime/1ms + 1 times at most.
	most := int(toolview.UnfoldSliceTime/time.Millisecond) + 1
	_, cmd := h.m.Update(keyPress("e"))
	longest, updates := reads, 0
	reads = 0
	runAll(h.m, cmd, func() {
		longest = max(longest, reads)
		reads = 0
		updates++
	})
	if longest > most {
		t.Errorf("a slice went on after its time: %d steps, at most %d", longest-1, most-1)
	}
	if tr.Len() < schematree.ExpandLimit || h.m.unfold.u != nil {
		t.Fatalf("the unfold did not run to the cap: %d lines, job %v", tr.Len(), h.m.unfold.u)
	}
	if !h.m.status.isErr || updates < 3 {
		t.Errorf("%d updates; status %q", updates, h.m.status.text)
	}
	lines := tr.Len()
	h.keys("E", "e", "E", "e")
	if tr.Len() != lines {
		t.Errorf("a second cycle added lines: %d, then %d", lines, tr.Len())
	}
	// A key that is not a move stops an unfold under way.
	tr.CollapseAll()
	_, cmd = h.m.Update(keyPress("L"))
	_ = cmd
	if h.m.unfold.u != nil {
		h.keys("h")
		if h.m.unfold.u != nil {
			t.Error("h did not stop the unfold")
		}
	}
}

package tui

import (
	"os"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/schematree"
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

// timedRun runs cmd and every message it leads to, timing each Update;
// it returns the longest, and how many took longer than budget.
func timedRun(m *Model, cmd tea.Cmd, budget time.Duration) (longest time.Duration, updates, over int) {
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
			start := time.Now()
			_, next := m.Update(msg)
			took := time.Since(start)
			longest = max(longest, took)
			updates++
			if took > budget {
				over++
			}
			queue = append(queue, next)
		}
	}
	return longest, updates, over
}

// Trap 9: e on a huge schema never holds the UI loop for more than 50 ms
// at a time; it unfolds a slice per message up to the tree's cap, and
// a second e/E cycle adds no lines.
func TestExpandAllNeverBlocksAFrame(t *testing.T) {
	budget := 50 * time.Millisecond
	if raceEnabled {
		budget = 250 * time.Millisecond
	}
	h := newHarness(t, paymentsBackend(t), 120, 40)
	h.keys("tab", "v") // the schema view
	tr := h.m.currentTree()
	if tr == nil || h.m.view != viewNamed(t, "schema") {
		t.Fatalf("no schema view:\n%s", h.screen())
	}
	start := time.Now()
	_, cmd := h.m.Update(keyPress("e"))
	first := time.Since(start)
	longest, updates, over := timedRun(h.m, cmd, budget)
	longest = max(longest, first)
	// Each slice stops after 20 ms; on a shared machine a collection or
	// the scheduler can stretch one now and then, never three times over.
	if over > 2 || longest > 3*budget {
		t.Errorf("%d of %d updates took over %v, the longest %v", over, updates, budget, longest)
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

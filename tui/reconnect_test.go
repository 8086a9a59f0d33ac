package tui

import (
	"bytes"
	"testing"

	"mcpeek/model"
)

// relisted is the server as a reconnect lists it again: the same tools in
// fresh bytes, as a new tools/list answer brings them.
func relisted(s model.Server, state model.ConnState) model.Server {
	s.State = state
	s.Tools = append([]model.Tool(nil), s.Tools...)
	for i, t := range s.Tools {
		t.Raw = bytes.Clone(t.Raw)
		t.InputSchema = bytes.Clone(t.InputSchema)
		t.OutputSchema = bytes.Clone(t.OutputSchema)
		s.Tools[i] = t
	}
	return s
}

func totalsCounted(h *harness) int {
	n := 0
	for _, msg := range h.msgs {
		if _, ok := msg.(serverTotalsMsg); ok {
			n++
		}
	}
	return n
}

// Rough edge: after r on a 1,223-tool server the explorer counted its
// tokens again for every snapshot of the reconnect (starting, connected,
// the answer to r), seconds of CPU each, and a server retrying beside it
// restarted the count before it ended. The totals depend on the tools and
// the budget, not on the snapshot: the same listing is not counted again.
func TestReconnectDoesNotRecountTheSameTools(t *testing.T) {
	t.Parallel()
	b := manyTools(t, 50) // each count is CPU: the test needs a few, not many
	h := newHarness(t, b, 120, 40)
	h.keys("g") // the server's row
	if tt := h.m.totals.servers["many"]; tt == nil || !tt.done {
		t.Fatalf("no totals counted:\n%s", h.screen())
	}
	counted := totalsCounted(h)
	for _, state := range []model.ConnState{model.StateStarting, model.StateConnected} {
		b.servers[0] = relisted(b.servers[0], state)
		h.send(ServerChangedMsg{})
		// Its tools keep their lint marks while it reconnects: coming back
		// with the same tools is no new lint run.
		if n := len(h.m.changes.marks); n != 50 {
			t.Errorf("%s: %d tools marked, want 50", state, n)
		}
	}
	if n := totalsCounted(h) - counted; n != 0 {
		t.Errorf("the same tools were counted %d more times", n)
	}
	if tt := h.m.totals.servers["many"]; tt == nil || !tt.done {
		t.Errorf("the totals are no longer shown:\n%s", h.screen())
	}

	// A listing that changed is counted again.
	b.servers[0].Tools = b.servers[0].Tools[:25]
	h.send(ServerChangedMsg{})
	if n := totalsCounted(h) - counted; n != 1 {
		t.Errorf("a changed listing was counted %d times, want 1", n)
	}
	if tt := h.m.totals.servers["many"]; tt == nil || tt.tools != 25 {
		t.Errorf("totals %+v, want those of 25 tools", tt)
	}
}

// BenchmarkReconnect1223Tools is what a reconnect of a 1,223-tool server
// costs the explorer with the server's row selected: two snapshots
// (starting, connected) of the same tools in fresh bytes, and everything
// they start, run to the end.
func BenchmarkReconnect1223Tools(b *testing.B) {
	fb := manyTools(b, 1223)
	h := newHarness(b, fb, 160, 48)
	h.keys("g")
	if tt := h.m.totals.servers["many"]; tt == nil || !tt.done {
		b.Fatal("no totals")
	}
	for b.Loop() {
		for _, state := range []model.ConnState{model.StateStarting, model.StateConnected} {
			fb.servers[0] = relisted(fb.servers[0], state)
			h.send(ServerChangedMsg{})
		}
		h.msgs = h.msgs[:0]
	}
}

package tui

import (
	"runtime"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// allocated is what run allocates, in bytes.
func allocated(run func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	run()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// runMeasured runs cmd and the commands of the batches it returns, and gives
// each message with what its command allocated.
func runMeasured(cmd tea.Cmd, each func(tea.Msg, uint64)) {
	if cmd == nil {
		return
	}
	var msg tea.Msg
	n := allocated(func() { msg = cmd() })
	if batch, ok := msg.(tea.BatchMsg); ok {
		for _, c := range batch {
			runMeasured(c, each)
		}
		return
	}
	each(msg, n)
}

func newBareModel(t *testing.T) *Model {
	t.Helper()
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	m := New(Options{Backend: &fakeBackend{servers: demoBackend(t).servers[:1]}, Started: true, NoColor: true})
	m.clock.after = func(time.Duration, tea.Msg) tea.Cmd { return nil }
	return m
}

// A snapshot asked for while one is loading is loaded after it, from
// what the first one summarised: a big server's tools are summarised
// once, not twice (the follow-up was handed the summaries of before the
// first snapshot, none at start-up, and summarised all 1,223 tools
// again).
func TestFollowUpSnapshotKeepsTheSummaries(t *testing.T) {
	m := newBareModel(t)
	first := m.requestServers()
	if m.requestServers() != nil {
		t.Fatal("a second snapshot started while the first loads")
	}
	var msg tea.Msg
	full := allocated(func() { msg = first() })
	loaded := false
	runMeasured(m.applyServers(msg.(serversLoadedMsg)), func(msg tea.Msg, n uint64) {
		if _, ok := msg.(serversLoadedMsg); ok {
			loaded = true
			if n > full/4 {
				t.Errorf("the follow-up snapshot of the same tools allocated %d bytes, the first %d: it summarised them again", n, full)
			}
		}
	})
	if !loaded {
		t.Fatal("the snapshot asked for meanwhile was not loaded")
	}
}

// A marking asked for while one runs starts from its findings: a big
// server's tools are linted once, not twice.
func TestFollowUpMarkingKeepsTheFindings(t *testing.T) {
	m := newBareModel(t)
	m.fleet.servers = m.backend.Servers()
	first := m.markTools()
	if m.markTools() != nil {
		t.Fatal("a second marking started while the first runs")
	}
	var msg tea.Msg
	full := allocated(func() { msg = first() })
	next := m.toolsMarked(msg.(toolsMarkedMsg))
	if next == nil {
		t.Fatal("the marking asked for meanwhile was not started")
	}
	if n := allocated(func() { next() }); n > full/4 {
		t.Errorf("the follow-up marking of the same tools allocated %d bytes, the first %d: it linted them again", n, full)
	}
}

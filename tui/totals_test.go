package tui

import (
	"cmp"
	"encoding/json"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/summarizer/tokens"
)

// Trap 5: a server's totals past a million never run together: each
// column is as wide as its widest number.
func TestServerTotalsColumnsFitTheirNumbers(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 100, 30)
	h.keys("g") // the demo server's row
	tt := h.m.totals.servers["demo"]
	if tt == nil || !tt.done {
		t.Fatalf("no totals for demo:\n%s", h.screen())
	}
	tt.raw = tokens.Size{Bytes: 5_879_601, CL100K: 1_293_919, O200K: 1_288_107}
	tt.desc = tokens.Size{Bytes: 123_456_789, CL100K: 23_456_789, O200K: 3_456_789}
	scr := h.screen()
	for _, want := range []string{"5,879,601", "1,293,919", "123,456,789", "23,456,789"} {
		if !regexp.MustCompile(`(^|\s)` + regexp.QuoteMeta(want) + `(\s|$)`).MatchString(scr) {
			t.Errorf("%s does not stand apart:\n%s", want, scr)
		}
	}
	// The numbers of a column end in the same cell (counted in cells: the
	// tools pane beside them holds wide marks).
	var ends []int
	for _, l := range strings.Split(scr, "\n") {
		if i := strings.Index(l, "cl100k"); i >= 0 && strings.Contains(l, "bytes") {
			ends = append(ends, ansi.StringWidth(l[:i])+len("cl100k"))
		}
		for _, n := range []string{" 1,293,919", " 23,456,789"} {
			if i := strings.Index(l, n); i >= 0 {
				ends = append(ends, ansi.StringWidth(l[:i])+len(n))
			}
		}
	}
	if len(ends) != 3 || ends[0] != ends[1] || ends[1] != ends[2] {
		t.Errorf("the cl100k column is not aligned: %v\n%s", ends, scr)
	}
}

// A server that lists no tools yet has no totals to show, so selecting
// its row counts nothing: in particular the gateway's tools/list, whose
// count loads both vocabularies (11 MB), waits for a server with tools.
// At start-up the cursor sits on the row of a server still connecting.
func TestNoTotalsForAServerWithoutTools(t *testing.T) {
	b := &fakeBackend{servers: []model.Server{{Name: "big", State: model.StateStarting}}}
	h := newHarness(t, b, 100, 30)
	if srv, ok := h.m.selectedServer(); !ok || srv.Name != "big" {
		t.Fatalf("selected %+v, want big's row", srv)
	}
	if _, ok := h.m.totals.servers["big"]; ok || h.m.totals.gatewayAsked {
		t.Fatalf("totals counted for a server with no tools: %+v, gateway asked %v", h.m.totals.servers["big"], h.m.totals.gatewayAsked)
	}
	// Once it lists tools, its row counts them, the gateway's list with them.
	b.servers = []model.Server{{Name: "big", State: model.StateConnected, Tools: demoBackend(t).servers[0].Tools}}
	h.send(ServerChangedMsg{Server: "big"})
	h.keys("g")
	if tt, ok := h.m.totals.servers["big"]; !ok || !tt.done || h.m.totals.gateway == nil {
		t.Fatalf("no totals once big lists tools: %+v, gateway %v", tt, h.m.totals.gateway)
	}
}

// A server's totals are counted a tool at a time, but they are the counts
// of the whole texts: the raw tools/list as one JSON array (a tool without
// its bytes as null), and json.Marshal of all the descriptors, whichever
// batch they are described in.
func TestTotalsAreTheWholeTextsCounts(t *testing.T) {
	t.Parallel()
	tools := manyTools(t, 20).servers[0].Tools
	tools[3].Raw = nil
	counter := tokens.NewCounter()

	raws := make([]string, len(tools))
	for i, tl := range tools {
		raws[i] = cmp.Or(string(tl.Raw), "null")
	}
	if got, want := measureListing(counter, tools), counter.Measure("["+strings.Join(raws, ",")+"]"); got != want {
		t.Errorf("raw tools/list: %+v, the whole text %+v", got, want)
	}

	ds, _ := summarizer.DescribeAll(tools, defaultBudget)
	whole, err := json.Marshal(ds)
	if err != nil {
		t.Fatal(err)
	}
	want := counter.Measure(string(whole))
	for _, batch := range []int{1, 7, describeBatch} {
		if got := measureDescriptors(counter, tools, defaultBudget, batch); got != want {
			t.Errorf("descriptors in batches of %d: %+v, the whole text %+v", batch, got, want)
		}
	}
}

// While a server's totals are counted the collector runs at
// countingGCPercent, until the last of two overlapping counts ends; then
// the percentage set before is back. A lower one, or GOGC=off, is kept.
// Not parallel: the percentage is the process's.
func TestCountingLowersGOGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	var gc countingGC
	gc.hold()
	gc.hold()
	if got := gcPercent(); got != countingGCPercent {
		t.Fatalf("GOGC %d while counting, want %d", got, countingGCPercent)
	}
	gc.release()
	if got := gcPercent(); got != countingGCPercent {
		t.Fatalf("GOGC %d while one count still runs, want %d", got, countingGCPercent)
	}
	gc.release()
	if got := gcPercent(); got != 100 {
		t.Fatalf("GOGC %d after counting, want 100 back", got)
	}
	for _, before := range []int{10, -1} {
		debug.SetGCPercent(before)
		gc.hold()
		if got := gcPercent(); got != before {
			t.Errorf("GOGC %d while counting, want the %d set before", got, before)
		}
		gc.release()
	}
}

func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// BenchmarkTotals1223Tools counts a 1,223-tool server's totals: its raw
// tools/list and its descriptors, in both encodings (the gateway's list
// is counted once, before the loop).
func BenchmarkTotals1223Tools(b *testing.B) {
	tools := manyTools(b, 1223).servers[0].Tools
	m := &Model{totals: tokenTotals{counter: tokens.NewCounter(), servers: map[string]*serverTotals{}, gatewayAsked: true}, budget: defaultBudget}
	b.ReportAllocs()
	for b.Loop() {
		clear(m.totals.servers)
		if msg, ok := m.requestTotals(model.Server{Name: "many", Tools: tools})().(serverTotalsMsg); !ok || msg.raw.CL100K <= 0 {
			b.Fatalf("no totals: %+v", msg)
		}
	}
}

// The model lowers the collector's percentage when it asks for a count and
// puts it back when the count's message comes, stale or not: the knob is
// only touched on the UI loop. Not parallel: the percentage is the
// process's.
func TestCountsHoldGOGCFromRequestToMessage(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	m := New(Options{Backend: demoBackend(t), Started: true, NoColor: true, StateDir: stateDir(t)})
	srv := model.Server{Name: "demo", Tools: []model.Tool{{Server: "demo", Name: "echo", Raw: json.RawMessage(`{"name":"echo"}`),
		InputSchema: json.RawMessage(`{"type":"object"}`)}}}
	first := m.requestTotals(srv)
	m.budget.MaxFields++ // a new budget: the first count is stale when it ends
	second := m.requestTotals(srv)
	if got := gcPercent(); got != countingGCPercent {
		t.Fatalf("GOGC %d while two counts are asked for, want %d", got, countingGCPercent)
	}
	m.Update(first())
	if got := gcPercent(); got != countingGCPercent {
		t.Fatalf("GOGC %d after the stale count came back, want %d while the other runs", got, countingGCPercent)
	}
	m.Update(second())
	if got := gcPercent(); got != 100 {
		t.Fatalf("GOGC %d after both counts came back, want 100", got)
	}
}

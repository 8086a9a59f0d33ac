package tui

import (
	"testing"

	"mcpeek/model"
	"mcpeek/summarizer/lint"
	"mcpeek/summarizer/schemadiff"
)

// markBench is a server of 1,223 tools (the demo's, renamed) and a lock
// file of it read back, so that every tool is compared in depth (the
// file's definitions are compact, the served ones indented).
func markBench(b *testing.B) ([]model.Server, schemadiff.Snapshot) {
	servers := manyTools(b, 1223).servers
	enc, err := schemadiff.FromServers(servers).Encode()
	if err != nil {
		b.Fatal(err)
	}
	base, err := schemadiff.Decode(enc)
	if err != nil {
		b.Fatal(err)
	}
	return servers, base
}

// BenchmarkMark1223Tools is the command that marks a 1,223-tool server
// when it connects: every tool linted for every client profile and
// compared with the lock file. Marks appear when it ends.
func BenchmarkMark1223Tools(b *testing.B) {
	servers, base := markBench(b)
	for b.Loop() {
		schemadiff.MarkServers(servers, &base, nil, nil)
	}
}

// BenchmarkRemark1223Tools marks the same server again (a list_changed
// that changed nothing): the findings are kept, the comparison runs.
func BenchmarkRemark1223Tools(b *testing.B) {
	servers, base := markBench(b)
	prev, _ := schemadiff.MarkServers(servers, &base, nil, nil)
	for b.Loop() {
		schemadiff.MarkServers(servers, &base, nil, prev)
	}
}

// BenchmarkLint1223Tools is what `mcpeek lint` does over the same tools
// in one run: the baseline of the marking's ratio.
func BenchmarkLint1223Tools(b *testing.B) {
	servers, _ := markBench(b)
	for b.Loop() {
		lint.Lint(servers[0].Tools, lint.Clients())
	}
}

// BenchmarkMarkedFrame1223Tools draws the 160x48 screen over the 1,223
// tools once their marks have landed (every row marked refused).
func BenchmarkMarkedFrame1223Tools(b *testing.B) {
	h := newHarness(b, manyTools(b, 1223), 160, 48)
	if len(h.m.changes.marks) != 1223 {
		b.Fatalf("%d tools marked", len(h.m.changes.marks))
	}
	b.Run("marked", func(b *testing.B) {
		for b.Loop() {
			_ = h.m.View()
		}
	})
	b.Run("unmarked", func(b *testing.B) { // the baseline: the same frame without marks
		h.m.changes = changeState{}
		for b.Loop() {
			_ = h.m.View()
		}
	})
}

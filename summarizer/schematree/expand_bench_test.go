package schematree

import (
	"os"
	"runtime"
	"testing"

	"mcpeek/internal/testkit"
	"mcpeek/summarizer"
)

// heapNow is the live heap after a full collection.
func heapNow() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// BenchmarkExpandCollapseCycles presses e then E ten times on the schema
// tree of the largest real schema in the tests (payments.schema.json, more
// than ten million paths without the cap): the heap after ten cycles must
// stay within 1.2x of the heap after the first, since the cap counts every
// line the tree holds, not the lines of one press.
func BenchmarkExpandCollapseCycles(b *testing.B) {
	raw, err := os.ReadFile("../../summarizer/testdata/payments.schema.json")
	if err != nil {
		b.Fatal(err)
	}
	s := testkit.Parse(b, raw)
	var first, last uint64
	var lines int
	for b.Loop() {
		tr := NewSchema(s, nil, "", "")
		tr.SetHeight(40)
		base := heapNow()
		for i := range 10 {
			tr.ExpandAll()
			tr.CollapseAll()
			if i == 0 {
				first = heapNow() - base
			}
		}
		last = heapNow() - base
		lines = tr.Len()
		runtime.KeepAlive(tr)
	}
	b.ReportMetric(float64(first)/(1<<20), "MiB-after-1")
	b.ReportMetric(float64(last)/(1<<20), "MiB-after-10")
	b.ReportMetric(float64(last)/float64(first), "ratio")
	b.ReportMetric(float64(lines), "lines")
	if float64(last) > 1.2*float64(first) {
		b.Errorf("heap after 10 cycles %d B is over 1.2x the heap after one, %d B", last, first)
	}
}

// BenchmarkSearchLoad loads what a first search keystroke loads on the
// payments schema: up to SCAN_CAP lines, folded.
func BenchmarkSearchLoad(b *testing.B) {
	raw, err := os.ReadFile("../../summarizer/testdata/payments.schema.json")
	if err != nil {
		b.Fatal(err)
	}
	s := testkit.Parse(b, raw)
	for b.Loop() {
		tr := NewSchema(s, nil, "", "")
		tr.SetHeight(40)
		for tr.LoadFolded(10_000, 1<<20) {
		}
	}
}

// BenchmarkSearchLoadSummary is the same on the summary tree, whose lines
// open with the inspector.
func BenchmarkSearchLoadSummary(b *testing.B) {
	raw, err := os.ReadFile("../../summarizer/testdata/payments.schema.json")
	if err != nil {
		b.Fatal(err)
	}
	s := testkit.Parse(b, raw)
	for b.Loop() {
		tr := NewSummary(s, summarizer.Summarize(s, summarizer.Options{}))
		tr.SetHeight(40)
		for tr.LoadFolded(10_000, 1<<20) {
		}
	}
}

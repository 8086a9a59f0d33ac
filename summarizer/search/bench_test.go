package search

import (
	"fmt"
	"testing"

	"mcpeek/internal/testkit"
	"mcpeek/model"
)

// manyTools is n tools cycling the demo catalogue (renamed).
func manyTools(tb testing.TB, n int) []model.Tool {
	demo := testkit.DemoTools(tb)
	tools := make([]model.Tool, n)
	for i := range tools {
		t := demo[i%len(demo)]
		t.Name = fmt.Sprintf("%s_%04d", t.Name, i)
		tools[i] = t
	}
	return tools
}

// BenchmarkFieldSearch1223Tools is one keystroke of the field search over
// 1,223 tools (the GitHub server's count): every field's name ranked.
func BenchmarkFieldSearch1223Tools(b *testing.B) {
	ix := NewIndex(manyTools(b, 1223))
	b.ReportMetric(float64(ix.Fields()), "fields")
	for b.Loop() {
		ix.Search("email", Both, 500)
	}
}

// BenchmarkFieldIndex1223Tools builds that index (off the UI loop).
func BenchmarkFieldIndex1223Tools(b *testing.B) {
	tools := manyTools(b, 1223)
	for b.Loop() {
		NewIndex(tools)
	}
}

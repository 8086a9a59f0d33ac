package summarizer

import (
	"encoding/json"
	"os"
	"testing"

	"mcpeek/model"
)

// The payments schema resembles a large public API's object graph: 137
// mutually referencing types, expandable anyOf fields, recursion.
const benchSchema = "testdata/payments.schema.json"

func benchBytes(b *testing.B) []byte {
	raw, err := os.ReadFile(benchSchema)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(raw)))
	return raw
}

// BenchmarkDecodeStdlib is the baseline: encoding/json decoding the same
// bytes into generic values.
func BenchmarkDecodeStdlib(b *testing.B) {
	raw := benchBytes(b)
	for b.Loop() {
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseSchema is mcpeek's order-keeping reader on the same bytes.
func BenchmarkParseSchema(b *testing.B) {
	raw := benchBytes(b)
	for b.Loop() {
		if _, err := model.ParseSchema(raw); err != nil {
			b.Fatal(err)
		}
	}
}

func parsedBench(b *testing.B) *model.Schema {
	s, err := model.ParseSchema(benchBytes(b))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(0)
	return s
}

// BenchmarkSummarize: the default summary of an already parsed schema.
func BenchmarkSummarize(b *testing.B) {
	s := parsedBench(b)
	for b.Loop() {
		Summarize(s, Options{})
	}
}

// BenchmarkSummarizeFullScan: a budget too big to fill and no depth
// limit to speak of, so the scan runs to SCAN_CAP (10,000 nodes) through
// the recursive graph.
func BenchmarkSummarizeFullScan(b *testing.B) {
	s := parsedBench(b)
	for b.Loop() {
		Summarize(s, Options{MaxFields: 100000, MaxDepth: MaxPathDepth})
	}
}

// BenchmarkSummarizeCold: parse and summarize fresh bytes each time, nodes
// resolved from scratch.
func BenchmarkSummarizeCold(b *testing.B) {
	raw := benchBytes(b)
	for b.Loop() {
		s, err := model.ParseSchema(raw)
		if err != nil {
			b.Fatal(err)
		}
		Summarize(s, Options{})
	}
}

// BenchmarkInspectRoot: inspect_tool_output(field_path="") with defaults.
func BenchmarkInspectRoot(b *testing.B) {
	s := parsedBench(b)
	for b.Loop() {
		if _, err := Inspect(s, "", Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkInspectDeep: a path through expandable fields, large budget.
func BenchmarkInspectDeep(b *testing.B) {
	s := parsedBench(b)
	for b.Loop() {
		if _, err := Inspect(s, "latest_charge.anyOf[1]", Options{MaxFields: 1000, MaxDepth: 8}); err != nil {
			b.Fatal(err)
		}
	}
}

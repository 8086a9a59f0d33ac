package calls

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// BenchmarkDecode10000 reads a calls file of 10,000 calls, each with a
// path assertion and a regular expression to compile.
func BenchmarkDecode10000(b *testing.B) {
	f := &File{}
	for i := range 10_000 {
		f.Calls = append(f.Calls, Call{Name: fmt.Sprintf("c%05d", i), Tool: "demo.util_echo",
			Arguments: json.RawMessage(`{"message": "ping"}`),
			Expect:    Expect{Paths: []PathAssert{{Path: "items[].sku", Matches: "^[A-Z]+-[0-9]+$"}}}})
	}
	text, err := f.Encode()
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, err := Decode(text); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckPaths checks a result of 10,000 array items against
// assertions that reach every item.
func BenchmarkCheckPaths(b *testing.B) {
	var items []string
	for i := range 10_000 {
		items = append(items, fmt.Sprintf(`{"sku": "SKU-%d", "qty": %d, "price": "%d.00"}`, i, i%7+1, i))
	}
	result := json.RawMessage(`{"items": [` + strings.Join(items, ",") + `]}`)
	f, err := Decode([]byte(`{"mcpeek_calls": 1, "calls": [{"name": "c", "tool": "s.t", "expect": {"paths": [
		{"path": "items[].sku", "matches": "^SKU-[0-9]+$", "type": "string"},
		{"path": "items[].qty", "min": 1, "max": 7},
		{"path": "items[]", "count": 10000},
		{"path": "items[].price", "exists": true}]}}]}`))
	if err != nil {
		b.Fatal(err)
	}
	c := f.Calls[0]
	b.SetBytes(int64(len(result)))
	for b.Loop() {
		if !Passed(c.Check(nil, Result{Structured: result})) {
			b.Fatal("failed")
		}
	}
}

package resultcheck

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"mcpeek/assets"
	"mcpeek/model"
	"mcpeek/summarizer"
)

// FuzzCheck: any schema and any result are checked within the bounds, and
// the report answers every query about what it recorded.
func FuzzCheck(f *testing.F) {
	for _, name := range []string{"stale_post_message", "mail_modify_labels"} {
		// Small demo tools only: the fuzzer spends its time minimising
		// large inputs instead of exploring.
		res, _ := assets.DemoResult(name)
		f.Add([]byte(demoTools(f)[name]), res)
	}
	deep := strings.Repeat(`{"a":`, 400) + "1" + strings.Repeat("}", 400)
	starts := [][2]string{
		{orderSchema, `{"id": 1, "status": "x", "items": [{"qty": "2"}, null, 3], "zz": {}}`},
		{envelopeSchema, `{"successful": "yes", "data": [], "error": 5}`},
		{`{"$defs": {"N": {"type": "object", "properties": {"a": {"$ref": "#/$defs/N"}}, "additionalProperties": false}}, "$ref": "#/$defs/N"}`, deep},
		{`{"anyOf": [{"anyOf": [{"type": "object", "required": ["a"]}, {"type": "array", "items": {"$ref": "#"}}]}, {"oneOf": [{"$ref": "#"}, {"type": "string"}]}]}`, `[[[{"b": 1}]], {"a": [1]}]`},
		{`{"type": "array", "items": {"oneOf": [{"type": "object", "properties": {"k": {"const": "x"}}, "required": ["k"]}, {"type": "object", "properties": {"k": {"const": "y"}, "v": {"enum": [[1], {"a": 2}, 3.0]}}}]}}`, `[{"k": "y", "v": [1]}, {"k": "z"}, {"v": {"a": 2.0}}]`},
		{`{"type": "object", "additionalProperties": {"type": "array", "items": {"type": ["integer", "null"]}}}`, `{"a": [1, null, 1.5], "b": 2}`},
		{`true`, `"x"`},
		{`{"items": [{"type": "string"}, {"type": "integer"}]}`, `["a", 1, true]`},
	}
	for _, s := range starts {
		f.Add([]byte(s[0]), []byte(s[1]))
	}
	opts := Options{MaxWork: 20000, MaxPaths: 300, MaxMarks: 20}
	f.Fuzz(func(t *testing.T, schema, value []byte) {
		defer hangGuard(schema, value)()
		s, err := model.ParseSchema(schema)
		if err != nil {
			return
		}
		start := time.Now()
		r, err := Check(s, value, opts)
		if err != nil {
			return
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("a check took %v", d)
		}
		if len(r.Marks) > opts.MaxMarks || len(r.entries) > opts.MaxPaths || r.Present < 0 || r.Absent < 0 {
			t.Fatalf("out of bounds: %d marks, %d paths, present %d, absent %d", len(r.Marks), len(r.entries), r.Present, r.Absent)
		}
		if r.Present != len(r.PresentPaths()) || r.Absent != len(r.AbsentPaths()) {
			t.Fatalf("counts %d/%d, lists %d/%d", r.Present, r.Absent, len(r.PresentPaths()), len(r.AbsentPaths()))
		}
		listed := 0
		for _, p := range r.Paths() {
			if _, ok := r.Observed(p); !ok {
				t.Fatalf("path %q is listed but not found", p)
			}
			listed += len(r.MarksAt(p))
			_ = (Observed{}).Short()
		}
		if r.Violations() == 0 && r.Breaks() {
			t.Fatal("breaks without a violation")
		}
		for _, m := range r.Marks {
			_ = m.String()
		}
		r.Folded(summarizer.Summarize(s, summarizer.Options{MaxFields: 5}).Lines)
	})
}

// hangGuard panics with the input and every goroutine's stack when one
// input takes over 5 s, so that a hang is reported instead of stalling the
// fuzzer.
func hangGuard(schema, value []byte) (stop func()) {
	done := make(chan struct{})
	go func() {
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			buf := make([]byte, 1<<20)
			n := runtime.Stack(buf, true)
			panic(fmt.Sprintf("input took over 5s: schema %q value %q\n%s", schema, value, buf[:n]))
		}
	}()
	return func() { close(done) }
}

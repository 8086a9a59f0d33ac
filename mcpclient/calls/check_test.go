package calls

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"mcpeek/model"
	"mcpeek/summarizer/resultcheck"
)

const orderSchema = `{"type": "object", "properties": {
	"id": {"type": "string"}, "status": {"type": "string", "enum": ["paid", "pending"]},
	"total": {"type": "number"},
	"items": {"type": "array", "items": {"type": "object", "properties": {"sku": {"type": "string"}, "qty": {"type": "integer"}}, "required": ["sku"]}}},
	"required": ["id", "status"]}`

func decodeCall(t *testing.T, text string) Call {
	t.Helper()
	f, err := Decode([]byte(`{"mcpeek_calls": 1, "calls": [` + text + `]}`))
	if err != nil {
		t.Fatal(err)
	}
	return f.Calls[0]
}

func failures(vs []Assertion) []string {
	var out []string
	for _, v := range vs {
		if !v.OK {
			out = append(out, v.Kind+" "+v.Path+": expected "+v.Expected+", got "+v.Got)
		}
	}
	return out
}

// TestCheck: each assertion passes on a result that holds it and fails,
// naming the path, what was expected and what came, on one that does not.
func TestCheck(t *testing.T) {
	t.Parallel()
	target, err := resultcheck.NewTarget(model.ParseTool(model.Tool{OutputSchema: json.RawMessage(orderSchema)}))
	if err != nil {
		t.Fatal(err)
	}
	good := `{"id": "o1", "status": "paid", "total": 12.5, "items": [{"sku": "A", "qty": 1}, {"sku": "B", "qty": 3}]}`
	for _, tc := range []struct {
		name, expect, result string
		isError              bool
		elapsed              time.Duration
		want                 []string // the failures, in order; nil: all pass
	}{
		{"defaults pass", `{}`, good, false, 0, nil},
		{"schema broken", `{}`, `{"id": 5, "status": "paid"}`, false, 0,
			[]string{"output_schema id: expected string, got integer"}},
		{"required missing", `{}`, `{"status": "paid"}`, false, 0,
			[]string{"output_schema id: expected present (required): string, got absent"}},
		{"schema off", `{"output_schema": false}`, `{"id": 5}`, false, 0, nil},
		{"unexpected error", `{}`, ``, true, 0, []string{"is_error : expected false, got true: boom"}},
		{"expected error", `{"is_error": true}`, ``, true, 0, nil},
		{"error expected, none came", `{"is_error": true}`, good, false, 0, []string{"is_error : expected true, got false"}},
		{"undeclared", `{"no_undeclared": true}`, `{"id": "o1", "status": "paid", "extra": {"x": 1}}`, false, 0,
			[]string{"no_undeclared extra: expected not in the result (undeclared), got object"}},
		{"latency", `{"max_ms": 100}`, good, false, 250 * time.Millisecond, []string{"max_ms : expected at most 100 ms, got 250 ms"}},
		{"paths pass", `{"paths": [
			{"path": "status", "equals": "paid"},
			{"path": "total", "equals": 12.50, "type": "number", "min": 0, "max": 100},
			{"path": "items[].sku", "exists": true, "matches": "^[A-Z]$", "type": "string"},
			{"path": "items[]", "count": 2},
			{"path": "items", "count": 2, "type": "array"},
			{"path": "items[].qty", "type": "integer", "min": 1},
			{"path": "cancelled", "absent": true},
			{"path": "items[].sku[]", "absent": true},
			{"path": "", "type": "object"},
			{"path": "items[]", "equals": {"qty": 1, "sku": "A"}, "exists": true}
		]}`, strings.Replace(good, `{"sku": "B", "qty": 3}`, `{"qty": 1, "sku": "A"}`, 1), false, 0, nil},
		{"paths fail", `{"paths": [
			{"path": "status", "equals": "pending"},
			{"path": "items[].qty", "max": 2},
			{"path": "items[]", "count": 3},
			{"path": "nope", "exists": true, "equals": 1},
			{"path": "id", "absent": true},
			{"path": "total", "matches": "^1"},
			{"path": "items[].sku", "matches": "^A$"}
		]}`, good, false, 0, []string{
			`equals status: expected "pending", got "paid"`,
			`max items[1].qty: expected a number ≤ 2, got 3`,
			`count items[]: expected 3, got 2`,
			`exists nope: expected present, got absent`,
			`equals nope: expected 1, got absent`,
			`absent id: expected absent, got "o1"`,
			`matches total: expected a string matching "^1", got number 12.5`,
			`matches items[1].sku: expected a string matching "^A$", got "B"`,
		}},
		{"text result read as JSON", `{"output_schema": false, "paths": [{"path": "a", "equals": [1, 2]}]}`, `TEXT{"a": [1, 2.0]}`, false, 0, nil},
		{"text result not JSON", `{"output_schema": false, "paths": [{"path": "a", "exists": true}]}`, `TEXTnot json`, false, 0,
			[]string{"exists a: expected present, got the result has no structuredContent and its text is not JSON"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := decodeCall(t, `{"name": "c", "tool": "s.t", "expect": `+tc.expect+`}`)
			res := Result{IsError: tc.isError, Elapsed: tc.elapsed}
			if text, ok := strings.CutPrefix(tc.result, "TEXT"); ok {
				res.Text = text
			} else if tc.result != "" {
				res.Structured = json.RawMessage(tc.result)
			} else {
				res.Text = "boom"
			}
			vs := c.Check(target, res)
			got := failures(vs)
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("failures:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			if Passed(vs) != (len(tc.want) == 0) {
				t.Errorf("Passed = %v", Passed(vs))
			}
		})
	}
}

// TestCheckWithoutOutputSchema: the default assertion passes with a note;
// no_undeclared cannot hold.
func TestCheckWithoutOutputSchema(t *testing.T) {
	t.Parallel()
	c := decodeCall(t, `{"name": "c", "tool": "s.t", "expect": {"no_undeclared": true}}`)
	got := failures(c.Check(nil, Result{Text: "hello"}))
	if len(got) != 1 || !strings.Contains(got[0], "declares no output schema") {
		t.Errorf("failures %q", got)
	}
}

// TestMatchesIsBounded: a pattern that backtracks forever in a
// backtracking engine runs in linear time on RE2 over the largest string
// it reads; a longer string fails the assertion instead of being read.
func TestMatchesIsBounded(t *testing.T) {
	t.Parallel()
	c := decodeCall(t, `{"name": "c", "tool": "s.t", "expect": {"output_schema": false, "paths": [{"path": "s", "matches": "^(a+)+$"}]}}`)
	near := strings.Repeat("a", MaxMatchInput-1) + "b"
	b, _ := json.Marshal(map[string]string{"s": near})
	got := failures(c.Check(nil, Result{Structured: b}))
	if len(got) != 1 || !strings.HasSuffix(got[0], `aaaa…`) {
		t.Errorf("near the bound: %.200q", got)
	}
	b, _ = json.Marshal(map[string]string{"s": near + "aa"})
	got = failures(c.Check(nil, Result{Structured: b}))
	if len(got) != 1 || !strings.Contains(got[0], "longer than the 1048576 a pattern is matched against") {
		t.Errorf("past the bound: %.200q", got)
	}
}

package resultcheck

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"mcpeek/assets"
	"mcpeek/model"
	"mcpeek/summarizer"
)

// demoTools are the embedded demo server's tools that declare an output schema.
func demoTools(t testing.TB) map[string]json.RawMessage {
	t.Helper()
	var tools []struct {
		Name         string          `json:"name"`
		OutputSchema json.RawMessage `json:"outputSchema"`
	}
	if err := json.Unmarshal(assets.DemoTools(), &tools); err != nil {
		t.Fatal(err)
	}
	out := map[string]json.RawMessage{}
	for _, tool := range tools {
		if len(tool.OutputSchema) > 0 {
			out[tool.Name] = tool.OutputSchema
		}
	}
	return out
}

// checkDemo checks a demo tool's canned result at the default budgets.
func checkDemo(t testing.TB, name string) *Outcome {
	t.Helper()
	schema, ok := demoTools(t)[name]
	if !ok {
		t.Fatalf("no demo tool %s with an output schema", name)
	}
	target, err := NewTarget(model.ParseTool(model.Tool{OutputSchema: schema}))
	if err != nil {
		t.Fatal(err)
	}
	res, _ := assets.DemoResult(name)
	return target.Check(res, "", Options{}, summarizer.Options{})
}

// TestDemoResultsConform: the overlay and the validator agree that every
// canned result but the drifted ones conforms.
func TestDemoResultsConform(t *testing.T) {
	t.Parallel()
	for name := range demoTools(t) {
		if assets.Drifted(name) {
			continue
		}
		t.Run(name, func(t *testing.T) {
			o := checkDemo(t, name)
			if o.Breaks() || o.Verdict() != "ok" {
				t.Errorf("verdict %s:\n%s\nvalidator: %+v", o.Verdict(), marks(o.Report), o.Validation)
			}
			// A shorthand schema is the overlay's alone to check.
			shorthand := strings.HasPrefix(o.Validation.Unavailable, "the output schema is a shorthand schema")
			if (o.Validation.Unavailable != "" && !shorthand) || o.Report.Truncated != "" {
				t.Errorf("validator %q, truncated %q", o.Validation.Unavailable, o.Report.Truncated)
			}
		})
	}
}

// TestDemoDrift holds each drifted demo tool to the marks its description
// promises, and lists what only the validator sees.
func TestDemoDrift(t *testing.T) {
	t.Parallel()
	cases := map[string]struct{ marks, unexplained string }{
		"stale_get_order": {
			marks: `order_number: null not allowed: expected integer, got null
financial_status: enum mismatch: expected one of "pending", "authorized", "partially_paid", "paid", "partially_refunded" (+2 more), got "paid_in_full"
total_price: type mismatch: expected string, got number
line_items[].price_set.shop_money.amount: missing required: expected string (1 of 3)
line_items[].gift_wrap: undeclared: got boolean (3 of 3)
line_items[].price_set.shop_money.amount_cents: not allowed: the object allows no other keys; got integer
legacy_order_ref: undeclared: got string
currency: missing required: expected string`,
		},
		"stale_post_message": {
			marks: `message.ts: type mismatch: expected string, got number
message.blocks[].type: enum mismatch: expected "divider", got "spacer" (1 of 3)
message.client_msg_id: undeclared: got string
(envelope) successful: missing required: expected boolean`,
			unexplained: `message.blocks[].elements: required property is missing
message.reactions[].count: minimum: got 0, want 1`,
		},
		"stale_timeseries": {
			marks: `[].value: type mismatch: expected number | null, got string (1 of 7)
[].count: missing required: expected integer (1 of 7)
[].unit: enum mismatch: expected one of "count", "ratio", "seconds", "currency", got "percent" (1 of 7)
[].dimensions.<any key>: type mismatch: expected string, got integer (1 of 14)
[].quality: null not allowed: expected object, got null (1 of 7)`,
		},
	}
	for name := range demoTools(t) {
		if _, ok := cases[name]; assets.Drifted(name) && !ok {
			t.Errorf("drifted tool %s has no case here", name)
		}
	}
	for name, want := range cases {
		t.Run(name, func(t *testing.T) {
			o := checkDemo(t, name)
			if !o.Breaks() || o.Verdict() != "breaks" {
				t.Errorf("verdict %s", o.Verdict())
			}
			if got := marks(o.Report); got != want.marks {
				t.Errorf("marks:\n%s\nwant:\n%s", got, want.marks)
			}
			var un []string
			for _, e := range o.Unexplained() {
				un = append(un, e.Path+": "+e.Message)
			}
			if got := strings.Join(un, "\n"); got != want.unexplained {
				t.Errorf("only the validator sees:\n%s\nwant:\n%s", got, want.unexplained)
			}
		})
	}
}

// TestDemoFolded: which folds of the order's summary hid fields the
// canned order filled.
func TestDemoFolded(t *testing.T) {
	t.Parallel()
	o := checkDemo(t, "shop_get_order")
	got := map[string]int{}
	for _, f := range o.Folded {
		got[f.Line.Written()] = f.Fields
		if f.Fields > 0 && len(f.Paths) == 0 {
			t.Errorf("%s: %d fields and no paths", f.Line.Path, f.Fields)
		}
	}
	for path, want := range map[string]int{"line_items[]": 279, "total_price_set": 6, "*": 442} {
		if got[path] != want {
			t.Errorf("behind %s: %d fields, want %d", path, got[path], want)
		}
	}
	if o.Report.Present != 947 || o.Report.Absent != 1 {
		t.Errorf("present %d, absent %d", o.Report.Present, o.Report.Absent)
	}
}

// TestDemoExtras: the keys the order's schema does not declare, grouped
// under the object that held them.
func TestDemoExtras(t *testing.T) {
	t.Parallel()
	got := map[string][]string{}
	for parent, ms := range checkDemo(t, "stale_get_order").Report.Extras() {
		for _, m := range ms {
			got[parent] = append(got[parent], m.Path+" "+m.Kind.String())
		}
	}
	want := map[string][]string{
		"":                                  {"legacy_order_ref undeclared"},
		"line_items[]":                      {"line_items[].gift_wrap undeclared"},
		"line_items[].price_set.shop_money": {"line_items[].price_set.shop_money.amount_cents not allowed"},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("extras %v, want %v", got, want)
	}
}

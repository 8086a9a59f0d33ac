package summarizer

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// wideSchema has 100 top-level leaves; field 50 is "id" and field 70 is
// "status", both Tier 1, so they must be chosen before earlier fields.
func wideSchema() string {
	var props []string
	for i := range 100 {
		name := fmt.Sprintf("field_%03d", i)
		switch i {
		case 50:
			name = "id"
		case 70:
			name = "status"
		}
		props = append(props, fmt.Sprintf("%q:{\"type\":\"string\"}", name))
	}
	return `{"type":"object","properties":{` + strings.Join(props, ",") + `}}`
}

func TestBudgetWideObject(t *testing.T) {
	t.Parallel()
	got := Summarize(parse(t, wideSchema()), Options{})
	if len(got.OutputFields()) != MaxSummaryFields+1 {
		t.Fatalf("got %d lines, want %d (budget + overflow)", len(got.OutputFields()), MaxSummaryFields+1)
	}
	// Tier 1 first (id, status), then the other leaves in order: fields
	// 0..27, and all shown in declaration order.
	var want []string
	for i := range 28 {
		want = append(want, fmt.Sprintf("field_%03d: string", i))
	}
	want = append(want, "id: string", "status: string",
		`* (+70 more fields; inspect_tool_output(..., field_path=""))`)
	if !slices.Equal(got.OutputFields(), want) {
		t.Errorf("lines differ\n got: %q\nwant: %q", got.OutputFields(), want)
	}
	if !got.HasHiddenFields {
		t.Error("has_hidden_fields must be true when the overflow line is shown")
	}
}

func TestBudgetParameters(t *testing.T) {
	t.Parallel()
	s := parse(t, wideSchema())
	for _, n := range []int{1, 2, 10, 99, 100, 500} {
		got := Summarize(s, Options{MaxFields: n})
		want := min(n, 100)
		if n < 100 {
			want++ // the overflow line
		}
		if len(got.OutputFields()) != want {
			t.Errorf("max_fields=%d: %d lines, want %d", n, len(got.OutputFields()), want)
		}
	}
	if got := Summarize(s, Options{MaxFields: 2}); !slices.Equal(got.OutputFields(), []string{
		"id: string", "status: string", `* (+98 more fields; inspect_tool_output(..., field_path=""))`}) {
		t.Errorf("max_fields=2 must keep the Tier 1 leaves: %q", got.OutputFields())
	}
}

// TestDeepTier1 checks that deeper Tier 1 leaves are chosen, in scan
// (breadth-first) order, before Tier 3 fills the budget, and that both
// stop at max_depth (step 3.6 used to go on to any depth).
func TestDeepTier1(t *testing.T) {
	t.Parallel()
	schema := `{"type":"object","properties":{
		"a":{"type":"object","properties":{"note":{"type":"string"},
			"b":{"type":"object","properties":{"memo":{"type":"string"},
				"c":{"type":"object","properties":{"deep_id":{"type":"string"},"x":{"type":"string"}}}}}}},
		"z":{"type":"object","properties":{"url":{"type":"string"},"more":{"type":"string"}}}}}`
	got := Summarize(parse(t, schema), Options{MaxFields: 6, MaxDepth: 2})
	want := []string{
		"a: object", // both children are listed below
		"z: object",
		"z.url: string",  // Tier 1, depth 2
		"a.note: string", // Tier 3 in scan order, depth 2 only: a.b.c.deep_id (depth 4) is past max_depth
		fold("a.b: object", 2),
		"z.more: string",
	}
	if !slices.Equal(got.OutputFields(), want) {
		t.Errorf("lines differ\n got: %q\nwant: %q", got.OutputFields(), want)
	}
	// With depth 4, step 3.6 reaches a.b.c.deep_id before Tier 3's a.note.
	got = Summarize(parse(t, schema), Options{MaxFields: 4, MaxDepth: 4})
	want = []string{fold("a: object", 2), fold("z: object", 2), "z.url: string", "a.b.c.deep_id: string"}
	if !slices.Equal(got.OutputFields(), want) {
		t.Errorf("depth 4: lines differ\n got: %q\nwant: %q", got.OutputFields(), want)
	}
	// With depth 3, Tier 3 reaches a.b.memo; z.more comes first in scan order.
	got = Summarize(parse(t, schema), Options{MaxFields: 30, MaxDepth: 3})
	if !slices.Contains(got.OutputFields(), "a.b.memo: string") || slices.Contains(got.OutputFields(), "a.b.c.x: string") {
		t.Errorf("depth 3 must include a.b.memo and not a.b.c.x: %q", got.OutputFields())
	}
}

// TestTier1Regex holds the fast matcher to the regex docs/summary.md
// gives (Tier1Pattern).
func TestTier1Regex(t *testing.T) {
	t.Parallel()
	paths := []string{"id", "user_id", "orders[].customer.email", "created_at", "created", "tags[]",
		"x.name", "xname", "x_name", "a.b.c_id", "[].id", "a[].url", "price_set", "total_price",
		"a.b_id[]", "a\nb_id", "a.\nx_id", "status", "a.type", "timestamp", "a.b.c.updated", "a.id.b",
		"data[].amount", "Id", "ID", "a.b.c[][]", "weird.id.", "_id", "x[].y_id"}
	for _, p := range paths {
		if got, want := isTier1(lastSegment(p)), tier1Regexp.MatchString(p); got != want {
			t.Errorf("%q: fast matcher says %v, regex says %v", p, got, want)
		}
	}
}

// lastSegment is the last segment of a path whose names hold no dots.
func lastSegment(p string) string { return p[strings.LastIndexByte(p, '.')+1:] }

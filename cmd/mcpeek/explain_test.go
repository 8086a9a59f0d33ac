package main

import (
	"encoding/json"
	"mcpeek/summarizer/reach"
	"testing"
)

const squareSchema = "../../summarizer/testdata/square_order.output.json"

// summary --explain says which step chose each line and, for each --need
// path, whether it is listed or which fold holds it and how many inspect
// calls list it (golden files).
func TestSummaryExplain(t *testing.T) {
	t.Parallel()
	needs := []string{"--need", "order.id", "--need", "order.total_money.currency", "--need", "order.state",
		"--need", "order.tenders[0].card_details.card.last_4", "--need", "order.nope"}
	cases := map[string][]string{
		"summary-explain.txt": append([]string{"summary", "--schema", squareSchema, "--explain", "--max-fields", "12"}, needs...),
		"summary-explain.md":  append([]string{"summary", "--schema", squareSchema, "--format", "markdown", "--max-fields", "12"}, needs...),
	}
	for name, args := range cases {
		t.Run(name, func(t *testing.T) {
			out, stderr, code := mcpeek(t, args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			assertGolden(t, name, out)
		})
	}

	out, stderr, code := mcpeek(t, append([]string{"summary", "--schema", squareSchema, "--json", "--max-fields", "12"}, needs...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got struct {
		Summary struct {
			OutputFields []string `json:"output_fields"`
		} `json:"summary"`
		Explain reach.Explanation `json:"explain"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Explain.Lines) != len(got.Summary.OutputFields) || got.Explain.Lines[0].Step != "3.4 error member" {
		t.Errorf("explain lines %+v for %q", got.Explain.Lines, got.Summary.OutputFields)
	}
	want := []struct{ reach, fieldPath, fold string }{
		{reach.Listed, "order.id", ""},
		{reach.OneCall, "order.total_money.currency", "order.total_money"},
		{reach.OneCall, "order.state", "order"},
		{reach.OneCall, "order.tenders[].card_details.card.last_4", "order.tenders[]"},
		{reach.NotFound, "", ""},
	}
	for i, w := range want {
		n := got.Explain.Needs[i]
		if n.Reach != w.reach || n.FieldPath != w.fieldPath || n.Fold != w.fold {
			t.Errorf("need %d: %+v, want %+v", i, n, w)
		}
	}
}

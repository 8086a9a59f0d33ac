package reach

import (
	"encoding/json"
	"errors"
	"testing"

	"mcpeek/model"
)

// TestMeasureCountsEachPathOnce: at each budget every needed path is
// counted once, as listed or not found; a tool that is not there, or
// whose schema cannot be read, is said in the task's detail, and its
// schema is read once however many tasks name it.
func TestMeasureCountsEachPathOnce(t *testing.T) {
	t.Parallel()
	tool := model.Tool{Server: "shop", Name: "get_order",
		OutputSchema: json.RawMessage(`{"type":"object","properties":{"id":{"type":"string"},"total":{"type":"number"}}}`)}
	tools := map[string]model.Tool{tool.ID().String(): tool}
	reads := 0
	schema := func(t model.Tool) (*model.Schema, error) {
		reads++
		if t.OutputSchema == nil {
			return nil, errors.New("no output schema")
		}
		return model.ParseSchema(t.OutputSchema)
	}
	tasks := []Task{
		{Tool: "shop.get_order", Task: "find the order", Paths: []string{"id", "nope"}},
		{Tool: "shop.get_order", Task: "its total", Paths: []string{"total"}},
		{Tool: "shop.gone", Task: "nothing", Paths: []string{"id"}},
	}
	rep := Measure(tasks, tools, []int{5, 20}, 3, schema)
	if reads != 1 {
		t.Errorf("the schema was read %d times, want once", reads)
	}
	if rep.Tasks != 3 || len(rep.Totals) != 2 || len(rep.Detail) != 3 {
		t.Fatalf("report %+v", rep)
	}
	for _, total := range rep.Totals {
		if total.Paths != 4 || total.Listed != 2 || total.NotFound != 2 {
			t.Errorf("at %d lines: %+v, want 4 paths, 2 listed, 2 not found", total.MaxFields, total)
		}
	}
	if got := rep.Detail[2].Error; got != "no tool shop.gone" {
		t.Errorf("the missing tool's error: %q", got)
	}
	if n := rep.Detail[0].Budgets[0].Needs[0]; n.Reach != Listed || n.FieldPath == "" || n.Step == "" {
		t.Errorf("id: %+v", n)
	}
}

// TestWordsSayHowAPathIsReached: each way of reaching a path in words,
// the server's text sanitised.
func TestWordsSayHowAPathIsReached(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		n    Need
		want string
	}{
		{Need{Reach: Listed, Step: "3.5 wrapped entity, leaf"}, "listed, by 3.5 wrapped entity, leaf"},
		{Need{Reach: OneCall, Via: []string{"order"}, Fold: "order"}, `one inspect call: field_path "order" lists it (fold order)`},
		{Need{Reach: TwoCalls, Via: []string{"a", "a.b"}}, `two inspect calls: field_path "a" then "a.b"`},
		{Need{Reach: Hidden}, "hidden: no fold marker holds it"},
		{Need{Reach: Hidden, Fold: "x\x1b[31m"}, "hidden: in fold x, but no two inspect calls list it"},
		{Need{Reach: NotFound, Error: "no such path"}, "not in the schema: no such path"},
	} {
		if got := c.n.Words(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.n, got, c.want)
		}
	}
}

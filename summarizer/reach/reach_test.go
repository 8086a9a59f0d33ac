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
	tools := map[string]model.Tool{tool.ID(): tool}
	reads := 0
	schema := func(t model.Tool) (*model.Schema, error) {
		reads++
		if t.OutputSchema == nil {
			return nil, errors.New("no output schema")
		}
		return model.SharedSchema(t.OutputSchema)
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

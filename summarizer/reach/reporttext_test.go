package reach

import (
	"bytes"
	"strings"
	"testing"

	"mcpeek/internal/styled"
)

func TestTextGivesSharesAndWhatNamesNothing(t *testing.T) {
	t.Parallel()
	rep := Report{Tasks: 2, Inspect: map[string]int{"max_fields": 30, "max_depth": 5},
		Totals: []Total{{MaxFields: 10, MaxDepth: 4, Paths: 5, Listed: 2, OneCall: 1, TwoCalls: 1, NotFound: 1}},
		Detail: []Result{{Task: Task{Tool: "shop.get"}, Budgets: []Budget{{MaxFields: 10, Needs: []Need{{Path: "nope", Reach: NotFound, Error: "no field nope"}}}}}}}
	var buf bytes.Buffer
	rep.Text(styled.Printer{W: &buf})
	for _, want := range []string{
		"2 tasks, 5 paths needed (max_depth 4; inspect_tool_output at max_fields 30, max_depth 5)\n",
		"  10       2 (50.0%)       1 (25.0%)       1 (25.0%)       0 (0.0%)        75.0%\n",
		"1 path names nothing in its tool's output schema (not counted above):\n  shop.get nope: no field nope\n",
	} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("lacks %q:\n%s", want, buf.String())
		}
	}
}

package summarizer

import "testing"

// Line.String writes every kind of line exactly as the planner reads it.
func TestLineString(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		line Line
		want string
	}{
		{Line{Path: "customer.email", Label: "string"}, "customer.email: string"},
		{Line{Path: "tags[]", Label: "string | null"}, "tags[]: string | null"},
		{Line{Path: "variants[]", Label: "object", Fold: FoldChildren, Count: 15, Hint: "variants[]"},
			`variants[]: object (contains 15 sub-fields; inspect_tool_output(..., field_path="variants[]"))`},
		{Line{Path: "milestone", Label: "object | null", Fold: FoldChildren, Count: 16, Hint: "milestone"},
			`milestone: object | null (contains 16 sub-fields; inspect_tool_output(..., field_path="milestone"))`},
		{Line{Path: "metadata", Label: "object", Fold: FoldUnknownKeys, Hint: "metadata"},
			`metadata: object (unknown keys; inspect_tool_output(..., field_path="metadata"))`},
		{Line{Path: "*", Fold: FoldOverflow, Count: 19}, `* (+19 more fields; inspect_tool_output(..., field_path=""))`},
		{Line{Path: "[].*", Fold: FoldOverflow, Count: 2, Hint: "[]"}, `[].* (+2 more fields; inspect_tool_output(..., field_path="[]"))`},
		{Line{Path: `we"ird`, Label: "object", Fold: FoldChildren, Count: 1, Hint: `we"ird`},
			`we"ird: object (contains 1 sub-fields; inspect_tool_output(..., field_path="we\"ird"))`},
		{Line{Path: "(root)[]", Label: "string"}, "(root)[]: string"},
	} {
		if got := c.line.String(); got != c.want {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
		if c.line.Folded() != (c.line.Fold != NoFold) {
			t.Errorf("%s: Folded %v", c.want, c.line.Folded())
		}
	}
}

// A summary's lines carry their nodes: a fold's node is the one its hint
// path locates, so front ends never look it up again.
func TestSummaryLinesCarryNodes(t *testing.T) {
	t.Parallel()
	s := mustSchema(t, "testdata/shopify_order.output.json")
	for _, l := range Summarize(s, Options{}).Lines {
		if l.Fold == FoldOverflow {
			if l.Node != nil {
				t.Errorf("%s: overflow line with a node", l)
			}
			continue
		}
		target, err := Locate(s, l.Path)
		if err != nil || target.Node != l.Node {
			t.Errorf("%s: node differs from Locate's (%v)", l, err)
		}
	}
}

package summarizer

import (
	"strings"
	"testing"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
)

func p(s string) fieldpath.Path { return fieldpath.MustParse(s, fieldpath.Output) }

// Line.String writes every kind of line exactly as the planner reads it.
func TestLineString(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		line Line
		want string
	}{
		{Line{Path: p("customer.email"), Label: "string"}, "customer.email: string"},
		{Line{Path: p("tags[]"), Label: "string | null"}, "tags[]: string | null"},
		{Line{Path: p("variants[]"), Label: "object", Fold: FoldChildren, Count: 15, Hint: p("variants[]")},
			`variants[]: object (contains 15 sub-fields; inspect_tool_output(..., field_path="variants[]"))`},
		{Line{Path: p("milestone"), Label: "object | null", Fold: FoldChildren, Count: 16, Hint: p("milestone")},
			`milestone: object | null (contains 16 sub-fields; inspect_tool_output(..., field_path="milestone"))`},
		{Line{Path: p("metadata"), Label: "object", Fold: FoldUnknownKeys, Hint: p("metadata")},
			`metadata: object (unknown keys; inspect_tool_output(..., field_path="metadata"))`},
		{Line{Fold: FoldOverflow, Count: 19}, `* (+19 more fields; inspect_tool_output(..., field_path=""))`},
		{Line{Path: p("[]"), Fold: FoldOverflow, Count: 2, Hint: p("[]")}, `[].* (+2 more fields; inspect_tool_output(..., field_path="[]"))`},
		{Line{Path: p(`a["x.y"]`), Label: "string"}, `a.x.y: string`},
		{Line{Path: p(`we"ird`), Label: "object", Fold: FoldChildren, Count: 1, Hint: p(`we"ird`)},
			`we"ird: object (contains 1 sub-fields; inspect_tool_output(..., field_path="we\"ird"))`},
		{Line{Path: p("[]"), Label: "string", Step: StepRoot}, "(root)[]: string"},
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
		target, err := Locate(s, l.Path.String())
		if err != nil || target.Node != l.Node {
			t.Errorf("%s: node differs from Locate's (%v)", l, err)
		}
	}
}

// allQuoted writes p with every property quoted: `["a"]["x"][]`.
func allQuoted(p fieldpath.Path) string {
	var b strings.Builder
	for _, s := range p.Steps() {
		switch s.Kind {
		case fieldpath.Property:
			b.WriteString(fieldpath.QuoteName(s.Name))
		case fieldpath.Items:
			b.WriteString("[]")
		default:
			b.WriteString("." + s.Name)
		}
	}
	return b.String()
}

// LocatePath finds every line's node and every inspected child's from
// their Paths, as Locate does from their text with every name quoted,
// odd names included (plain, "a.x" names the top-level "a.x", not a's x).
func TestLocatePathAgreesWithLocate(t *testing.T) {
	t.Parallel()
	odd := `{"type":"object","properties":{"a.x":{"type":"string"},
		"a":{"type":"object","properties":{"x":{"type":"integer"},"u":{"anyOf":[{"type":"string"},{"type":"object","properties":{"k.l":{"type":"string"}}}]}}},
		"b[0]":{"type":"array","items":{"type":"object","properties":{"c/d~e":{"type":"string"}}}}}}`
	for _, s := range []*model.Schema{mustSchema(t, "testdata/shopify_order.output.json"), parse(t, envelopeSchema), parse(t, odd)} {
		var paths []fieldpath.Path
		for _, l := range Summarize(s, Options{MaxFields: 1000, MaxDepth: 10}).Lines {
			if l.Fold != FoldOverflow {
				paths = append(paths, l.Path)
			}
		}
		for i := 0; i < len(paths) && i < 200; i++ {
			ins, err := InspectPath(s, paths[i], Options{})
			if err != nil {
				t.Fatalf("%s: %v", paths[i], err)
			}
			for _, c := range ins.Children {
				paths = append(paths, c.Path)
			}
		}
		for _, p := range paths {
			byPath, err := LocatePath(s, p)
			byText, err2 := Locate(s, allQuoted(p))
			if err != nil || err2 != nil || byPath.Node != byText.Node || !byPath.Path.Equal(p) || !byText.Path.Equal(p) {
				t.Errorf("%s: LocatePath %v %v, Locate %v %v", p, byPath.Path, err, byText.Path, err2)
			}
		}
	}
	s := parse(t, odd)
	for _, bad := range []fieldpath.Path{
		fieldpath.Root(fieldpath.Output).Prop("a").Prop("nope"),
		fieldpath.Root(fieldpath.Output).Prop("b[0]").Prop("c/d~e"), // the array level is missing
		fieldpath.Root(fieldpath.Output).Prop("a.x").Prop("y"),
	} {
		if _, err := LocatePath(s, bad); err == nil {
			t.Errorf("%s: found", bad)
		}
	}
}

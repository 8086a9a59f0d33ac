package schematree_test

import (
	"encoding/json"
	"strings"
	"testing"

	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/summarizer/resultcheck"
	"mcpeek/summarizer/schemadiff"
	"mcpeek/summarizer/schematree"
)

// dialectViews is what each part of mcpeek makes of one output schema:
// the schema tree (opened six levels), the summary's lines, the marks of
// a result checked over it, and the changes to another version of it.
type dialectViews struct {
	tree, summary, check, diff string
}

func viewsOf(t *testing.T, schema, result, changed string) dialectViews {
	t.Helper()
	s, err := model.ParseSchema([]byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	var v dialectViews
	tr := schematree.NewSchema(s, nil, "", "")
	tr.SetHeight(200)
	tr.ExpandToDepth(6)
	tr.Visible(func(_ int, n *schematree.Node) {
		line := strings.Repeat(" ", n.Depth())
		for _, sp := range n.AppendSpans(nil, schematree.LineOptions{}) {
			line += sp.Text
		}
		v.tree += line + "\n"
	})
	for _, l := range summarizer.Summarize(s, summarizer.Options{}).Lines {
		v.summary += l.String() + "\n"
	}
	rep, err := resultcheck.Check(s, []byte(result), resultcheck.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range rep.Marks {
		v.check += m.Kind.String() + " " + m.Path + "\n"
	}
	snap := func(out string) schemadiff.Snapshot {
		raw, _ := json.Marshal(map[string]any{"name": "t", "inputSchema": map[string]any{"type": "object"}, "outputSchema": json.RawMessage(out)})
		return schemadiff.FromServers([]model.Server{{Name: "s", Tools: []model.Tool{{Server: "s", Name: "t",
			InputSchema: []byte(`{"type":"object"}`), OutputSchema: []byte(out), Raw: raw}}}})
	}
	for _, ch := range schemadiff.Diff(snap(schema), snap(changed)) {
		v.diff += ch.Class.String() + " " + string(ch.Kind) + " " + ch.Path.String() + "\n"
	}
	return v
}

// TestDialect2020Keywords holds, keyword by keyword, what the tree, the
// summary, the overlay (a result checked over the schema) and diff make of
// the JSON Schema 2020-12 keywords the 2026-07-28 specification makes the
// default dialect, as docs/summary.md's table says: folded (the views
// follow it), shown, or ignored.
func TestDialect2020Keywords(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		keyword                    string
		schema, result, changed    string
		tree, summary, check, diff []string // each must appear
		notTree, notCheck          []string // each must not
	}{
		{keyword: "prefixItems", // folded: the positions as a union
			schema:  `{"type":"object","properties":{"pt":{"type":"array","prefixItems":[{"type":"number"},{"type":"string"}],"items":false}}}`,
			result:  `{"pt":[1,"a",true]}`,
			changed: `{"type":"object","properties":{"pt":{"type":"array","prefixItems":[{"type":"string"},{"type":"string"}],"items":false}}}`,
			tree:    []string{"pt[]: union", "anyOf[0]: number", "anyOf[1]: string"}, summary: []string{"pt[]: union"},
			check: []string{"type mismatch pt[]"}, diff: []string{"output-type-narrowed pt[]"}},
		{keyword: "$dynamicRef/$dynamicAnchor", // folded: read as a $ref to the outermost anchor
			schema:  `{"$id":"https://x/tree","$dynamicAnchor":"node","type":"object","properties":{"data":{"type":"integer"},"children":{"type":"array","items":{"$dynamicRef":"#node"}}}}`,
			result:  `{"data":1,"children":[{"data":"two","children":[]}]}`,
			changed: `{"$id":"https://x/tree","$dynamicAnchor":"node","type":"object","properties":{"data":{"type":"string"},"children":{"type":"array","items":{"$dynamicRef":"#node"}}}}`,
			tree:    []string{"children[]: object  2 fields  → #node", "children[]: object  2 fields  recursive → #node"},
			summary: []string{"children[].data: integer"}, check: []string{"type mismatch children[].data"},
			diff: []string{"breaking output-type-changed data"}},
		{keyword: "$dynamicRef cycle", // hostile: anchors that only point at each other
			schema:  `{"$dynamicAnchor":"a","$defs":{"b":{"$dynamicAnchor":"b","$dynamicRef":"#a"}},"$dynamicRef":"#b"}`,
			result:  `{"x":[1,{"y":2}]}`,
			changed: `{"$dynamicAnchor":"b","$dynamicRef":"#b"}`,
			tree:    []string{"output: any"}, summary: []string{"(root): any"}},
		{keyword: "unevaluatedProperties", // folded as additionalProperties: false closes the object
			schema:  `{"type":"object","properties":{"a":{"type":"string"}},"unevaluatedProperties":false}`,
			result:  `{"a":"x","b":1}`,
			changed: `{"type":"object","properties":{"a":{"type":"string"},"c":{"type":"string"}},"unevaluatedProperties":false}`,
			tree:    []string{"a: string"}, summary: []string{"a: string"}, check: []string{"not allowed b"},
			diff: []string{"compatible output-added c"}},
		{keyword: "dependentSchemas", // ignored: its properties are not the object's
			schema:  `{"type":"object","properties":{"card":{"type":"string"}},"dependentSchemas":{"card":{"properties":{"billing":{"type":"string"}}}}}`,
			result:  `{"card":"x","billing":"y"}`,
			changed: `{"type":"object","properties":{"card":{"type":"string"}}}`,
			tree:    []string{"card: string"}, summary: []string{"card: string"}, check: []string{"undeclared billing"},
			notTree: []string{"billing"}},
		{keyword: "if/then/else", // ignored
			schema:  `{"type":"object","properties":{"kind":{"type":"string"}},"if":{"properties":{"kind":{"const":"a"}}},"then":{"properties":{"a":{"type":"integer"}}},"else":{"properties":{"b":{"type":"string"}}}}`,
			result:  `{"kind":"a","a":1}`,
			changed: `{"type":"object","properties":{"kind":{"type":"string"}}}`,
			tree:    []string{"kind: string"}, summary: []string{"kind: string"}, check: []string{"undeclared a"},
			notTree: []string{"a: integer", "b: string"}},
		{keyword: "const", // folded as a one-value enum
			schema:  `{"type":"object","properties":{"v":{"const":2}}}`,
			result:  `{"v":3}`,
			changed: `{"type":"object","properties":{"v":{"const":3}}}`,
			tree:    []string{"v: integer  ∈ 2"}, summary: []string{"v: integer"}, check: []string{"enum mismatch v"},
			diff: []string{"output-enum-widened v"}},
		{keyword: "array at the root",
			schema:  `{"type":"array","items":{"type":"object","properties":{"id":{"type":"integer"}}}}`,
			result:  `[{"id":1},{"id":"x"}]`,
			changed: `{"type":"array","items":{"type":"object","properties":{"id":{"type":"string"}}}}`,
			tree:    []string{"output[]: object", "id: integer"}, summary: []string{"[].id: integer"},
			check: []string{"type mismatch [].id"}, diff: []string{"breaking output-type-changed [].id"}},
		{keyword: "scalar at the root",
			schema:  `{"type":"string"}`,
			result:  `5`,
			changed: `{"type":"integer"}`,
			tree:    []string{"output: string"}, summary: []string{"(root): string"},
			check: []string{"type mismatch \n"}, diff: []string{"breaking output-type-changed \n"}},
	} {
		t.Run(c.keyword, func(t *testing.T) {
			t.Parallel()
			v := viewsOf(t, c.schema, c.result, c.changed)
			for _, w := range []struct {
				part, got string
				want      []string
			}{{"tree", v.tree, c.tree}, {"summary", v.summary, c.summary}, {"check", v.check, c.check}, {"diff", v.diff, c.diff}} {
				for _, want := range w.want {
					if !strings.Contains(w.got, want) {
						t.Errorf("the %s lacks %q:\n%s", w.part, want, w.got)
					}
				}
			}
			for _, not := range c.notTree {
				if strings.Contains(v.tree, not) {
					t.Errorf("the tree shows %q:\n%s", not, v.tree)
				}
			}
		})
	}
}

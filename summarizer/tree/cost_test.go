package tree

import (
	"encoding/json"
	"os"
	"testing"

	"mcpeek/model"
)

// Every line of a schema tree finds its node again, by route, in a copy
// of the schema parsed apart.
func TestRouteResolvesInACopy(t *testing.T) {
	for _, name := range []string{"shop_get_order", "docs_get_document", "chat_post_message"} {
		tool := demoTool(t, name)
		out, in := parse(t, tool.OutputSchema), parse(t, tool.InputSchema)
		tr := NewSchema(out, in, "", "")
		tr.ExpandToDepth(5)
		copies := map[string]*model.Schema{"output": parse(t, tool.OutputSchema), "input": parse(t, tool.InputSchema)}
		lines := 0
		for n := tr.First(); n != nil; n = n.Next() {
			r, ok := n.Route()
			if !ok {
				continue
			}
			lines++
			got, ok := r.Resolve(copies[r.Section])
			want := n.Data().(*schemaData).node
			if !ok || got.Label() != want.Label() || len(got.Props) != len(want.Props) || len(got.Alts) != len(want.Alts) ||
				(len(got.Props) > 0 && got.Props[0].Name != want.Props[0].Name) {
				t.Errorf("%s %s %q: resolved %v (%v), want %s", name, r.Section, n.Path, got, ok, want.Label())
			}
		}
		if lines < 10 {
			t.Errorf("%s: only %d routed lines", name, lines)
		}
	}
}

func TestWriteSubtree(t *testing.T) {
	s := parse(t, []byte(`{"type":"object","properties":{
		"tree":{"$ref":"#/$defs/node"},
		"tags":{"type":"array","items":{"type":"string","enum":["a","b"]}},
		"price":{"type":["number","null"],"description":"In \"cents\"."}},
		"required":["tree"],
		"$defs":{"node":{"type":"object","properties":{"name":{"type":"string"},
			"children":{"type":"array","items":{"$ref":"#/$defs/node"}}}}}}`))
	got := WriteSubtree(s, s.Root())
	want := `{"type":"object","properties":{` +
		`"tree":{"type":"object","properties":{"name":{"type":"string"},"children":{"type":"array","items":{"$ref":"#/$defs/node"}}}},` +
		`"tags":{"type":"array","items":{"type":"string","enum":["a","b"]}},` +
		`"price":{"type":["number","null"],"description":"In \"cents\"."}},"required":["tree"]}`
	if string(got.JSON) != want {
		t.Errorf("got\n%s\nwant\n%s", got.JSON, want)
	}
	if got.Depth != 2 || got.Capped || got.Nodes != 8 {
		t.Errorf("depth %d, nodes %d, capped %v", got.Depth, got.Nodes, got.Capped)
	}
}

// A schema with millions of $ref-reachable paths is cut at SCAN_CAP nodes
// and still written as valid JSON.
func TestWriteSubtreeIsBounded(t *testing.T) {
	b, err := os.ReadFile("../testdata/payments.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	s := parse(t, b)
	got := WriteSubtree(s, s.Root())
	if !got.Capped || got.Nodes > model.ScanCap || len(got.JSON) > SubtreeByteCap+64<<10 || !json.Valid(got.JSON) {
		t.Errorf("capped %v, %d nodes, %d bytes, valid %v", got.Capped, got.Nodes, len(got.JSON), json.Valid(got.JSON))
	}
	for _, name := range []string{"shop_get_order", "docs_get_document"} {
		s := parse(t, demoTool(t, name).OutputSchema)
		if sub := WriteSubtree(s, s.Root()); sub.Capped || !json.Valid(sub.JSON) || sub.Depth < 3 {
			t.Errorf("%s: capped %v, valid %v, depth %d", name, sub.Capped, json.Valid(sub.JSON), sub.Depth)
		}
	}
}

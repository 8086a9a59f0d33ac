package summarizer

import (
	"encoding/json"
	"mcpeek/internal/testkit"
	"mcpeek/model"
	"os"
	"testing"
)

func TestWriteSubtree(t *testing.T) {
	t.Parallel()
	s := testkit.Parse(t, []byte(`{"type":"object","properties":{
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
	t.Parallel()
	b, err := os.ReadFile("testdata/payments.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	s := testkit.Parse(t, b)
	got := WriteSubtree(s, s.Root())
	if !got.Capped || got.Nodes > model.ScanCap || len(got.JSON) > SubtreeByteCap+64<<10 || !json.Valid(got.JSON) {
		t.Errorf("capped %v, %d nodes, %d bytes, valid %v", got.Capped, got.Nodes, len(got.JSON), json.Valid(got.JSON))
	}
	for _, name := range []string{"shop_get_order", "docs_get_document"} {
		s := testkit.Parse(t, testkit.DemoTool(t, name).OutputSchema)
		if sub := WriteSubtree(s, s.Root()); sub.Capped || !json.Valid(sub.JSON) || sub.Depth < 3 {
			t.Errorf("%s: capped %v, valid %v, depth %d", name, sub.Capped, json.Valid(sub.JSON), sub.Depth)
		}
	}
}

package schematree

import (
	"testing"

	"mcpeek/internal/testkit"
	"mcpeek/model"
)

// Every leaf of a schema tree knows its schema (the details dialog reads
// it): the property's own and the one its arrays lead to, without a route.
func TestLeavesKeepTheirSchema(t *testing.T) {
	t.Parallel()
	out := testkit.Parse(t, []byte(`{"type":"object","properties":{
		"id":{"type":"string","description":"The id.","minLength":3},
		"tags":{"type":"array","maxItems":5,"items":{"type":"string","pattern":"^[a-z]+$"}}}}`))
	tr := NewSchema(out, nil, "", "")
	tr.ExpandToDepth(5)
	found := map[string]bool{}
	for n := tr.First(); n != nil; n = n.Next() {
		switch n.Path.String() {
		case "id":
			prop, term, ok := n.SchemaNodes()
			if !ok || prop != term || term.Description != "The id." || len(term.Constraints) != 1 {
				t.Errorf("id: %v %v %v", prop, term, ok)
			}
		case "tags[]":
			prop, term, ok := n.SchemaNodes()
			if !ok || prop.Shape != model.Array || len(prop.Constraints) != 1 || prop.Constraints[0].Name != "maxItems" ||
				term.Label() != "string" || len(term.Constraints) != 1 || term.Constraints[0].Name != "pattern" {
				t.Errorf("tags[]: %+v %+v %v", prop, term, ok)
			}
		default:
			continue
		}
		found[n.Path.String()] = true
		if _, ok := n.Route(); ok {
			t.Errorf("%s: a leaf has a route", n.Path)
		}
	}
	if len(found) != 2 {
		t.Errorf("leaves found: %v", found)
	}
}

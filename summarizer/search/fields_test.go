package search

import (
	"encoding/json"
	"testing"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
)

// A hit writes its path as summaries do (names as they are) and carries
// the field as a Path, which tells the top-level "a.x" from a's x.
func TestHitPathsOddNames(t *testing.T) {
	t.Parallel()
	ix := NewIndex([]model.Tool{{Name: "t", OutputSchema: json.RawMessage(`{"type":"object","properties":{
		"a.x":{"type":"string"},"a":{"type":"object","properties":{"x":{"type":"integer"}}},"b[c]":{"type":"string"}}}`)}})
	got := map[string][]fieldpath.Path{}
	for _, h := range ix.Search("x", Output, 0) {
		got[h.Path+": "+h.Type] = append(got[h.Path+": "+h.Type], h.Field)
	}
	top, nested := got["a.x: string"], got["a.x: integer"]
	if len(top) != 1 || !top[0].Equal(fieldpath.Root(fieldpath.Output).Prop("a.x")) ||
		len(nested) != 1 || !nested[0].Equal(fieldpath.Root(fieldpath.Output).Prop("a").Prop("x")) {
		t.Errorf("hits for x: %v", got)
	}
	if hits := ix.Search("b[c]", Output, 0); len(hits) != 1 || hits[0].Path != "b[c]" {
		t.Errorf("hits for b[c]: %+v", hits)
	}
}

package resultcheck

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
	"mcpeek/summarizer"
)

// The check writes a field's path for reading as the summary's lines do,
// names as they are, and keys its marks by the Quoted path: a mark on the
// top-level "a.x" is not a's x, an undeclared key holding "." is one
// step, and a summary line of each finds its own field.
func TestOddNamesMarkTheirOwnField(t *testing.T) {
	t.Parallel()
	schema := `{"type":"object","properties":{
		"a.x":{"type":"string"},
		"a":{"type":"object","properties":{"x":{"type":"integer"}}},
		"c/d~e":{"type":"string"},
		"ü名":{"type":"string"}}}`
	r := check(t, schema, `{"a.x": 5, "a": {"x": 1, "k.l": true}, "c/d~e": "s", "ü名": 7}`)
	var got []string
	for _, m := range r.Marks {
		got = append(got, m.String())
	}
	want := []string{
		`a.x: type mismatch: expected string, got integer`,
		`a.k.l: undeclared: got boolean`,
		`ü名: type mismatch: expected string, got integer`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("marks\n got %q\nwant %q", got, want)
	}
	if len(r.MarksAt("a.x")) != 0 || len(r.MarksAt(`["a.x"]`)) != 1 {
		t.Errorf("a's x has marks %v; the top-level a.x %v", r.MarksAt("a.x"), r.MarksAt(`["a.x"]`))
	}
	if o, ok := r.Observed("c/d~e"); !ok || o.Short() != `"s"` {
		t.Errorf("c/d~e: %+v %v", o, ok)
	}
	// Each summary line finds its own field's observation.
	s, err := model.ParseSchema([]byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range summarizer.Summarize(s, summarizer.Options{}).Lines {
		o, ok := r.Observed(l.Path.Quoted())
		if !ok || o.Values != 1 {
			t.Errorf("%s: %+v %v", l.Written(), o, ok)
		}
	}
	// The JSON answer writes paths as the summary does.
	tg := target(t, schema)
	b, err := json.Marshal(tg.Check([]byte(`{"a.x": 5, "a": {"x": 1, "k.l": true}}`), "", Options{}, summarizer.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	if js := string(b); strings.Contains(js, `[\"`) || !strings.Contains(js, `"path":"a.x"`) || !strings.Contains(js, `"a.k.l"`) {
		t.Errorf("JSON paths not plain: %s", js)
	}
	// A validator's pointer reads back as the same path.
	v, err := model.DecodeJSON([]byte(`{"a.x": 5, "c/d~e": 1}`))
	if err != nil {
		t.Fatal(err)
	}
	for ptr, want := range map[string]string{"/a.x": `["a.x"]`, "/" + fieldpath.EscapeToken("c/d~e"): "c/d~e"} {
		if p, _ := pathOf(v, ptr, false); p != want {
			t.Errorf("pathOf(%q) = %q, want %q", ptr, p, want)
		}
	}
}

package resultcheck

import (
	"fmt"
	"strings"
	"testing"

	"mcpeek/model"
	"mcpeek/summarizer"
)

// TestFolded: a field with a line of its own is not hidden; any other is
// counted at the nearest line above it, or at the "*" line.
func TestFolded(t *testing.T) {
	t.Parallel()
	schema := `{"type": "object", "properties": {
	  "id": {"type": "string"},
	  "customer": {"type": "object", "properties": {"email": {"type": "string"}, "phone": {"type": "string"},
	     "address": {"type": "object", "properties": {"city": {"type": "string"}, "zip": {"type": "string"}}}}},
	  "items": {"type": "array", "items": {"type": "object", "properties": {"sku": {"type": "string"}, "qty": {"type": "integer"}}}},
	  "meta": {"type": "object"},
	  "pick": {"anyOf": [{"type": "string"}, {"type": "object", "properties": {"x": {"type": "integer"}}}]},
	  "note": {"type": "string"},
	  "extra": {"type": "object", "properties": {"deep": {"type": "string"}}}
	}}`
	s, err := model.ParseSchema([]byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Check(s, []byte(`{"id": "1", "customer": {"email": "a@b", "phone": null, "address": {"city": "Oslo", "zip": "0150"}},
	  "items": [{"sku": "a"}, {"sku": "b", "qty": 2}], "meta": {"k1": 1, "k2": 2}, "pick": {"x": 1},
	  "note": "n", "extra": {"deep": "d"}}`), Options{})
	if err != nil {
		t.Fatal(err)
	}
	lines := summarizer.Summarize(s, summarizer.Options{MaxFields: 5}).Lines
	var got []string
	for _, f := range r.Folded(lines) {
		got = append(got, fmt.Sprintf("%s: %d fields %d keys %v", f.Line.Written(), f.Fields, f.Keys, f.Paths))
	}
	want := []string{
		"customer: 4 fields 0 keys [customer.email customer.address customer.address.city customer.address.zip]",
		"items[]: 2 fields 0 keys [items[].sku items[].qty]",
		"meta: 0 fields 2 keys []",
		"extra: 1 fields 0 keys [extra.deep]",
		"*: 3 fields 0 keys [pick pick.anyOf[1].x note]",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("summary lines:\n%s\nfolded with data:\n%s\nwant:\n%s", strings.Join(summarizer.Strings(lines), "\n"),
			strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestFoldedHidesMarks: a mark on a field with no line of its own is
// counted at the fold above it, an undeclared key at the fold above its
// object; Below counts the same marks under every line above them.
func TestFoldedHidesMarks(t *testing.T) {
	t.Parallel()
	schema := `{"type": "object", "required": ["id", "d"], "properties": {
	  "id": {"type": "string"},
	  "head": {"type": "object", "properties": {
	     "ref": {"type": "string"}, "sha": {"type": "string"}, "label": {"type": "string"},
	     "repo": {"type": "object", "additionalProperties": false, "required": ["name"],
	        "properties": {"name": {"type": "string"}, "size": {"type": "integer"}}}},
	     "required": ["ref"]},
	  "a": {"type": "string"}, "b": {"type": "string"}, "c": {"type": "string"}, "d": {"type": "string"},
	  "late": {"type": "object", "properties": {"n": {"type": "integer"}}}
	}}`
	s, err := model.ParseSchema([]byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Check(s, []byte(`{"id": "1", "head": {"sha": "abc", "repo": {"size": "big", "fork": true}},
	  "late": {"n": "x"}}`), Options{})
	if err != nil {
		t.Fatal(err)
	}
	lines := summarizer.Summarize(s, summarizer.Options{MaxFields: 5}).Lines
	var got []string
	for _, f := range r.Folded(lines) {
		h := f.Hidden
		got = append(got, fmt.Sprintf("%s: %d hidden, %d break, worst %s", f.Line.Written(), h.Total(), h.Violations(), h.Worst()))
	}
	// head hides head.ref (missing), head.repo.name (missing), size (type)
	// and fork (not allowed, under repo, which has no line); late hides
	// late.n, * the missing d.
	want := []string{
		"head: 4 hidden, 4 break, worst missing required",
		"late: 1 hidden, 1 break, worst type mismatch",
		"*: 1 hidden, 1 break, worst missing required",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("summary lines:\n%s\nfolded:\n%s\nwant:\n%s", strings.Join(summarizer.Strings(lines), "\n"),
			strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	below := r.Below()
	for path, want := range map[string]string{"head": "4 missing required", "head.repo": "2 missing required", "late": "1 type mismatch"} {
		h := below[path]
		if h == nil || fmt.Sprintf("%d %s", h.Total(), h.Worst()) != want {
			t.Errorf("below %s: %+v, want %s", path, h, want)
		}
	}
	if r.Marked(MissingRequired) != 3 || r.Marked(TypeMismatch) != 2 || r.Marked(NotAllowed) != 1 {
		t.Errorf("marked: %d missing, %d type, %d not allowed", r.Marked(MissingRequired), r.Marked(TypeMismatch), r.Marked(NotAllowed))
	}
}

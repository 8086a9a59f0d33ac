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
		got = append(got, fmt.Sprintf("%s: %d fields %d keys %v", f.Line.Path, f.Fields, f.Keys, f.Paths))
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

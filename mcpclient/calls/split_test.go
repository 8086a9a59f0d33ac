package calls

import (
	"slices"
	"testing"

	"mcpeek/model/fieldpath"
)

func TestSplitPath(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		path string
		want []segment
	}{
		{"", nil},
		{"line_items[].price_set", []segment{{"line_items", 1, false}, {"price_set", 0, false}}},
		{"dims[][]", []segment{{"dims", 2, false}}},
		{"latest_charge.anyOf[1].id", []segment{{"latest_charge", 0, false}, {"id", 0, false}}},
		{"x.anyOf[0][].y", []segment{{"x", 1, false}, {"y", 0, false}}},
		{"[].id", []segment{{"", 1, false}, {"id", 0, false}}},
		{"meta.<any key>.v", []segment{{"meta", 0, false}, {fieldpath.AnyKey, 0, true}, {"v", 0, false}}},
		{`meta["<any key>"].v`, []segment{{"meta", 0, false}, {fieldpath.AnyKey, 0, false}, {"v", 0, false}}},
		{`["a.x"][].b["c[d]"]`, []segment{{"a.x", 1, false}, {"b", 0, false}, {"c[d]", 0, false}}},
	} {
		if got, err := splitPath(c.path); err != nil || !slices.Equal(got, c.want) {
			t.Errorf("splitPath(%q) = %v, %v; want %v", c.path, got, err, c.want)
		}
	}
}

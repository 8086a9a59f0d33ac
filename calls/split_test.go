package calls

import (
	"slices"
	"testing"

	"mcpeek/fieldpath"
)

func TestSplitPath(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		path string
		want []segment
	}{
		{"", nil},
		{"line_items[].price_set", []segment{{"line_items", 1}, {"price_set", 0}}},
		{"dims[][]", []segment{{"dims", 2}}},
		{"latest_charge.anyOf[1].id", []segment{{"latest_charge", 0}, {"id", 0}}},
		{"x.anyOf[0][].y", []segment{{"x", 1}, {"y", 0}}},
		{"[].id", []segment{{"", 1}, {"id", 0}}},
		{"meta.<any key>.v", []segment{{"meta", 0}, {fieldpath.AnyKey, 0}, {"v", 0}}},
	} {
		if got := splitPath(c.path); !slices.Equal(got, c.want) {
			t.Errorf("splitPath(%q) = %v, want %v", c.path, got, c.want)
		}
	}
}

func TestIsAlternative(t *testing.T) {
	t.Parallel()
	for seg, want := range map[string]bool{"anyOf[0]": true, "oneOf[12]": true, "anyOf[]": false, "anyOf[x]": false, "allOf[0]": false, "anyOf[0]x": false} {
		if isAlternative(seg) != want {
			t.Errorf("isAlternative(%q) != %v", seg, want)
		}
	}
}

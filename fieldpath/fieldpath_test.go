package fieldpath

import (
	"slices"
	"testing"
)

func TestJoinAndSplit(t *testing.T) {
	t.Parallel()
	if got := Join("", "a"); got != "a" {
		t.Errorf("Join root: %q", got)
	}
	if got := Join("a[]", "b"+Arrays(2)); got != "a[].b[][]" {
		t.Errorf("Join: %q", got)
	}
	for _, c := range []struct {
		path string
		want []Segment
	}{
		{"", nil},
		{"line_items[].price_set", []Segment{{"line_items", 1}, {"price_set", 0}}},
		{"dims[][]", []Segment{{"dims", 2}}},
		{"latest_charge.anyOf[1].id", []Segment{{"latest_charge", 0}, {"id", 0}}},
		{"x.anyOf[0][].y", []Segment{{"x", 1}, {"y", 0}}},
		{"[].id", []Segment{{"", 1}, {"id", 0}}},
		{"meta.<any key>.v", []Segment{{"meta", 0}, {AnyKey, 0}, {"v", 0}}},
	} {
		if got := Split(c.path); !slices.Equal(got, c.want) {
			t.Errorf("Split(%q) = %v, want %v", c.path, got, c.want)
		}
	}
}

func TestIsAlternative(t *testing.T) {
	t.Parallel()
	for seg, want := range map[string]bool{"anyOf[0]": true, "oneOf[12]": true, "anyOf[]": false, "anyOf[x]": false, "allOf[0]": false, "anyOf[0]x": false} {
		if IsAlternative(seg) != want {
			t.Errorf("IsAlternative(%q) != %v", seg, want)
		}
	}
}

func TestTrimArrayMarkers(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in, rest string
		n        int
	}{
		{"[].x", ".x", 1}, {"[0][*][]", "", 3}, {"[x]", "[x]", 0}, {"[", "[", 0}, {"abc", "abc", 0},
	} {
		if rest, n := TrimArrayMarkers(c.in); rest != c.rest || n != c.n {
			t.Errorf("TrimArrayMarkers(%q) = %q, %d", c.in, rest, n)
		}
	}
}

func TestPointerAndJQ(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ path, prefix, pointer, jq string }{
		{"line_items[].price_set", "", "/line_items/0/price_set", ".line_items[].price_set"},
		{"line_items[].price_set", "data", "/data/line_items/0/price_set", ".data.line_items[].price_set"},
		{"", "", "", "."},
		{"[].id", "", "/0/id", ".[].id"},
		{"a/b.~c", "", "/a~1b/~0c", `.["a/b"].["~c"]`},
		{`we"ird.x-y`, "", `/we"ird/x-y`, `.["we\"ird"].["x-y"]`},
		{"meta.<any key>", "", "/meta/{key}", ".meta[]"},
		{"_ok.a1", "", "/_ok/a1", "._ok.a1"},
		{"1st", "", "/1st", `.["1st"]`},
	} {
		if got := Pointer(c.path, c.prefix); got != c.pointer {
			t.Errorf("Pointer(%q, %q) = %q, want %q", c.path, c.prefix, got, c.pointer)
		}
		if got := JQ(c.path, c.prefix); got != c.jq {
			t.Errorf("JQ(%q, %q) = %q, want %q", c.path, c.prefix, got, c.jq)
		}
	}
}

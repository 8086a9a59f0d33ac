package model

import (
	"slices"
	"testing"
)

// TestParseToolIDResolvesDots: a server's name and a tool's may hold dots;
// the text is read against what is known, the longer server name first.
func TestParseToolIDResolvesDots(t *testing.T) {
	t.Parallel()
	ab, a := ToolID{Server: "a.b", Tool: "c.d"}, ToolID{Server: "a", Tool: "b.c.d"}
	if ab == a || ab.String() != a.String() {
		t.Fatalf("the ids %v and %v must differ as values and read alike as text", ab, a)
	}
	knows := func(ids ...ToolID) func(ToolID) bool {
		return func(id ToolID) bool { return slices.Contains(ids, id) }
	}
	both := []string{"a", "a.b", "x"}
	cases := []struct {
		text    string
		servers []string
		has     func(ToolID) bool
		want    ToolID
		ok      bool
	}{
		{"a.b.c.d", both, knows(a), a, true},
		{"a.b.c.d", both, knows(ab), ab, true},
		{"a.b.c.d", both, knows(a, ab), ab, true}, // both: the longer server name
		{"a.b.c.d", []string{"a"}, nil, a, true},
		{"a.b.c.d", both, nil, ab, true},
		{"shop.get_order", []string{"shop"}, nil, ToolID{Server: "shop", Tool: "get_order"}, true},
		{"x.y.z", nil, nil, ToolID{Server: "x", Tool: "y.z"}, false},
		{"a.", []string{"a"}, nil, ToolID{Server: "a"}, false},
		{".a", []string{""}, nil, ToolID{Tool: "a"}, false},
		{"nodot", []string{"nodot"}, nil, ToolID{Server: "nodot"}, false},
	}
	for _, c := range cases {
		got, ok := ParseToolID(c.text, slices.Values(c.servers), c.has)
		if got != c.want || ok != c.ok {
			t.Errorf("ParseToolID(%q) = %#v, %t; want %#v, %t", c.text, got, ok, c.want, c.ok)
		}
	}
	if b, _ := ab.MarshalText(); string(b) != "a.b.c.d" {
		t.Errorf("MarshalText = %s", b)
	}
}

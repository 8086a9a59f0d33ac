package model

import (
	"fmt"
	"strings"
	"testing"
)

// Duplicate property names and required names are found the same way in
// small objects (a scan) and big ones (a map).
func TestReadObjectNames(t *testing.T) {
	t.Parallel()
	for _, n := range []int{3, smallSet, smallSet + 1, 3 * smallSet} {
		var props, required []string
		for i := range n {
			props = append(props, fmt.Sprintf(`"p%d":{"type":"string"}`, i))
			if i%2 == 0 {
				required = append(required, fmt.Sprintf(`"p%d"`, i))
			}
		}
		props = append(props, `"p1":{"type":"integer"}`) // a duplicate: the last wins, in the first place
		raw := fmt.Sprintf(`{"type":"object","properties":{%s},"required":[%s]}`,
			strings.Join(props, ","), strings.Join(required, ","))
		s, err := ParseSchema([]byte(raw))
		if err != nil {
			t.Fatal(err)
		}
		root := s.Root()
		if len(root.Props) != n {
			t.Fatalf("%d properties: read %d", n, len(root.Props))
		}
		for i, p := range root.Props {
			if p.Name != fmt.Sprintf("p%d", i) || p.Required != (i%2 == 0) {
				t.Errorf("%d properties: #%d is %+v", n, i, p)
			}
		}
		if got := root.Child(1).Label(); got != "integer" {
			t.Errorf("%d properties: p1 is %s, want the last definition's integer", n, got)
		}
	}
}

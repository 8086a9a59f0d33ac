package schemadiff

import (
	"testing"

	"mcpeek/model"
)

// TestSourcesSame: two subschemas are the same when they are written the
// same and their $refs point to schemas written the same; a $ref loop
// through a property is fine, one through allOf or $ref alone is not.
func TestSourcesSame(t *testing.T) {
	for _, c := range []struct {
		name string
		a, b string
		want bool
	}{
		{"same text", `{"properties":{"x":{"type":"string"}}}`, `{"properties":{"x":{"type":"string"}}}`, true},
		{"a word differs", `{"properties":{"x":{"type":"string"}}}`, `{"properties":{"x":{"type":"integer"}}}`, false},
		{"member order", `{"properties":{"x":{"type":"string","title":"X"}}}`, `{"properties":{"x":{"title":"X","type":"string"}}}`, false},
		{"its $ref target changed",
			`{"properties":{"x":{"$ref":"#/$defs/d"}},"$defs":{"d":{"type":"string"}}}`,
			`{"properties":{"x":{"$ref":"#/$defs/d"}},"$defs":{"d":{"type":"number"}}}`, false},
		{"another definition changed",
			`{"properties":{"x":{"$ref":"#/$defs/d"}},"$defs":{"d":{"type":"string"},"e":{}}}`,
			`{"properties":{"x":{"$ref":"#/$defs/d"}},"$defs":{"d":{"type":"string"},"e":{"type":"null"}}}`, true},
		{"a $ref to an $anchor",
			`{"properties":{"x":{"$ref":"#here"}},"$defs":{"d":{"$anchor":"here","type":"string"}}}`,
			`{"properties":{"x":{"$ref":"#here"}},"$defs":{"d":{"$anchor":"here","type":"boolean"}}}`, false},
		{"recursive through a property",
			`{"properties":{"x":{"$ref":"#/$defs/n"}},"$defs":{"n":{"properties":{"next":{"$ref":"#/$defs/n"}}}}}`,
			`{"properties":{"x":{"$ref":"#/$defs/n"}},"$defs":{"n":{"properties":{"next":{"$ref":"#/$defs/n"}}}},"$comment":"new"}`, true},
		{"recursive through array items",
			`{"properties":{"x":{"$ref":"#/$defs/n"}},"$defs":{"n":{"type":"array","items":{"$ref":"#/$defs/n"}}}}`,
			`{"properties":{"x":{"$ref":"#/$defs/n"}},"$defs":{"n":{"type":"array","items":{"$ref":"#/$defs/n"}}}}`, true},
		{"a loop of allOf and $ref",
			`{"properties":{"x":{"$ref":"#/$defs/a"}},"$defs":{"a":{"allOf":[{"$ref":"#/$defs/b"}]},"b":{"allOf":[{"$ref":"#/$defs/a"}]}}}`,
			`{"properties":{"x":{"$ref":"#/$defs/a"}},"$defs":{"a":{"allOf":[{"$ref":"#/$defs/b"}]},"b":{"allOf":[{"$ref":"#/$defs/a"}]}}}`, false},
		{"a loop of $ref entered through a property",
			`{"properties":{"x":{"$ref":"#/$defs/a"}},"$defs":{"a":{"properties":{"p":{"$ref":"#/$defs/b"}}},"b":{"anyOf":[{"$ref":"#/$defs/a"},{"$ref":"#/$defs/b"}]}}}`,
			`{"properties":{"x":{"$ref":"#/$defs/a"}},"$defs":{"a":{"properties":{"p":{"$ref":"#/$defs/b"}}},"b":{"anyOf":[{"$ref":"#/$defs/a"},{"$ref":"#/$defs/b"}]}}}`, false},
		{"a remote $ref", `{"properties":{"x":{"$ref":"https://example.com/s"}}}`, `{"properties":{"x":{"$ref":"https://example.com/s"}}}`, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			sa, sb := parse(t, c.a), parse(t, c.b)
			s := newSources(sa, sb)
			if got := s.same(sa.Root().ChildSource(0), sb.Root().ChildSource(0)); got != c.want {
				t.Errorf("same = %v, want %v", got, c.want)
			}
			if got := s.same(sa.Root().ChildSource(0), sb.Root().ChildSource(0)); got != c.want {
				t.Errorf("asked again: same = %v, want %v", got, c.want)
			}
		})
	}
}

func parse(t *testing.T, text string) *model.Schema {
	t.Helper()
	s, err := model.ParseSchema([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

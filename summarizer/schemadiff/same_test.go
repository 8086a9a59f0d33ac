package schemadiff

import (
	"path/filepath"
	"reflect"
	"testing"

	"mcpeek/model"
)

// TestSourcesSame: two subschemas are the same when they are written the
// same and their $refs point to schemas written the same; a $ref loop
// through a property is fine, one through allOf or $ref alone is not.
func TestSourcesSame(t *testing.T) {
	t.Parallel()
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

// TestSkippingChangesNothing: the changes found while skipping what is
// written the same are those found comparing everything (a sources out of
// budget skips nothing), on every schema of the golden snapshots and of the
// benchmark's, each against its other version and against every other
// schema of its kind.
func TestSkippingChangesNothing(t *testing.T) {
	t.Parallel()
	var pairs [][2]model.Tool
	dirs, _ := filepath.Glob("testdata/diff/*")
	for _, dir := range dirs {
		old, new := readSnapshot(t, filepath.Join(dir, "old.json")), readSnapshot(t, filepath.Join(dir, "new.json"))
		pairs = append(pairs, toolPairs(old, new)...)
	}
	rewrites := []string{"edit", "comment"}
	if testing.Short() {
		rewrites = rewrites[:1]
	}
	for _, rewrite := range rewrites {
		old, new := benchSnapshots(t, "heavy", rewrite)
		all := toolPairs(old, new)
		pairs = append(pairs, all[:60]...) // a cycle of the catalogue and more
	}
	for i := range pairs {
		if i > 0 { // unrelated schemas, too
			pairs = append(pairs, [2]model.Tool{pairs[i-1][0], pairs[i][1]})
		}
	}
	checked := 0
	for _, p := range pairs {
		for _, dir := range []direction{input, output} {
			a, b := p[0].InputSchema, p[1].InputSchema
			if dir == output {
				a, b = p[0].OutputSchema, p[1].OutputSchema
			}
			sa, errA := model.ParseSchema(a)
			sb, errB := model.ParseSchema(b)
			if errA != nil || errB != nil {
				continue
			}
			skipping := walk(nil, model.ToolID{Tool: "t"}, dir, sa, sb, newSources(sa, sb))
			sa, _ = model.ParseSchema(a) // fresh: nothing resolved yet
			sb, _ = model.ParseSchema(b)
			none := newSources(sa, sb)
			none.budget = 0
			everything := walk(nil, model.ToolID{Tool: "t"}, dir, sa, sb, none)
			if !reflect.DeepEqual(skipping, everything) {
				t.Errorf("%s → %s (%s): skipping found %v\nwant %v", p[0].Name, p[1].Name, dir, skipping, everything)
			}
			checked++
		}
	}
	if checked < 200 {
		t.Errorf("only %d schema pairs checked", checked)
	}
}

func toolPairs(old, new Snapshot) [][2]model.Tool {
	var pairs [][2]model.Tool
	for _, so := range old.Servers {
		sn, _ := new.Server(so.Name)
		byName := map[string]model.Tool{}
		for _, t := range sn.Tools {
			byName[t.Name] = t
		}
		for _, t := range so.Tools {
			if n, ok := byName[t.Name]; ok {
				pairs = append(pairs, [2]model.Tool{t, n})
			}
		}
	}
	return pairs
}

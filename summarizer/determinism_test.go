package summarizer

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"mcpeek/model"
)

// TestDeterminism: the same schema twice, and the same schema with its
// $defs written in another order, give byte-identical summaries.
func TestDeterminism(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"shopify_order", "shopify_orders"} {
		b, err := os.ReadFile("testdata/" + name + ".output.json")
		if err != nil {
			t.Fatal(err)
		}
		first := Summarize(mustParse(t, b), Options{})
		second := Summarize(mustParse(t, b), Options{})

		doc, err := model.DecodeJSON(b)
		if err != nil {
			t.Fatal(err)
		}
		defs := doc.Get("$defs")
		if defs == nil || len(defs.Members) < 2 {
			t.Fatalf("%s: expected $defs to reorder", name)
		}
		slices.Reverse(defs.Members)
		reordered := Summarize(mustParse(t, doc.AppendJSON(nil)), Options{})

		for _, other := range []Summary{second, reordered} {
			if !slices.Equal(first.OutputFields(), other.OutputFields()) || first.HasHiddenFields != other.HasHiddenFields {
				t.Errorf("%s: summaries differ\n%q\n%q", name, first.OutputFields(), other.OutputFields())
			}
		}
	}
}

func mustParse(t testing.TB, b []byte) *model.Schema {
	t.Helper()
	s, err := model.ParseSchema(b)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestHostileSchemas: schemas built to blow up a naive reader are read in
// bounded work with sensible answers.
func TestHostileSchemas(t *testing.T) {
	t.Parallel()
	chain := func(n int) string { // A0 -> A1 -> ... each a distinct type: a 5,000-deep path
		var defs []string
		for i := range n {
			defs = append(defs, fmt.Sprintf(`"A%d":{"type":"object","properties":{"id":{"type":"string"},"next":{"$ref":"#/$defs/A%d"}}}`, i, (i+1)%n))
		}
		return `{"$ref":"#/$defs/A0","$defs":{` + strings.Join(defs, ",") + `}}`
	}
	fan := func(n int) string { // every type refers to every other: an explosion of paths
		var defs []string
		for i := range n {
			var props []string
			for j := range n {
				props = append(props, fmt.Sprintf(`"to%d":{"$ref":"#/$defs/T%d"}`, j, j))
			}
			defs = append(defs, fmt.Sprintf(`"T%d":{"type":"object","properties":{%s}}`, i, strings.Join(props, ",")))
		}
		return `{"$ref":"#/$defs/T0","$defs":{` + strings.Join(defs, ",") + `}}`
	}
	cases := map[string]string{
		"deep distinct ref chain":  chain(5000),
		"fully connected refs":     fan(40),
		"self-referencing items":   `{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{"type":"array","items":{"$ref":"#/$defs/A"}}}}`,
		"allOf of itself":          `{"$defs":{"A":{"allOf":[{"$ref":"#/$defs/A"},{"properties":{"x":{"$ref":"#/$defs/A"}}}]}},"$ref":"#/$defs/A"}`,
		"anyOf of itself":          `{"anyOf":[{"$ref":"#"},{"type":"object","properties":{"k":{"$ref":"#"}}}]}`,
		"ref into a non-schema":    `{"type":"object","properties":{"x":{"$ref":"#/properties/x/type"}}}`,
		"ref with bad escapes":     `{"type":"object","properties":{"x":{"$ref":"#/%zz/~2"}}}`,
		"deeply nested properties": strings.Repeat(`{"type":"object","properties":{"n":`, 400) + `{"type":"string"}` + strings.Repeat(`}}`, 400),
	}
	for name, schema := range cases {
		t.Run(name, func(t *testing.T) {
			start := time.Now()
			s := parse(t, schema)
			sum := Summarize(s, Options{})
			if len(sum.OutputFields()) == 0 || len(sum.OutputFields()) > MaxSummaryFields+1 {
				t.Errorf("%d lines", len(sum.OutputFields()))
			}
			if _, err := Inspect(s, "", Options{MaxFields: 1 << 30, MaxDepth: 1 << 30}); err != nil {
				t.Error(err)
			}
			t.Logf("%d lines in %v", len(sum.OutputFields()), time.Since(start))
		})
	}
	if _, err := model.ParseSchema([]byte(strings.Repeat("[", 5000) + strings.Repeat("]", 5000))); err == nil {
		t.Error("nesting beyond model.MaxNesting must be refused")
	}
}

package summarizer

import (
	"os"
	"path/filepath"
	"testing"

	"mcpeek/model"
)

func addSchemaSeeds(f *testing.F, add func(b []byte)) {
	files, _ := filepath.Glob("testdata/*.json")
	for _, name := range files {
		// Large files make poor seeds: the fuzzer spends its time
		// minimising them instead of exploring.
		if b, err := os.ReadFile(name); err == nil && len(b) <= 16<<10 {
			add(b)
		}
	}
	for _, s := range []string{
		`{}`, `true`, `false`, `{"type":"string"}`, `{"$ref":"#"}`, `{"allOf":[{"$ref":"#"}]}`,
		`{"type":"array","items":{"$ref":"#"}}`, `{"data":{"id":"str","tags":"list[str] | None"}}`,
		`{"type":"object","properties":{"a":{"anyOf":[{"$ref":"#"},{"type":"null"}]}}}`,
		wideSchema(), envelopeSchema,
	} {
		add([]byte(s))
	}
}

// FuzzSummarize: on any bytes, no panic, bounded and deterministic output.
func FuzzSummarize(f *testing.F) {
	addSchemaSeeds(f, func(b []byte) { f.Add(b, uint8(30), uint8(3)) })
	f.Fuzz(func(t *testing.T, b []byte, maxFields, maxDepth uint8) {
		s, err := model.ParseSchema(b)
		if err != nil {
			return
		}
		opts := Options{MaxFields: int(maxFields), MaxDepth: int(maxDepth)}
		got := Summarize(s, opts)
		limit := opts.orDefaults(MaxSummaryFields, DefaultSummaryMaxDepth).MaxFields + 1
		if len(got.OutputFields()) > limit {
			t.Fatalf("%d lines for max_fields %d", len(got.OutputFields()), limit-1)
		}
		s2, _ := model.ParseSchema(b)
		again := Summarize(s2, opts)
		if len(again.OutputFields()) != len(got.OutputFields()) || again.HasHiddenFields != got.HasHiddenFields {
			t.Fatal("not deterministic")
		}
		for i := range got.OutputFields() {
			if got.OutputFields()[i] != again.OutputFields()[i] {
				t.Fatalf("not deterministic: %q vs %q", got.OutputFields()[i], again.OutputFields()[i])
			}
		}
	})
}

// FuzzInspect: any bytes and any path give an answer or an error, bounded.
func FuzzInspect(f *testing.F) {
	addSchemaSeeds(f, func(b []byte) {
		for _, p := range []string{"", "variants[]", "data.orders[0].customer", "payload.anyOf[1]", "x..y", "[]"} {
			f.Add(b, p, uint8(4), uint8(120))
		}
	})
	f.Fuzz(func(t *testing.T, b []byte, path string, maxDepth, maxFields uint8) {
		s, err := model.ParseSchema(b)
		if err != nil {
			return
		}
		opts := Options{MaxFields: int(maxFields), MaxDepth: int(maxDepth)}
		got, err := Inspect(s, path, opts)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		if n := opts.orDefaults(DefaultInspectMaxField, DefaultInspectMaxDepth).MaxFields; len(got.FlattenedFields) > n {
			t.Fatalf("%d lines for max_fields %d", len(got.FlattenedFields), n)
		}
	})
}

// FuzzPath: the path parser on the fixtures' schemas. A path that
// resolves normalises to a path that resolves to itself.
func FuzzPath(f *testing.F) {
	for _, p := range []string{"", "variants", "variants[]", "line_items[0].price_set.shop_money.amount",
		"data.orders[*].customer", "discount.oneOf[1]", "dimensions[][]", "category.parent.parent.", "a[", "]", "[9999999999999999999999]"} {
		f.Add(p)
	}
	order := mustSchema(f, "testdata/shopify_order.output.json")
	orders := mustSchema(f, "testdata/shopify_orders.output.json")
	f.Fuzz(func(t *testing.T, path string) {
		for _, s := range []*model.Schema{order, orders} {
			got, err := Locate(s, path)
			if err != nil {
				continue
			}
			again, err := Locate(s, got.Path.String())
			if err != nil || !again.Path.Equal(got.Path) {
				t.Fatalf("%q normalised to %q, which gives %q, %v", path, got.Path, again.Path, err)
			}
		}
	})
}

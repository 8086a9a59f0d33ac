package summarizer

import (
	"slices"
	"sync"
	"testing"
)

// One parsed schema serves many readers at once: summaries and inspections
// from eight goroutines on a fresh schema (nothing resolved yet) match the
// ones a single reader gets. Run under -race it also shows the lazy
// resolution is guarded.
func TestOneSchemaManyReaders(t *testing.T) {
	t.Parallel()
	for _, file := range []string{"testdata/payments.schema.json", "testdata/shopify_order.output.json", "testdata/recursive_intent.output.json"} {
		want := Summarize(mustSchema(t, file), Options{MaxFields: 200, MaxDepth: 8})
		wantRoot, err := Inspect(mustSchema(t, file), "", Options{MaxFields: 500, MaxDepth: 6})
		if err != nil {
			t.Fatal(err)
		}
		shared := mustSchema(t, file)
		var wg sync.WaitGroup
		for g := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if g%2 == 0 {
					got := Summarize(shared, Options{MaxFields: 200, MaxDepth: 8})
					if !slices.Equal(got.OutputFields(), want.OutputFields()) {
						t.Errorf("%s: a concurrent summary differs", file)
					}
					return
				}
				got, err := Inspect(shared, "", Options{MaxFields: 500, MaxDepth: 6})
				if err != nil || !slices.Equal(got.FlattenedFields, wantRoot.FlattenedFields) {
					t.Errorf("%s: a concurrent inspection differs (%v)", file, err)
				}
				_ = WriteSubtree(shared, shared.Root())
			}()
		}
		wg.Wait()
	}
}

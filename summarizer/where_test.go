package summarizer

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// chain is an object schema nesting names one inside the other, each
// level with a leaf "v" beside the next level.
func chain(names ...string) string {
	inner := `{"type":"string"}`
	for i := len(names) - 1; i >= 0; i-- {
		inner = `{"type":"object","properties":{"v":{"type":"string"},"` + names[i] + `":` + inner + `}}`
	}
	return inner
}

func TestWhere(t *testing.T) {
	t.Parallel()
	square := mustSchema(t, "testdata/square_order.output.json")
	sum := Summarize(square, Options{})
	deep := parse(t, `{"type":"object","properties":{"id":{"type":"string"},"a":`+chain("b", "c", "d", "e", "f", "g", "h", "i", "j", "k")+`}}`)
	deepSum := Summarize(deep, Options{MaxFields: 1})

	cases := []struct {
		name   string
		where  func() (Whereabouts, error)
		calls  int
		via    []string
		fold   string // the fold's path
		step   Step   // the listing line's step
		normal string
	}{
		{"listed by the wrapped entity's step", func() (Whereabouts, error) { return Where(square, sum.Lines, "order.id", Options{}) },
			0, nil, "", StepWrappedTier1, "order.id"},
		{"one call into the nearest fold", func() (Whereabouts, error) {
			return Where(square, sum.Lines, "order.total_money.currency", Options{})
		}, 1, []string{"order.total_money"}, "order.total_money", StepNone, "order.total_money.currency"},
		{"behind the * line", func() (Whereabouts, error) { return Where(deep, deepSum.Lines, "a.v", Options{}) },
			1, []string{""}, "*", StepNone, "a.v"},
		{"two calls: past the inspector's depth", func() (Whereabouts, error) {
			return Where(deep, deepSum.Lines, "a.b.c.d.e.f.v", Options{})
		}, 2, []string{"", "a.b.c.d"}, "*", StepNone, "a.b.c.d.e.f.v"},
		{"hidden: past two calls", func() (Whereabouts, error) { return Where(deep, deepSum.Lines, "a.b.c.d.e.f.g.h.i.j.v", Options{}) },
			Hidden, nil, "*", StepNone, "a.b.c.d.e.f.g.h.i.j.v"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w, err := c.where()
			if err != nil {
				t.Fatal(err)
			}
			if w.Path.String() != c.normal || w.Calls != c.calls || !slices.Equal(w.Via, c.via) {
				t.Errorf("got %s in %d calls via %q, want %s in %d via %q", w.Path, w.Calls, w.Via, c.normal, c.calls, c.via)
			}
			if got := ""; w.Fold != nil {
				if got = w.Fold.Written(); got != c.fold {
					t.Errorf("fold %q, want %q", got, c.fold)
				}
			} else if c.fold != "" {
				t.Errorf("no fold, want %q", c.fold)
			}
			if c.calls == 0 && (w.Line == nil || w.Line.Step != c.step) {
				t.Errorf("listing line %+v, want step %q", w.Line, c.step)
			}
		})
	}
	_, err := Where(square, sum.Lines, "order.nope", Options{})
	var pe *PathError
	if !errors.As(err, &pe) || !strings.Contains(err.Error(), `"order" has children`) {
		t.Errorf("a path that names nothing: %v", err)
	}
}

package schematree

import (
	"mcpeek/internal/testkit"
	"testing"

	"mcpeek/model"
)

// Every line of a schema tree finds its node again, by route, in a copy
// of the schema parsed apart.
func TestRouteResolvesInACopy(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"shop_get_order", "docs_get_document", "chat_post_message"} {
		tool := testkit.DemoTool(t, name)
		out, in := testkit.Parse(t, tool.OutputSchema), testkit.Parse(t, tool.InputSchema)
		tr := NewSchema(out, in, "", "")
		tr.ExpandToDepth(5)
		copies := map[string]*model.Schema{"output": testkit.Parse(t, tool.OutputSchema), "input": testkit.Parse(t, tool.InputSchema)}
		lines := 0
		for n := tr.First(); n != nil; n = n.Next() {
			r, ok := n.Route()
			if !ok {
				continue
			}
			lines++
			got, ok := r.Resolve(copies[r.Section])
			want := n.Data().(*schemaData).node
			if !ok || got.Label() != want.Label() || len(got.Props) != len(want.Props) || len(got.Alts) != len(want.Alts) ||
				(len(got.Props) > 0 && got.Props[0].Name != want.Props[0].Name) {
				t.Errorf("%s %s %q: resolved %v (%v), want %s", name, r.Section, n.Path, got, ok, want.Label())
			}
		}
		if lines < 10 {
			t.Errorf("%s: only %d routed lines", name, lines)
		}
	}
}

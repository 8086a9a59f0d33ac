package summarizer

import (
	"slices"
	"strings"
	"testing"

	"mcpeek/model"
)

func TestLegacyIsTheOldHardCut(t *testing.T) {
	t.Parallel()
	s := mustSchema(t, "testdata/shopify_order.output.json")
	got := Strings(Legacy(s, Options{}))
	if len(got) != 30 || got[0] != "id: integer" || got[12] != "customer.id: integer" ||
		got[17] != "customer.default_address.first_name: string" || got[29] != "shipping_address.address1: string" {
		t.Errorf("legacy lines: %q", got)
	}
	for _, l := range Legacy(s, Options{}) {
		if l.Folded() || strings.Contains(l.String(), "inspect_tool_output(") {
			t.Errorf("the legacy view has no markers: %q", l)
		}
	}
}

// countLeaves is an independent count: a depth-first walk over the model
// with its own recursion check (a $ref already on the path stops it).
func countLeaves(n *model.Node, onPath map[int32]bool) int {
	term, _ := n.Unwrap(nil)
	if term.Shape != model.Object {
		return 1
	}
	total := 0
	for i := range term.Props {
		child := term.Child(i)
		refs := append([]int32(nil), child.Refs...)
		cterm, _ := child.Unwrap(&refs)
		refs = append(refs, cterm.Refs...)
		recursive := false
		for _, r := range refs {
			recursive = recursive || onPath[r]
		}
		if recursive {
			if cterm.Shape != model.Object {
				total++
			}
			continue
		}
		for _, r := range refs {
			onPath[r] = true
		}
		total += countLeaves(child, onPath)
		for _, r := range refs {
			delete(onPath, r)
		}
	}
	return total
}

func TestReachAgreesWithAnIndependentCount(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"shopify_order", "shopify_orders"} {
		s := mustSchema(t, "testdata/"+name+".output.json")
		root, _ := s.DataRoot()
		onPath := map[int32]bool{}
		for _, r := range root.Refs {
			onPath[r] = true
		}
		want := countLeaves(root, onPath)

		for _, opts := range []Options{{}, {MaxFields: 10}} {
			checkReach(t, name, s, opts, want)
		}
	}
}

func checkReach(t *testing.T, name string, s *model.Schema, opts Options, want int) {
	t.Helper()
	{
		sum := Summarize(s, opts)
		folded := Reach(s, sum.Lines)
		legacy := Reach(s, Legacy(s, opts))
		for _, c := range []Coverage{folded, legacy} {
			if c.Leaves != want || c.Listed+c.OneStep+c.BeyondCount != c.Leaves {
				t.Errorf("%s: coverage %+v, independent leaf count %d", name, c, want)
			}
		}
		if legacy.OneStep != 0 {
			t.Errorf("%s: the legacy view has no fold markers, so nothing is one step away", name)
		}
		// One step = leaf children of fold-marked lines that are not listed,
		// as the inspector itself reports them.
		listed := map[string]bool{}
		for _, l := range sum.Lines {
			listed[l.Path.String()] = true
		}
		oneStep := 0
		for _, l := range sum.Lines {
			if !l.Folded() {
				continue
			}
			p := l.Hint
			ins, err := Inspect(s, p.String(), Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range ins.Children {
				if c.Children == nil && !listed[c.Path.String()] {
					oneStep++
				}
			}
		}
		if folded.OneStep != oneStep {
			t.Errorf("%s: one step = %d, the inspector says %d", name, folded.OneStep, oneStep)
		}
		if !slices.ContainsFunc(legacy.Beyond, func(p string) bool { return strings.HasSuffix(p, "variants[].sku") }) {
			t.Errorf("%s: variants[].sku should be beyond the legacy view", name)
		}
	}
}

func TestDescribeAllKeepsOrder(t *testing.T) {
	t.Parallel()
	var tools []model.Tool
	for i := range 50 {
		tools = append(tools, model.Tool{Server: "s", Name: "t" + string(rune('A'+i%26)) + strings.Repeat("x", i),
			InputSchema: []byte(`{"type":"object"}`), OutputSchema: []byte(`{"type":"object","properties":{"id":{"type":"string"}}}`)})
	}
	tools[7].OutputSchema = []byte(`{"broken`)
	ds, errs := DescribeAll(tools, Options{})
	for i, d := range ds {
		if d.ToolID != tools[i].ID().String() {
			t.Fatalf("descriptor %d is %s, want %s", i, d.ToolID, tools[i].ID())
		}
		if (errs[i] != nil) != (i == 7) {
			t.Errorf("error %d: %v", i, errs[i])
		}
	}
}

// Leaves classifies exactly the leaves Reach counts, in scan order.
func TestLeavesAgreeWithReach(t *testing.T) {
	t.Parallel()
	s := mustSchema(t, "testdata/shopify_order.output.json")
	for _, lines := range [][]Line{Summarize(s, Options{MaxFields: 8}).Lines, Legacy(s, Options{MaxFields: 8})} {
		c := Reach(s, lines)
		leaves := Leaves(s, lines)
		n := map[Reachability]int{}
		var beyond []string
		for _, l := range leaves {
			n[l.Reach]++
			if l.Reach == Beyond {
				beyond = append(beyond, l.Path)
			}
		}
		if len(leaves) != c.Leaves || n[Listed] != c.Listed || n[OneStep] != c.OneStep || n[Beyond] != c.BeyondCount ||
			!slices.Equal(beyond, c.Beyond) {
			t.Errorf("Leaves %v disagree with Reach %+v", n, c)
		}
	}
}

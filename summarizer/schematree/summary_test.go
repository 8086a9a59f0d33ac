package schematree

import (
	"fmt"
	"mcpeek/internal/testkit"
	"os"
	"slices"
	"strings"
	"testing"

	"mcpeek/model/fieldpath"
	"mcpeek/summarizer"
)

// out reads a path of the output side.
func out(s string) fieldpath.Path { return fieldpath.MustParse(s, fieldpath.Output) }

func shopOrderTree(t *testing.T) (*Tree, *summaryLoader) {
	tool := testkit.DemoTool(t, "shop_get_order")
	s := testkit.Parse(t, tool.OutputSchema)
	tr := NewSummary(s, summarizer.Summarize(s, summarizer.Options{}))
	return tr, &summaryLoader{schema: s}
}

// The tree's top level is the summary, line for line.
func TestSummaryTreeMatchesSummary(t *testing.T) {
	t.Parallel()
	tool := testkit.DemoTool(t, "shop_get_order")
	s := testkit.Parse(t, tool.OutputSchema)
	sum := summarizer.Summarize(s, summarizer.Options{})
	tr := NewSummary(s, sum)
	var top []*Node
	for n := tr.First(); n != nil; n = n.last.next {
		top = append(top, n)
	}
	if len(top) != len(sum.Lines) {
		t.Fatalf("%d top lines for %d summary lines", len(top), len(sum.Lines))
	}
	for i, n := range top {
		line := sum.Lines[i]
		if !strings.HasPrefix(line.Written(), n.Name) {
			t.Errorf("line %d: %q for %q", i, n.Name, line)
		}
		wantFold := line.Fold == summarizer.FoldChildren || line.Fold == summarizer.FoldOverflow
		if n.Openable() != wantFold || (wantFold && !n.Collapsed()) {
			t.Errorf("line %d %q: openable %v collapsed %v", i, line, n.Openable(), n.Collapsed())
		}
	}
}

// Opening a fold shows exactly the inspector's children for its path, and
// the "*" line shows the top-level fields the summary left out.
func TestSummaryDrillDownMatchesInspector(t *testing.T) {
	t.Parallel()
	tr, l := shopOrderTree(t)
	tr.SetHeight(50)
	for _, path := range []string{"line_items[]", "line_items[].price_set", "line_items[].price_set.shop_money", "shipping_lines[]"} {
		n := findNode(tr, path)
		if n == nil {
			t.Fatalf("no line %q", path)
		}
		tr.Expand(n)
		insp, err := summarizer.Inspect(l.schema, path, summarizer.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var got, want []string
		for c := n.next; c != nil && c.parent == n; c = c.last.next {
			got = append(got, fmt.Sprintf("%s: %s %d", c.Name, c.Type, c.Count))
		}
		for _, c := range insp.Children {
			count := -1
			if c.Children != nil && *c.Children > 0 && !c.UnknownKeys {
				count = *c.Children
			}
			want = append(want, fmt.Sprintf("%s: %s %d", c.Name, c.Type, count))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s:\n got %q\nwant %q", path, got, want)
		}
	}

	// The overflow line holds the rest of the root's children.
	more := tr.First()
	for more != nil && more.Kind != KindMore {
		more = more.last.next
	}
	tr.Expand(more)
	names := map[string]bool{}
	for n := tr.First(); n != nil; n = n.last.next {
		if n.Kind != KindMore {
			names[n.Name] = true
		}
	}
	extra := 0
	for c := more.next; c != nil && c.parent == more; c = c.last.next {
		if names[c.Name] {
			t.Errorf("%q shown twice", c.Name)
		}
		names[c.Name] = true
		extra++
	}
	root, _ := summarizer.Inspect(l.schema, "", summarizer.Options{})
	if len(names) != len(root.Children) || extra != more.Count {
		t.Errorf("%d names after opening *, root has %d children; * said %d, opened %d", len(names), len(root.Children), more.Count, extra)
	}
}

// findNode finds a materialised line by path.
func findNode(tr *Tree, path string) *Node {
	for n := tr.First(); n != nil; n = n.next {
		if n.Path.String() == path && n.Kind != KindMore {
			return n
		}
	}
	return nil
}

// Open finds a field behind its container's fold or the "*" line, and
// reveals it; a path that names nothing is reported.
func TestOpenByPath(t *testing.T) {
	t.Parallel()
	tool := testkit.DemoTool(t, "shop_get_order")
	s := testkit.Parse(t, tool.OutputSchema)
	tr := NewSummary(s, summarizer.Summarize(s, summarizer.Options{MaxFields: 3}))
	tr.SetHeight(100)
	for _, path := range []string{"line_items[].price_set.shop_money", "shipping_address.city", "id"} {
		n, ok := tr.Open(out(path))
		if !ok || n.Path.String() != path {
			t.Fatalf("Open(%q) = %v, %v", path, n, ok)
		}
		for a := n.Parent(); a != nil; a = a.Parent() {
			if a.Collapsed() {
				t.Errorf("%q: ancestor %q still folded", path, a.Path)
			}
		}
		shown := false
		tr.Walk(func(m *Node) bool { shown = shown || m == n; return !shown })
		if !shown {
			t.Errorf("%q opened but not shown", path)
		}
	}
	if _, ok := tr.Open(out("line_items[].nope")); ok {
		t.Error("opened a path that names nothing")
	}
}

// A $ref the root reaches through its allOf is on the path: the schema tree
// marks last_error.intent as recursion, as the inspector folds it.
func TestSchemaTreeMarksRecursionThroughAllOf(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("../../summarizer/testdata/recursive_intent.output.json")
	if err != nil {
		t.Fatal(err)
	}
	tr := NewSchema(testkit.Parse(t, b), nil, "", "")
	tr.SetHeight(50)
	last := findNode(tr, "last_error")
	if last == nil {
		t.Fatal("no last_error line")
	}
	tr.Expand(last)
	intent := findNode(tr, "last_error.intent")
	if intent == nil || intent.Kind != KindRecursive || !intent.Cycle() {
		t.Fatalf("last_error.intent is not marked as recursion: %+v", intent)
	}
}

// A base type that every resource inherits through allOf is not recursion:
// data.assignee (a User, which inherits Resource as the Task does) opens,
// while data.parent (a Task inside a Task) is marked, as the summary does.
func TestSchemaTreeSharedBaseIsNotRecursion(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("../../summarizer/testdata/shared_base.output.json")
	if err != nil {
		t.Fatal(err)
	}
	tr := NewSchema(testkit.Parse(t, b), nil, "", "")
	tr.SetHeight(50)
	data := findNode(tr, "data")
	if data == nil {
		t.Fatal("no data line")
	}
	tr.Expand(data)
	for path, recursive := range map[string]bool{"data.assignee": false, "data.followers[]": false, "data.parent": true} {
		n := findNode(tr, path)
		if n == nil {
			t.Fatalf("no %s line", path)
		}
		if got := n.Kind == KindRecursive; got != recursive || n.Cycle() != recursive {
			t.Errorf("%s: marked recursive %v, want %v", path, got, recursive)
		}
	}
}

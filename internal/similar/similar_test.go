package similar

import (
	"context"
	"fmt"
	"math/rand/v2"
	"mcpeek/internal/testkit"
	"slices"
	"strings"
	"testing"
)

// naiveClosest is closest as it was before its work was bounded: a full
// edit distance between the whole name and every candidate. It is the
// reference of the tests and the baseline of the benchmarks.
func naiveClosest(s string, candidates []string, n int) []string {
	s = strings.ToLower(s)
	type scored struct {
		name string
		d    int
	}
	var hits []scored
	limit := max(2, len(s)/3)
	for _, c := range candidates {
		lc := strings.ToLower(c)
		d := naiveEditDistance(s, lc)
		if s != "" && (strings.Contains(lc, s) || strings.Contains(s, lc)) {
			d = min(d, 1)
		}
		if d <= limit {
			hits = append(hits, scored{c, d})
		}
	}
	slices.SortStableFunc(hits, func(a, b scored) int {
		if a.d != b.d {
			return a.d - b.d
		}
		return strings.Compare(a.name, b.name)
	})
	var out []string
	for i := 0; i < len(hits) && len(out) < n; i++ {
		out = append(out, hits[i].name)
	}
	return out
}

// naiveEditDistance is the Levenshtein distance between a and b, in bytes,
// over the full table.
func naiveEditDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func TestEditDistanceWithinAgreesWithTheFullTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	word := func() string {
		b := make([]byte, rng.IntN(24))
		for i := range b {
			b[i] = "abc_."[rng.IntN(5)]
		}
		return string(b)
	}
	for range 20_000 {
		a, b, k := word(), word(), rng.IntN(12)
		want := naiveEditDistance(a, b)
		d, ok := editDistanceWithin(a, b, k)
		if ok != (want <= k) || (ok && d != want) {
			t.Fatalf("editDistanceWithin(%q, %q, %d) = %d, %t; the distance is %d", a, b, k, d, ok, want)
		}
	}
}

// opNames1200 are 1,200 op ids shaped like a large real server's
// (<area>_<verb>_<object>).
func opNames1200() []string {
	areas := []string{"issues", "pulls", "repos", "actions", "gists", "orgs", "teams", "users", "checks", "code_scanning",
		"dependabot", "packages", "projects", "reactions", "releases", "search", "secrets", "security", "git", "apps",
		"billing", "codespaces", "copilot", "discussions", "emojis", "interactions", "licenses", "markdown", "meta", "migrations"}
	verbs := []string{"list", "get", "create", "update", "delete", "add", "remove", "set", "check", "review"}
	objects := []string{"item", "comment", "label", "assignee"}
	out := make([]string, 0, 1200)
	for i := range 1200 {
		out = append(out, fmt.Sprintf("github.%s_%s_%s", areas[i%30], verbs[(i/30)%10], objects[i/300]))
	}
	return out
}

func TestClosestSuggestsAsTheFullSearchDid(t *testing.T) {
	names := append(opNames1200(), "github", "toolbox", "toolbox.inspect_tool", "db.admin/drop_db", "DB.Drop")
	rng := rand.New(rand.NewPCG(3, 4))
	typo := func(s string) string {
		b := []byte(s)
		for range 1 + rng.IntN(3) {
			i := rng.IntN(len(b))
			switch rng.IntN(3) {
			case 0:
				b = slices.Delete(b, i, i+1)
			case 1:
				b = slices.Insert(b, i, 'q')
			default:
				b[i] = 'z'
			}
		}
		return string(b)
	}
	queries := []string{"", "gihtub", "toolbx", "github.issues_lst_item", "GITHUB.PULLS_GET_LABEL", "inspect_tool", "db.admin/drop", "nothing like it"}
	for range 100 {
		queries = append(queries, typo(names[rng.IntN(len(names))]))
	}
	found := 0
	for _, q := range queries {
		// Both searches agree wherever the bounds do not cut in: names
		// under 48 bytes (a third of them is the distance allowed).
		if len(q) >= 3*MaxDistance {
			continue
		}
		got, want := Closest(context.Background(), q, names, 3), naiveClosest(q, names, 3)
		if !slices.Equal(got, want) {
			t.Errorf("closest(%q) = %q, the full search says %q", q, got, want)
		}
		if len(got) > 0 {
			found++
		}
	}
	if found < len(queries)/2 {
		t.Errorf("only %d of %d queries found a suggestion", found, len(queries))
	}
}

func TestClosestReadsOnlyTheStartOfALongName(t *testing.T) {
	names := []string{"test", "test.get_item", "demo.shop_get_order"}
	long := "test.get_item" + strings.Repeat("é", 1_000_000)
	if got := Closest(context.Background(), long, names, 3); !slices.Equal(got, []string{"test", "test.get_item"}) {
		t.Errorf("a long name that starts like an op: %q", got)
	}
	if got := Closest(context.Background(), strings.Repeat("x", 1_000_000), names, 3); len(got) != 0 {
		t.Errorf("junk: %q", got)
	}
}

func TestClosestStopsWhenTheCallerIsGone(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if got := Closest(ctx, "github.issues_lst_item", opNames1200(), 3); len(got) != 0 {
		t.Errorf("a cancelled search still looked: %q", got)
	}
}

// BenchmarkClosest is the search for an unknown name among 1,200 op ids,
// for names of 10 bytes to 4 MB (it reads the first MaxCompared bytes).
func BenchmarkClosest(b *testing.B) {
	ids := opNames1200()
	ctx := context.Background()
	for _, size := range testkit.UnknownSizes {
		name := testkit.UnknownName(size.N)
		b.Run(size.Name, func(b *testing.B) {
			for b.Loop() {
				Closest(ctx, name, ids, 3)
			}
		})
	}
}

// BenchmarkClosestNaive is the search before it was bounded, on the same
// names. The 4 MB name is left out: at about 13 times the 300 KB one it
// takes minutes.
func BenchmarkClosestNaive(b *testing.B) {
	ids := opNames1200()
	for _, size := range testkit.UnknownSizes[:2] {
		name := testkit.UnknownName(size.N)
		b.Run(size.Name, func(b *testing.B) {
			for b.Loop() {
				naiveClosest(name, ids, 3)
			}
		})
	}
}

func TestDidYouMeanInNamesEachWithinItsScope(t *testing.T) {
	t.Parallel()
	if got, want := DidYouMeanIn("shop", "get_ordr", []string{"get_order", "list_orders", "refund"}), "; did you mean shop.get_order?"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := DidYouMeanIn("shop", "zzzzzz", []string{"get_order"}); got != "" {
		t.Errorf("nothing near: %q", got)
	}
}

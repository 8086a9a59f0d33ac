package gateway

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"mcpeek/mcpclient"
	"mcpeek/model"
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
		if len(q) >= 3*maxSuggestDistance {
			continue
		}
		got, want := closest(context.Background(), q, names, 3), naiveClosest(q, names, 3)
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
	if got := closest(context.Background(), long, names, 3); !slices.Equal(got, []string{"test", "test.get_item"}) {
		t.Errorf("a long name that starts like an op: %q", got)
	}
	if got := closest(context.Background(), strings.Repeat("x", 1_000_000), names, 3); len(got) != 0 {
		t.Errorf("junk: %q", got)
	}
}

func TestClosestStopsWhenTheCallerIsGone(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if got := closest(ctx, "github.issues_lst_item", opNames1200(), 3); len(got) != 0 {
		t.Errorf("a cancelled search still looked: %q", got)
	}
}

func TestClip(t *testing.T) {
	if clip("short") != "short" || clip(strings.Repeat("a", maxEcho)) != strings.Repeat("a", maxEcho) {
		t.Error("a short name is echoed whole")
	}
	got := clip(strings.Repeat("é", 150))
	if !utf8.ValidString(got) || !strings.HasSuffix(got, "…(300 bytes)") || len(got) > maxEcho+len("…(300 bytes)") {
		t.Errorf("%q", got)
	}
}

// bench1200 is a gateway over one server of 1,200 ops, with an upstream
// that answers at once, and an initialised mcp-go session.
func bench1200(b *testing.B) *Gateway {
	b.Helper()
	var tools []model.Tool
	for _, id := range opNames1200() {
		name := strings.TrimPrefix(id, "github.")
		tools = append(tools, model.Tool{Server: "github", Name: name, InputSchema: json.RawMessage(`{"type":"object"}`),
			Raw: json.RawMessage(`{"name":"` + name + `","inputSchema":{"type":"object"}}`)})
	}
	up := fakeUpstreams{
		servers: []model.Server{{Name: "github", State: model.StateConnected, Tools: tools}},
		result:  &mcpclient.CallResult{Raw: json.RawMessage(`{}`), Text: "{}"},
	}
	g, err := New(up, Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { g.Close() })
	init := `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"b","version":"1"}}}`
	g.MCPServer().HandleMessage(context.Background(), json.RawMessage(init))
	return g
}

// unknownName is n bytes of an op name that is not there, with the letters
// and separators of real ones.
func unknownName(n int) string {
	rng := rand.New(rand.NewPCG(5, 6))
	b := make([]byte, n)
	for i := range b {
		b[i] = "abcdefghijklmnopqrstuvwxyz_."[rng.IntN(28)]
	}
	return string(b)
}

var unknownSizes = []struct {
	name string
	n    int
}{{"10B", 10}, {"300KB", 300_000}, {"4MB", 4_000_000}}

// BenchmarkUnknownOp is tool_exec of an op that does not exist on a
// 1,200-op registry: "answer" is the whole call inside mcp-go (decoding the
// request, NOT_FOUND with its suggestions, the envelope, the event),
// "closest" the suggestion search alone, and "decode" the same request sent
// to a tool that does not exist, which mcp-go decodes and refuses without
// calling the gateway: the floor of any answer to that body.
func BenchmarkUnknownOp(b *testing.B) {
	g := bench1200(b)
	ids := opNames1200()
	ctx := context.Background()
	for _, size := range unknownSizes {
		name := unknownName(size.n)
		req, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/call",
			"params": map[string]any{"name": "tool_exec", "arguments": map[string]any{"op": name}}})
		b.Run("answer/"+size.name, func(b *testing.B) {
			res, _ := json.Marshal(g.MCPServer().HandleMessage(ctx, req))
			if !strings.Contains(string(res), "NOT_FOUND") || len(res) > 8<<10 {
				b.Fatalf("%d bytes: %.300s", len(res), res)
			}
			for b.Loop() {
				g.MCPServer().HandleMessage(ctx, req)
			}
			b.ReportMetric(float64(len(res)), "reply-bytes")
		})
		b.Run("closest/"+size.name, func(b *testing.B) {
			for b.Loop() {
				closest(ctx, name, ids, 3)
			}
		})
		floor := strings.Replace(string(req), `"name":"tool_exec"`, `"name":"no_such_tool"`, 1)
		b.Run("decode/"+size.name, func(b *testing.B) {
			for b.Loop() {
				g.MCPServer().HandleMessage(ctx, json.RawMessage(floor))
			}
		})
	}
}

// BenchmarkUnknownOpNaive is the suggestion search before it was bounded,
// on the same registry and names. The 4 MB name is left out: at about
// 13 times the 300 KB one it takes minutes.
func BenchmarkUnknownOpNaive(b *testing.B) {
	ids := opNames1200()
	for _, size := range unknownSizes[:2] {
		name := unknownName(size.n)
		b.Run("closest/"+size.name, func(b *testing.B) {
			for b.Loop() {
				naiveClosest(name, ids, 3)
			}
		})
	}
}

package gateway

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"mcpeek/model"
	"mcpeek/summarizer/tokens"
)

// githubLike is a server shaped like the GitHub API as MCP tools: 1,223
// tools named github_<area>_<verb>_<object>, most areas small, a few with
// hundreds of tools (repos, actions), every tool sharing the "github" word.
func githubLike() model.Server {
	areas := []struct {
		name string
		n    int
	}{
		{"repos", 215}, {"actions", 183}, {"orgs", 96}, {"issues", 55}, {"pulls", 32}, {"apps", 41},
		{"users", 47}, {"teams", 42}, {"codespaces", 48}, {"git", 13}, {"gists", 20}, {"checks", 12},
		{"code_scanning", 24}, {"dependabot", 22}, {"secret_scanning", 10}, {"packages", 27},
		{"projects", 24}, {"reactions", 15}, {"search", 7}, {"activity", 32}, {"billing", 12},
		{"migrations", 22}, {"interactions", 10}, {"security_advisories", 9}, {"copilot", 11},
		{"markdown", 2}, {"meta", 6}, {"oidc", 4}, {"rate", 1}, {"licenses", 3}, {"emojis", 1},
		{"classroom", 6}, {"codes_of_conduct", 2}, {"credentials", 1}, {"dependency_graph", 4},
		{"gitignore", 2}, {"hosted_compute", 5}, {"private_registries", 6}, {"campaigns", 5},
		{"announcement", 3}, {"enterprise", 80}, {"audit_log", 6}, {"rules", 40}, {"environments", 17},
	}
	verbs := []string{"get", "list", "create", "update", "delete", "set", "add", "remove", "check", "download"}
	objects := []string{"webhook", "deployment", "release", "branch_protection", "collaborator", "commit",
		"content", "fork", "invitation", "key", "label", "milestone", "page", "ruleset", "secret", "status",
		"tag", "topic", "variable", "workflow", "artifact", "cache", "runner", "job", "environment"}
	var tools []model.Tool
	for _, a := range areas {
		for i := range a.n {
			name := fmt.Sprintf("github_%s_%s_%s", a.name, verbs[i%len(verbs)], objects[(i/len(verbs))%len(objects)])
			if i >= len(verbs)*len(objects) {
				name += fmt.Sprintf("_%d", i)
			}
			desc := fmt.Sprintf("%s a %s of the %s API\n\nThis endpoint works with fine-grained tokens "+
				"that have the %s permission. Draft items are included. See the REST reference.",
				strings.ToUpper(verbs[i%len(verbs)][:1])+verbs[i%len(verbs)][1:], objects[(i/len(verbs))%len(objects)], a.name, a.name)
			raw, _ := json.Marshal(map[string]any{"name": name, "description": desc,
				"inputSchema": map[string]any{"type": "object", "properties": map[string]any{"owner": map[string]string{"type": "string"}}}})
			tools = append(tools, model.Tool{Server: "github", Name: name, Description: desc, InputSchema: []byte(`{"type":"object"}`), Raw: raw})
		}
	}
	return model.Server{Name: "github", State: model.StateConnected, Tools: tools}
}

// Every tool_help answer on a 1,223-tool server lists at most 50 ops, and
// every op is listed exactly once on the way down from the root; the
// largest answer stays under 4,000 cl100k tokens.
func TestHugeServerHelpIsBounded(t *testing.T) {
	t.Parallel()
	srv := githubLike()
	if len(srv.Tools) != 1223 {
		t.Fatalf("%d tools", len(srv.Tools))
	}
	g, err := New(fakeUpstreams{servers: []model.Server{srv}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	r, servers := g.current(), g.up.Servers()
	counter := tokens.NewCounter()
	listed := map[string]int{}
	largest, largestPath := 0, ""
	queue := []string{""}
	for len(queue) > 0 {
		path := queue[0]
		queue = queue[1:]
		b, herr := g.help(context.Background(), r, servers, helpRequest{Path: path, Format: "short", IncludeExamples: true})
		if herr != nil {
			t.Fatalf("%q: %v", path, herr.Message)
		}
		if n := counter.CL100K(string(b)); n > largest {
			largest, largestPath = n, path
		}
		var ans struct {
			Groups    []GroupInfo    `json:"groups"`
			Ops       []OpSummary    `json:"ops"`
			SubGroups []SubGroupInfo `json:"subgroups"`
		}
		if err := json.Unmarshal(b, &ans); err != nil {
			t.Fatal(err)
		}
		if len(ans.Ops) > subGroupThreshold {
			t.Errorf("%q lists %d ops", path, len(ans.Ops))
		}
		for _, grp := range ans.Groups {
			queue = append(queue, grp.Group)
		}
		for _, sub := range ans.SubGroups {
			queue = append(queue, sub.Path)
		}
		for _, op := range ans.Ops {
			listed[op.Op]++
			if op.Summary == "" || strings.Contains(op.Summary, "fine-grained") {
				t.Errorf("%s: summary %q runs past its first paragraph", op.Op, op.Summary)
			}
		}
	}
	for _, tool := range srv.Tools {
		if listed[tool.ID().String()] != 1 {
			t.Errorf("%s listed %d times", tool.ID().String(), listed[tool.ID().String()])
		}
	}
	if largest >= 4000 {
		t.Errorf("the largest answer, %q, is %d cl100k tokens", largestPath, largest)
	}
	t.Logf("largest answer %q: %d cl100k tokens", largestPath, largest)

	// An unknown op falls in the sub-group its name leads to.
	_, herr := g.help(context.Background(), r, servers, helpRequest{Path: "github.github_repos_get_nothing"})
	if herr == nil || !strings.HasPrefix(herr.HelpPath, "github.repos") {
		t.Fatalf("unknown op: %+v", herr)
	}
}

func TestSplitGroupWords(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		names  []string
		shared int
	}{
		{[]string{"github_repos_get", "github_pulls_list"}, 1},
		{[]string{"a-b.c/d", "a_b_e"}, 2},
		{[]string{"x", "y"}, 0},
		{[]string{"same", "same"}, 1},
	} {
		var words [][]string
		for _, n := range c.names {
			words = append(words, nameWords(n))
		}
		if got := sharedWords(words); got != c.shared {
			t.Errorf("%v: shared %d, want %d", c.names, got, c.shared)
		}
	}
	// 60 tools whose names no word tells apart stay one listing rather than
	// splitting forever.
	var ops []*Op
	for range 60 {
		ops = append(ops, &Op{ID: "s.x", Tool: model.Tool{Name: "x"}})
	}
	index := map[string]*opGroup{}
	if g := splitGroup("s", "s", ops, index); len(g.subs) != 0 || len(index) != 1 {
		t.Fatalf("unsplittable group: %d subs", len(g.subs))
	}
}

// A help path of millions of dots costs its length once: finding the
// group it falls in never hashes every dot-prefix of it.
func TestHelpPrefixOfAHostilePathIsBounded(t *testing.T) {
	t.Parallel()
	g, err := New(fakeUpstreams{servers: []model.Server{githubLike()}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	r, servers := g.current(), g.up.Servers()
	for _, path := range []string{"github." + strings.Repeat("a.", 2<<20), strings.Repeat(".", 4<<20), "github.github_repos_" + strings.Repeat("x_", 2<<20)} {
		_, herr := g.help(context.Background(), r, servers, helpRequest{Path: path})
		if herr == nil || len(herr.Message) > 4096 {
			t.Fatalf("a %d-byte path: %v", len(path), herr)
		}
	}
}

package gateway

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/mcpclient"
)

// dbTools are the tool names of policyServer: a "/" and a "." inside the
// name, case and Unicode variants.
var dbTools = []string{"admin/drop_db", "admin.drop_db", "list", "Drop_DB", "dröp_db", "删除"}

// policyServer is an upstream whose tools have the names of dbTools.
func policyServer() *server.MCPServer {
	srv := server.NewMCPServer("db", "1", server.WithToolCapabilities(true))
	for _, name := range dbTools {
		srv.AddTool(mcp.NewTool(name), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText(`{"done":true}`), nil
		})
	}
	return srv
}

// policyHarness serves policyServer as "db" and as "DB" (another server).
func policyHarness(t *testing.T, mode Mode, p Policy) *harness {
	return newHarness(t, harnessConfig{noDemo: true, opts: Options{Mode: mode, Policy: p},
		upOpts: []mcpclient.Option{mcpclient.WithInProcess("db", policyServer()), mcpclient.WithInProcess("DB", policyServer())}})
}

var policyCases = []struct {
	name   string
	policy Policy
	denied []string // of the db and DB ops; the others are allowed
}{
	{"deny spans / and .", Policy{Deny: []string{"db.*"}},
		[]string{"db.admin/drop_db", "db.admin.drop_db", "db.list", "db.Drop_DB", "db.dröp_db", "db.删除"}},
	{"deny inside a name with /", Policy{Deny: []string{"*drop_db"}},
		[]string{"db.admin/drop_db", "db.admin.drop_db", "DB.admin/drop_db", "DB.admin.drop_db"}},
	{"deny is case-sensitive", Policy{Deny: []string{"DB.*", "*.Drop_DB"}},
		[]string{"DB.admin/drop_db", "DB.admin.drop_db", "DB.list", "DB.Drop_DB", "DB.dröp_db", "DB.删除", "db.Drop_DB"}},
	{"? is one character", Policy{Deny: []string{"db.dr?p_db", "db.??"}},
		[]string{"db.dröp_db", "db.删除"}},
	{"allow spans /", Policy{Allow: []string{"db.*"}},
		[]string{"DB.admin/drop_db", "DB.admin.drop_db", "DB.list", "DB.Drop_DB", "DB.dröp_db", "DB.删除"}},
	{"allow inside a name with /", Policy{Allow: []string{"db.admin/*", "DB.list"}},
		[]string{"db.admin.drop_db", "db.list", "db.Drop_DB", "db.dröp_db", "db.删除",
			"DB.admin/drop_db", "DB.admin.drop_db", "DB.Drop_DB", "DB.dröp_db", "DB.删除"}},
	{"escapes", Policy{Deny: []string{`db.admin\.*`}},
		[]string{"db.admin.drop_db"}},
}

func TestPolicyGlobsInProgressiveMode(t *testing.T) {
	t.Parallel()
	for _, c := range policyCases {
		t.Run(c.name, func(t *testing.T) {
			h := policyHarness(t, ModeProgressive, c.policy)
			for _, server := range []string{"db", "DB"} {
				for _, tool := range dbTools {
					op := server + "." + tool
					env := h.exec(op, nil)
					pol, _ := json.Marshal(h.help(op)["policy"])
					warned := strings.Contains(string(pol), "PERMISSION_DENIED")
					if slices.Contains(c.denied, op) {
						mustCode(t, env, CodePermissionDenied)
						if !warned {
							t.Errorf("%s: tool_help does not say it is denied: %s", op, pol)
						}
					} else {
						mustOK(t, env)
						if warned {
							t.Errorf("%s: tool_help says it is denied: %s", op, pol)
						}
					}
				}
			}
		})
	}
}

func TestPolicyGlobsInDirectMode(t *testing.T) {
	t.Parallel()
	for _, c := range policyCases {
		t.Run(c.name, func(t *testing.T) {
			h := policyHarness(t, ModeDirect, c.policy)
			listed := names(h.client.Tools("gw"))
			reg := h.g.Registry()
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			for _, server := range []string{"db", "DB"} {
				for _, tool := range dbTools {
					op, _ := reg.Op(server + "." + tool)
					denied := slices.Contains(c.denied, op.ID)
					if isListed := slices.Contains(listed, op.Direct); isListed == denied {
						t.Errorf("%s (%s): listed %t, denied %t", op.ID, op.Direct, isListed, denied)
					}
					res, err := h.client.CallTool(ctx, "gw", op.Direct, json.RawMessage(`{}`))
					if called := err == nil && !res.IsError; called == denied {
						t.Errorf("%s (%s): called %t, denied %t", op.ID, op.Direct, called, denied)
					}
				}
			}
		})
	}
}

func TestGlobMatch(t *testing.T) {
	t.Parallel()
	cases := []struct {
		glob, name string
		want       bool
	}{
		{"db.*", "db.admin/drop_db", true},
		{"db.*", "db.", true},
		{"db.*", "DB.drop", false},
		{"db.*", "dbx.drop", false},
		{"*", "", true},
		{"*", "a/b.c", true},
		{"*drop*", "db.admin/drop_db", true},
		{"*.list_*", "github.list_issues", true},
		{"*.list_*", "github.issues_list", false},
		{"db.?", "db.删", true},
		{"db.?", "db.删除", false},
		{"db.??", "db.删除", true},
		{"a*b*c", "aXbYbZc", true},
		{"a*b*c", "aXbYbZ", false},
		{`a\*`, "a*", true},
		{`a\*`, "ab", false},
		{`a\?`, "a?", true},
		{`a\?`, "ab", false},
		{`\[x]`, "[x]", true},
		{`a\\b`, `a\b`, true},
		{"db.dr?p_db", "db.dröp_db", true},
		{"ab", "abc", false},
		{"abc", "ab", false},
	}
	for _, c := range cases {
		if got := globMatch(c.glob, c.name); got != c.want {
			t.Errorf("globMatch(%q, %q) = %t", c.glob, c.name, got)
		}
	}
}

// TestGlobMatchAgreesWithARegexp checks the matcher against the regexp it
// stands for, on random globs and names over a small alphabet.
func TestGlobMatchAgreesWithARegexp(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 8))
	alphabet := []string{"a", "b", ".", "/", "é", "删"}
	pick := func(extra ...string) string {
		all := append(slices.Clone(alphabet), extra...)
		var b strings.Builder
		for range rng.IntN(8) {
			b.WriteString(all[rng.IntN(len(all))])
		}
		return b.String()
	}
	for range 20_000 {
		glob, name := pick("*", "?", "*", `\*`), pick()
		var re strings.Builder
		re.WriteString(`^(?s)`)
		for i := 0; i < len(glob); {
			r, w := utf8.DecodeRuneInString(glob[i:])
			switch {
			case r == '*':
				re.WriteString(".*")
			case r == '?':
				re.WriteString(".")
			case r == '\\':
				re.WriteString(`\*`)
				w++
			default:
				re.WriteString(regexp.QuoteMeta(string(r)))
			}
			i += w
		}
		re.WriteString("$")
		if want := regexp.MustCompile(re.String()).MatchString(name); globMatch(glob, name) != want {
			t.Fatalf("globMatch(%q, %q) = %t, the regexp %s says %t", glob, name, !want, re.String(), want)
		}
	}
}

func TestPolicyRefusesGlobsThatMatchNothingMeant(t *testing.T) {
	t.Parallel()
	for _, g := range []string{"", "db.[ab]*", "[", `db\`} {
		if err := (Policy{Deny: []string{g}}).validate(); err == nil {
			t.Errorf("%q is accepted", g)
		}
		if err := (Policy{Allow: []string{g}}).validate(); err == nil {
			t.Errorf("%q is accepted", g)
		}
	}
	for _, g := range []string{"*", "db.*", `db.\[x]`, `a\\`, "db.dr?p", "删*"} {
		if err := (Policy{Deny: []string{g}}).validate(); err != nil {
			t.Errorf("%q: %v", g, err)
		}
	}
}

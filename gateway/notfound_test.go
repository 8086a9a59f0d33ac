package gateway

import (
	"context"
	"encoding/json"
	"fmt"
	"mcpeek/internal/testkit"
	"strings"
	"testing"
	"unicode/utf8"

	"mcpeek/mcpclient"
	"mcpeek/model"
)

func TestClip(t *testing.T) {
	t.Parallel()
	if clip("short") != "short" || clip(strings.Repeat("a", maxEcho)) != strings.Repeat("a", maxEcho) {
		t.Error("a short name is echoed whole")
	}
	got := clip(strings.Repeat("é", 150))
	if !utf8.ValidString(got) || !strings.HasSuffix(got, "…(300 bytes)") || len(got) > maxEcho+len("…(300 bytes)") {
		t.Errorf("%q", got)
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

// BenchmarkUnknownOp is tool_exec of an op that does not exist on a
// 1,200-op registry: "answer" is the whole call inside mcp-go (decoding the
// request, NOT_FOUND with its suggestions, the envelope, the event), and
// "decode" the same request sent to a tool that does not exist, which
// mcp-go decodes and refuses without calling the gateway: the floor of any
// answer to that body. The suggestion search alone is BenchmarkClosest in
// internal/similar.
func BenchmarkUnknownOp(b *testing.B) {
	g := bench1200(b)
	ctx := context.Background()
	for _, size := range testkit.UnknownSizes {
		name := testkit.UnknownName(size.N)
		req, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/call",
			"params": map[string]any{"name": "tool_exec", "arguments": map[string]any{"op": name}}})
		b.Run("answer/"+size.Name, func(b *testing.B) {
			res, _ := json.Marshal(g.MCPServer().HandleMessage(ctx, req))
			if !strings.Contains(string(res), "NOT_FOUND") || len(res) > 8<<10 {
				b.Fatalf("%d bytes: %.300s", len(res), res)
			}
			for b.Loop() {
				g.MCPServer().HandleMessage(ctx, req)
			}
			b.ReportMetric(float64(len(res)), "reply-bytes")
		})
		floor := strings.Replace(string(req), `"name":"tool_exec"`, `"name":"no_such_tool"`, 1)
		b.Run("decode/"+size.Name, func(b *testing.B) {
			for b.Loop() {
				g.MCPServer().HandleMessage(ctx, json.RawMessage(floor))
			}
		})
	}
}

package gateway

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/summarizer/schemadiff"
)

// dottedServer is a server whose tools answer {"from": "<server>/<tool>"}.
func dottedServer(name string, tools ...string) *server.MCPServer {
	srv := server.NewMCPServer(name, "1", server.WithToolCapabilities(true))
	for _, tool := range tools {
		from := name + "/" + tool
		srv.AddTool(mcp.Tool{Name: tool, Description: "Says who it is.", RawInputSchema: json.RawMessage(`{"type":"object"}`),
			RawOutputSchema: json.RawMessage(`{"type":"object","properties":{"from":{"type":"string"}}}`)},
			func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return mcp.NewToolResultStructured(map[string]any{"from": from}, from), nil
			})
	}
	return srv
}

// TestDottedNamesStayApart: server "a.b"'s tool "c.d" and server "a"'s
// tool "b.c.d" are two ops, though their wire ids read alike: the id
// names the one of the longer server name, each is reached by its direct
// name, and an id only one of them could be ("a.b.x") reaches that one.
func TestDottedNamesStayApart(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{noDemo: true, upOpts: []mcpclient.Option{
		mcpclient.WithInProcess("a.b", dottedServer("a.b", "c.d")),
		mcpclient.WithInProcess("a", dottedServer("a", "b.c.d", "b.x")),
	}})
	r := h.g.Registry()
	ab, a := model.ToolID{Server: "a.b", Tool: "c.d"}, model.ToolID{Server: "a", Tool: "b.c.d"}
	for _, id := range []model.ToolID{ab, a, {Server: "a", Tool: "b.x"}} {
		op := r.ops[id]
		if op == nil {
			t.Fatalf("no op for %#v", id)
		}
		if got := r.opNamed(op.Direct); got != op {
			t.Errorf("direct name %s names %v, want %#v", op.Direct, got, id)
		}
		if got := h.help(op.Direct); got["op"] != op.ID {
			t.Errorf("tool_help(%s) = %v", op.Direct, got)
		}
	}
	from := func(op string) string {
		env := h.exec(op, map[string]any{})
		var res struct {
			From string `json:"from"`
		}
		if !env.OK || json.Unmarshal(env.Result, &res) != nil {
			t.Fatalf("tool_exec(%s): %+v", op, env)
		}
		return res.From
	}
	if got := from("a.b.c.d"); got != "a.b/c.d" {
		t.Errorf("a.b.c.d ran %s, want the longer server's a.b/c.d", got)
	}
	if got := from("a.b.x"); got != "a/b.x" {
		t.Errorf("a.b.x ran %s, want a/b.x", got)
	}
}

// TestLockKeepsDottedNamesApart: a lock holding both tools whose ids read
// alike judges each against its own locked definition.
func TestLockKeepsDottedNamesApart(t *testing.T) {
	t.Parallel()
	tool := func(server, name, desc string) model.Tool {
		raw := `{"name":"` + name + `","description":"` + desc + `","inputSchema":{"type":"object"}}`
		return model.Tool{Server: server, Name: name, Description: desc, InputSchema: json.RawMessage(`{"type":"object"}`), Raw: json.RawMessage(raw)}
	}
	servers := []model.Server{
		{Name: "a", State: model.StateConnected, Tools: []model.Tool{tool("a", "b.c.d", "One.")}},
		{Name: "a.b", State: model.StateConnected, Tools: []model.Tool{tool("a.b", "c.d", "Two.")}},
	}
	b, err := schemadiff.FromServers(servers).Encode()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "mcpeek.lock.json")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	p, err := readPinning(path, LockExact)
	if err != nil {
		t.Fatal(err)
	}
	served, held, removed := p.pin(servers)
	if len(held) != 0 || len(removed) != 0 || len(served) != 2 || len(served[0].Tools)+len(served[1].Tools) != 2 {
		t.Fatalf("the lock's own tools: held %v, removed %v", held, removed)
	}
	changed := []model.Server{servers[0], {Name: "a.b", State: model.StateConnected, Tools: []model.Tool{tool("a.b", "c.d", "Changed.")}}}
	_, held, _ = p.pin(changed)
	if len(held) != 1 || held[model.ToolID{Server: "a.b", Tool: "c.d"}] == nil {
		t.Errorf("held %v, want a.b's c.d alone", held)
	}
}

package gateway

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/summarizer"
)

func TestDirectModeListsEveryToolWithRawSchemas(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{opts: Options{Mode: ModeDirect}})
	tools := h.client.Tools("gw")
	if len(tools) < 3 || tools[0].Name != "inspect_tool_output" || tools[1].Name != "inspect_tool" {
		t.Fatalf("the inspectors come first: %v", names(tools))
	}
	byName := map[string]model.Tool{}
	for _, tool := range tools {
		byName[tool.Name] = tool
		if len(tool.Name) > maxToolName {
			t.Errorf("%s is longer than %d", tool.Name, maxToolName)
		}
	}
	count := 2
	for _, srv := range []string{"demo", "test"} {
		for _, up := range h.up.Tools(srv) {
			count++
			got, ok := byName[srv+"__"+up.Name]
			if !ok {
				t.Fatalf("%s.%s is not listed: %v", srv, up.Name, names(tools))
			}
			if string(got.InputSchema) != string(up.InputSchema) || string(got.OutputSchema) != string(up.OutputSchema) {
				t.Errorf("%s: schemas changed:\n%s\n%s", got.Name, got.InputSchema, up.InputSchema)
			}
			if got.Description != up.Description || got.Title != up.Title {
				t.Errorf("%s: description or title changed", got.Name)
			}
		}
	}
	if len(tools) != count {
		t.Fatalf("%d tools, want %d (no search_tools, no tool_help)", len(tools), count)
	}
	srv, _ := h.client.Server("gw")
	if !strings.Contains(srv.Instructions, "inspect_tool_output(tool_id, field_path)") {
		t.Errorf("instructions: %s", srv.Instructions)
	}
}

func TestDirectModePassesResultsThrough(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{opts: Options{Mode: ModeDirect}})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	args := json.RawMessage(`{"order_id":"1"}`)
	direct, err := h.up.CallTool(ctx, "demo", "shop_get_order", args)
	if err != nil {
		t.Fatal(err)
	}
	via := h.callRaw("demo__shop_get_order", json.RawMessage(args))
	if string(via.StructuredContent) != string(direct.StructuredContent) || !jsonEqual(via.Raw, direct.Raw) {
		t.Fatalf("the result changed on the way:\n%.300s\n%.300s", via.Raw, direct.Raw)
	}
	bad := h.callRaw("test__get_item", map[string]any{"id": "NOT OK"})
	if !bad.IsError || !strings.Contains(bad.Text, `"VALIDATION_ERROR"`) || !strings.Contains(bad.Text, `"/id"`) {
		t.Fatalf("arguments are checked: %s", bad.Raw)
	}
	fails := h.callRaw("test__fails", nil)
	if !fails.IsError || fails.Text != "boom: no such thing\nsecond line" {
		t.Fatalf("an upstream error passes through: %s", fails.Raw)
	}
}

func TestDirectModeInspectors(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{opts: Options{Mode: ModeDirect}})
	res := h.callRaw("inspect_tool", map[string]any{"tool_name": "demo__util_echo"})
	up := findUpstreamTool(t, h, "demo", "util_echo")
	var info map[string]json.RawMessage
	json.Unmarshal([]byte(res.Text), &info)
	if res.IsError || string(info["name"]) != `"demo.util_echo"` || !jsonEqual(info["inputSchema"], up.InputSchema) {
		t.Fatalf("%s", res.Text)
	}
	res = h.callRaw("inspect_tool", map[string]any{"tool_name": "nope"})
	if !res.IsError || res.Text != "[Tool not found] 'nope' is not available" {
		t.Fatalf("%s", res.Raw)
	}
	res = h.callRaw("inspect_tool_output", map[string]any{"tool_id": "demo.shop_get_order", "field_path": "customer"})
	var in summarizer.Inspection
	if json.Unmarshal([]byte(res.Text), &in); res.IsError || in.FieldPath != "customer" || len(in.Children) == 0 {
		t.Fatalf("%s", res.Text)
	}
}

func TestDirectModeRelistsOnListChanged(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{opts: Options{Mode: ModeDirect}})
	if res := h.callRaw("test__grow", nil); res.IsError {
		t.Fatal(res.Text)
	}
	eventually(t, "the upstream's new tool", func() bool {
		for _, tool := range h.up.Tools("test") {
			if tool.Name == "grown" {
				return true
			}
		}
		return false
	})
	h.g.Refresh()
	eventually(t, "the client to see test__grown", func() bool {
		for _, tool := range h.client.Tools("gw") {
			if tool.Name == "test__grown" {
				return true
			}
		}
		return false
	})
}

func TestDirectModeHidesDeniedTools(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{opts: Options{Mode: ModeDirect, Policy: Policy{ReadOnly: true, Deny: []string{"demo.shop_*"}}}})
	for _, tool := range h.client.Tools("gw") {
		if tool.Name == "test__delete_item" || strings.HasPrefix(tool.Name, "demo__shop_") {
			t.Errorf("%s is denied but listed", tool.Name)
		}
	}
}

func TestDirectNames(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("x", 70)
	ops := []*Op{
		{ID: "a.b", Server: "a", Tool: model.Tool{Name: "b"}},
		{ID: "srv.tool.with/odd chars", Server: "srv", Tool: model.Tool{Name: "tool.with/odd chars"}},
		{ID: "srv." + long, Server: "srv", Tool: model.Tool{Name: long}},
		{ID: "x.y__z", Server: "x", Tool: model.Tool{Name: "y__z"}},
		{ID: "x__y.z", Server: "x__y", Tool: model.Tool{Name: "z"}},
		{ID: "toolbox.inspect_tool", Server: ToolboxGroup, Tool: model.Tool{Name: "inspect_tool"}},
	}
	assignDirectNames(ops)
	seen := map[string]bool{}
	for _, op := range ops {
		if len(op.Direct) > maxToolName || seen[op.Direct] {
			t.Errorf("%s -> %q", op.ID, op.Direct)
		}
		seen[op.Direct] = true
	}
	if ops[0].Direct != "a__b" || ops[1].Direct != "srv__tool_with_odd_chars" || ops[5].Direct != "inspect_tool" {
		t.Errorf("plain names: %q %q %q", ops[0].Direct, ops[1].Direct, ops[5].Direct)
	}
	if !strings.HasPrefix(ops[2].Direct, "srv__xxx") || len(ops[2].Direct) != maxToolName {
		t.Errorf("long: %q", ops[2].Direct)
	}
	if !strings.HasPrefix(ops[3].Direct, "x__y__z_") || !strings.HasPrefix(ops[4].Direct, "x__y__z_") {
		t.Errorf("both colliding ops are disambiguated: %q %q", ops[3].Direct, ops[4].Direct)
	}
	// Deterministic: the same ops in another order get the same names.
	again := []*Op{
		{ID: ops[4].ID, Server: ops[4].Server, Tool: ops[4].Tool},
		{ID: ops[3].ID, Server: ops[3].Server, Tool: ops[3].Tool},
	}
	assignDirectNames(again)
	if again[0].Direct != ops[4].Direct || again[1].Direct != ops[3].Direct {
		t.Error("names depend on order")
	}
}

func names(tools []model.Tool) []string {
	var out []string
	for _, t := range tools {
		out = append(out, t.Name)
	}
	return out
}

// TestDirectModePassesBlocksAsTheyCame: an upstream's content blocks reach
// the client byte for byte, in their own key order and with what mcp-go
// does not know (a block type newer than it, a member it has no field
// for), as does the result's structuredContent, and its _meta keeps its
// members; a block that is not an object is the upstream answering badly.
func TestDirectModePassesBlocksAsTheyCame(t *testing.T) {
	t.Parallel()
	tool := model.Tool{Server: "u", Name: "t", InputSchema: json.RawMessage(`{"type":"object"}`), Raw: json.RawMessage(`{"name":"t","inputSchema":{"type":"object"}}`)}
	blocks := `[{"text":"hi","type":"text","x-extra":{"b":1,"a":2}},{"type":"hologram","frames":3}]`
	raw := `{"_meta":{"trace":"t1"},"content":` + blocks + `,"structuredContent":{"z":1,"a":[1,2]}}`
	for _, c := range []struct {
		name, raw, want string
		isError         bool
	}{
		{"as they came", raw, raw, false},
		{"not an object", `{"content":["just text"]}`, "answered badly", true},
	} {
		up := fakeUpstreams{
			servers: []model.Server{{Name: "u", State: model.StateConnected, Tools: []model.Tool{tool}}},
			result:  &mcpclient.CallResult{Raw: json.RawMessage(c.raw)},
		}
		if fields, err := members(c.raw); err == nil {
			up.result.StructuredContent = fields["structuredContent"]
		}
		g, err := New(up, Options{Mode: ModeDirect})
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		g.MCPServer().HandleMessage(ctx, json.RawMessage(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`))
		out, _ := json.Marshal(g.MCPServer().HandleMessage(ctx, json.RawMessage(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"u__t","arguments":{}}}`)))
		g.Close()
		var resp struct {
			Result json.RawMessage `json:"result"`
		}
		if err := json.Unmarshal(out, &resp); err != nil {
			t.Fatalf("%s: %s", c.name, out)
		}
		got, _ := members(string(resp.Result))
		if c.isError {
			if string(got["isError"]) != "true" || !strings.Contains(string(resp.Result), c.want) {
				t.Errorf("%s: %s", c.name, resp.Result)
			}
			continue
		}
		want, _ := members(c.want)
		for _, k := range []string{"_meta", "content", "structuredContent"} {
			if string(got[k]) != string(want[k]) {
				t.Errorf("%s: %s changed on the way:\n got %s\nwant %s", c.name, k, got[k], want[k])
			}
		}
	}
}

// members reads a result object's members as they are.
func members(raw string) (map[string]json.RawMessage, error) {
	var m map[string]json.RawMessage
	err := json.Unmarshal([]byte(raw), &m)
	return m, err
}

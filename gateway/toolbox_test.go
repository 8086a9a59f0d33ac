package gateway

import (
	"encoding/json"
	"strings"
	"testing"

	"mcpeek/model"
	"mcpeek/summarizer"
)

func TestToolboxInspectToolOutput(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	env := h.exec("toolbox.inspect_tool_output", map[string]any{"tool_id": "demo.shop_get_order", "field_path": "line_items[0]"})
	mustOK(t, env)
	var in summarizer.Inspection
	json.Unmarshal(env.Result, &in)
	if in.ToolID != "demo.shop_get_order" || in.FieldPath != "line_items[]" || in.NodeType != "object" || len(in.Children) == 0 {
		t.Fatalf("%s", env.Result)
	}
	// It is the summarizer's answer, with the documented defaults
	// (docs/gateway.md: max_depth 4, max_fields 120).
	up := findUpstreamTool(t, h, "demo", "shop_get_order")
	s, _ := model.ParseSchema(up.OutputSchema)
	want, _ := summarizer.Inspect(s, "line_items[0]", summarizer.Options{MaxDepth: 4, MaxFields: 120})
	want.ToolID = "demo.shop_get_order"
	wb, _ := json.Marshal(want)
	if !jsonEqual(env.Result, wb) {
		t.Fatalf("got %s\nwant %s", env.Result, wb)
	}
	small := h.exec("toolbox.inspect_tool_output", map[string]any{"tool_id": "demo.shop_get_order", "max_fields": 3})
	json.Unmarshal(small.Result, &in)
	if len(in.FlattenedFields) != 3 || !in.Truncated {
		t.Fatalf("max_fields: %s", small.Result)
	}

	bad := h.exec("toolbox.inspect_tool_output", map[string]any{"tool_id": "demo.shop_get_order", "field_path": "line_items[].pricee"})
	mustCode(t, bad, CodeNotFound)
	if !strings.Contains(bad.Error.Message, `"line_items[]" has children`) || *bad.Error.HelpPath != "demo.shop_get_order" {
		t.Fatalf("%+v", bad.Error)
	}
	unknown := h.exec("toolbox.inspect_tool_output", map[string]any{"tool_id": "demo.nope"})
	mustCode(t, unknown, CodeNotFound)
	if !strings.HasPrefix(unknown.Error.Message, "[Tool not found] 'demo.nope' is not available") {
		t.Fatalf("%q", unknown.Error.Message)
	}
	none := h.exec("toolbox.inspect_tool_output", map[string]any{"tool_id": "test.text_plain"})
	mustCode(t, none, CodeNotFound)
	if !strings.Contains(none.Error.Message, "no output schema") {
		t.Fatalf("%q", none.Error.Message)
	}
	mustCode(t, h.exec("toolbox.inspect_tool_output", map[string]any{"field_path": "x"}), CodeValidation)
}

// TestToolboxInspectToolIsTheDefinition: inspect_tool answers the tool's
// name, description and schemas byte for byte, as docs/gateway.md says.
func TestToolboxInspectToolIsTheDefinition(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	env := h.exec("toolbox.inspect_tool", map[string]any{"tool_name": "test.get_item"})
	mustOK(t, env)
	up := findUpstreamTool(t, h, "test", "get_item")
	want := `{"name":"test.get_item","description":"Get one item. Reads it from the store.","inputSchema":` + string(up.InputSchema) + `,"outputSchema":` + string(up.OutputSchema) + `}`
	if string(env.Result) != want {
		t.Fatalf("got  %s\nwant %s", env.Result, want)
	}
	env = h.exec("toolbox.inspect_tool", map[string]any{"tool_name": "test.text_plain"})
	var info map[string]any
	json.Unmarshal(env.Result, &info)
	if v, ok := info["outputSchema"]; !ok || v != nil || info["note"] != summarizer.NoOutputSchemaNote {
		t.Fatalf("%s", env.Result)
	}
	env = h.exec("toolbox.inspect_tool", map[string]any{"tool_name": "mcp__nonexistent__foo"})
	mustCode(t, env, CodeNotFound)
	if env.Error.Message != "[Tool not found] 'mcp__nonexistent__foo' is not available" {
		t.Fatalf("%q", env.Error.Message)
	}
}

func TestToolboxSearchTools(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	env := h.exec("toolbox.search_tools", map[string]any{"query": "order"})
	mustOK(t, env)
	var ans struct {
		Results []summarizer.Descriptor `json:"results"`
		Hint    string                  `json:"hint"`
	}
	json.Unmarshal(env.Result, &ans)
	if len(ans.Results) == 0 || len(ans.Results) > 8 || !strings.Contains(ans.Results[0].ToolID, "order") {
		t.Fatalf("%s", env.Result)
	}
	if ans.Results[0].Signature == "" || ans.Results[0].OutputFields == nil {
		t.Fatalf("results are planner descriptors: %+v", ans.Results[0])
	}
	env = h.exec("toolbox.search_tools", map[string]any{"query": "post a chat message", "limit": 2})
	json.Unmarshal(env.Result, &ans)
	if len(ans.Results) == 0 || ans.Results[0].ToolID != "demo.chat_post_message" || len(ans.Results) > 2 {
		t.Fatalf("%s", env.Result)
	}
	// Parameter names count.
	env = h.exec("toolbox.search_tools", map[string]any{"query": "thread_ts"})
	json.Unmarshal(env.Result, &ans)
	if len(ans.Results) == 0 || ans.Results[0].ToolID != "demo.chat_post_message" {
		t.Fatalf("%s", env.Result)
	}
	env = h.exec("toolbox.search_tools", map[string]any{"query": "zzqx"})
	mustOK(t, env)
	json.Unmarshal(env.Result, &ans)
	if len(ans.Results) != 0 || ans.Hint == "" {
		t.Fatalf("no match: %s", env.Result)
	}
	if !strings.Contains(string(env.Result), `"results":[]`) {
		t.Fatalf("an empty list, not null: %s", env.Result)
	}
}

func TestToolboxIsAGroup(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	g := h.help("toolbox")
	if len(g["ops"].([]any)) != 3 {
		t.Fatalf("%v", g)
	}
	op := h.help("toolbox.inspect_tool_output")
	b, _ := json.Marshal(op["usage"])
	if string(b) != `{"args":{"tool_id":"\u003cstring\u003e"},"op":"toolbox.inspect_tool_output"}` {
		t.Fatalf("%s", b)
	}
}

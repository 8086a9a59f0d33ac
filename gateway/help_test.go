package gateway

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func TestProgressiveListsExactlyThreeTools(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	var names []string
	for _, tool := range h.client.Tools("gw") {
		names = append(names, tool.Name)
	}
	if !slices.Equal(names, []string{"tool_help", "tool_exec", "tool_batch"}) {
		t.Fatalf("tools/list = %v", names)
	}
	srv, _ := h.client.Server("gw")
	for _, want := range []string{`tool_help("")`, "help_path", "toolbox.inspect_tool_output", "Handling Large Outputs", "Do not guess paths"} {
		if !strings.Contains(srv.Instructions, want) {
			t.Errorf("instructions lack %q", want)
		}
	}
}

func TestHelpRootListsGroupsWithHealth(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	root := h.help("")
	if !isVersion(root["registry_version"].(string)) {
		t.Fatalf("registry_version %v", root["registry_version"])
	}
	groups := root["groups"].([]any)
	var names []string
	for _, g := range groups {
		g := g.(map[string]any)
		names = append(names, g["group"].(string))
		if g["health"] != "ok" || g["summary"] == "" || g["ops"].(float64) == 0 {
			t.Errorf("group %v", g)
		}
	}
	if !slices.Equal(names, []string{"demo", "test", "toolbox"}) {
		t.Fatalf("groups %v", names)
	}
	if again := h.help("root"); again["registry_version"] != root["registry_version"] || len(again["groups"].([]any)) != 3 {
		t.Fatalf(`"root" must answer like "": %v`, again)
	}
}

func TestHelpGroupListsOpsWithKind(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	g := h.help("test")
	kinds := map[string]string{}
	for _, op := range g["ops"].([]any) {
		op := op.(map[string]any)
		kinds[op["op"].(string)] = op["kind"].(string)
	}
	if kinds["test.get_item"] != "read" || kinds["test.delete_item"] != "write" {
		t.Fatalf("kinds %v", kinds)
	}
	if g["summary"] != "A test server." {
		t.Errorf("summary %q", g["summary"])
	}
}

func TestHelpOpHasEverything(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	op := h.help("test.get_item")
	for _, key := range []string{"op", "summary", "usage", "args", "notes", "examples", "policy", "output_fields", "has_hidden_fields", "registry_version"} {
		if _, ok := op[key]; !ok {
			t.Errorf("op help lacks %q", key)
		}
	}
	if _, ok := op["inputSchema"]; ok {
		t.Error("schemas only with include_schemas")
	}
	if op["summary"] != "Get one item." || op["kind"] != "read" {
		t.Errorf("summary %q kind %q", op["summary"], op["kind"])
	}
	b, _ := json.Marshal(op["usage"])
	if string(b) != `{"args":{"id":"\u003cstring\u003e"},"op":"test.get_item"}` {
		t.Errorf("usage %s", b)
	}
	b, _ = json.Marshal(op["examples"])
	if string(b) != `[{"args":{"id":"abc1"},"op":"test.get_item"}]` {
		t.Errorf("examples %s", b)
	}
	args := op["args"].([]any)
	first, second := args[0].(map[string]any), args[1].(map[string]any)
	if first["name"] != "id" || first["required"] != true || first["type"] != "string" || first["description"] != "The item's id." {
		t.Errorf("arg 0 %v", first)
	}
	if second["name"] != "limit" || second["required"] != false || second["default"] != 10.0 {
		t.Errorf("arg 1 %v", second)
	}
	if tags := args[3].(map[string]any); tags["type"] != "object[]" {
		t.Errorf("arg 3 %v", tags)
	}
	b, _ = json.Marshal(op["output_fields"])
	if string(b) != `["id: string","args: object (unknown keys; inspect_tool_output(..., field_path=\"args\"))"]` {
		t.Errorf("output_fields %s", b)
	}
	pol := op["policy"].(map[string]any)
	if len(pol["do"].([]any)) == 0 || pol["dont"] == nil || pol["edge_cases"] == nil {
		t.Errorf("policy %v", pol)
	}

	// Descriptions are text: HTML dropped, entities decoded, <code> as
	// backticks, paragraphs as blank lines; the one-line summary ends at the
	// first sentence.
	doc := h.help("test.html_doc", map[string]any{"format": "full"})
	if doc["summary"] != "Retrieves the details of a charge." {
		t.Errorf("html summary %q", doc["summary"])
	}
	if want := "Retrieves the details of a charge. Supply the `id`.\n\nReturns <nothing> else."; doc["description"] != want {
		t.Errorf("html description %q, want %q", doc["description"], want)
	}
	if arg := doc["args"].([]any)[0].(map[string]any); arg["description"] != "The charge's `id`." {
		t.Errorf("html arg description %q", arg["description"])
	}

	full := h.help("test.get_item", map[string]any{"format": "full", "include_schemas": true, "include_examples": false})
	if full["description"] != "Get one item. Reads it from the store." {
		t.Errorf("full description %v", full["description"])
	}
	if _, ok := full["examples"]; ok {
		t.Error("include_examples false still lists examples")
	}
	// The raw schemas are the upstream's bytes.
	var raw struct {
		InputSchema  json.RawMessage `json:"inputSchema"`
		OutputSchema json.RawMessage `json:"outputSchema"`
	}
	_, body := h.call("tool_help", map[string]any{"path": "test.get_item", "include_schemas": true})
	json.Unmarshal(body, &raw)
	up := findUpstreamTool(t, h, "test", "get_item")
	if string(raw.InputSchema) != string(up.InputSchema) || string(raw.OutputSchema) != string(up.OutputSchema) {
		t.Errorf("schemas differ from the upstream's:\n%s\n%s", raw.InputSchema, up.InputSchema)
	}
}

func TestHelpFoldedOutputTellsHowToInspect(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	op := h.help("demo.shop_get_order")
	if op["has_hidden_fields"] != true {
		t.Fatal("the shop order schema is folded")
	}
	notes, _ := json.Marshal(op["notes"])
	if !strings.Contains(string(notes), `toolbox.inspect_tool_output`) {
		t.Errorf("notes %s", notes)
	}
	pol, _ := json.Marshal(h.help("demo.chat_post_message")["policy"])
	if !strings.Contains(string(pol), "idempotency_key") || !strings.Contains(string(pol), "outside the server") {
		t.Errorf("a non-idempotent open-world op's policy: %s", pol)
	}
}

func TestHelpUnknownPathIsNotFoundWithPrefixAndSuggestions(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	cases := []struct {
		path, helpPath, near string
	}{
		{"tset", "", "test"},
		{"test.get_iem", "test", "test.get_item"},
		{"demo.shop_get_ordr", "demo", "demo.shop_get_order"},
		{"nothing.like.it", "", ""},
	}
	for _, c := range cases {
		env, _ := h.call("tool_help", map[string]any{"path": c.path})
		mustCode(t, env, CodeNotFound)
		if *env.Error.HelpPath != c.helpPath {
			t.Errorf("%s: help_path %q, want %q", c.path, *env.Error.HelpPath, c.helpPath)
		}
		near, _ := env.Error.Details["did_you_mean"].([]any)
		if c.near != "" && (len(near) == 0 || near[0] != c.near) {
			t.Errorf("%s: did_you_mean %v, want %s first", c.path, near, c.near)
		}
		if c.near != "" && !strings.Contains(env.Error.Message, c.near) {
			t.Errorf("%s: message %q", c.path, env.Error.Message)
		}
	}
}

func TestHelpAnswersAreCached(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	before := h.g.HelpCacheHits()
	a := h.help("test.get_item")
	b := h.help("test.get_item")
	if h.g.HelpCacheHits() != before+1 {
		t.Fatalf("cache hits %d -> %d", before, h.g.HelpCacheHits())
	}
	if a["registry_version"] != b["registry_version"] {
		t.Fatal("same registry, same version")
	}
	h.help("test.get_item", map[string]any{"format": "full"})
	if h.g.HelpCacheHits() != before+1 {
		t.Fatal("another format is another cache entry")
	}
}

func TestLargeGroupsSplitIntoSubGroups(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{bigServer: true})
	g := h.help("big")
	subs := g["subgroups"].([]any)
	if len(subs) != 3 || g["ops"] != nil {
		t.Fatalf("big: %v", g)
	}
	first := subs[0].(map[string]any)
	if first["path"] != "big.issues" || first["ops"] != 20.0 {
		t.Fatalf("sub-group %v", first)
	}
	sub := h.help("big.issues")
	ops := sub["ops"].([]any)
	if len(ops) != 20 || ops[0].(map[string]any)["op"] != "big.issues_op00" {
		t.Fatalf("big.issues: %v", sub)
	}
	// Op ids do not change with sub-grouping.
	if op := h.help("big.pulls_op01"); op["op"] != "big.pulls_op01" {
		t.Fatalf("op %v", op)
	}
	env, _ := h.call("tool_help", map[string]any{"path": "big.issues_op99"})
	mustCode(t, env, CodeNotFound)
	if *env.Error.HelpPath != "big.issues" {
		t.Errorf("help_path %q", *env.Error.HelpPath)
	}
}

func findUpstreamTool(t *testing.T, h *harness, server, name string) struct{ InputSchema, OutputSchema, Raw json.RawMessage } {
	t.Helper()
	for _, tool := range h.up.Tools(server) {
		if tool.Name == name {
			return struct{ InputSchema, OutputSchema, Raw json.RawMessage }{tool.InputSchema, tool.OutputSchema, tool.Raw}
		}
	}
	t.Fatalf("no upstream tool %s.%s", server, name)
	return struct{ InputSchema, OutputSchema, Raw json.RawMessage }{}
}

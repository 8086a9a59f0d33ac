package assets

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// demoTool is the part of a tool definition the tests read. The schemas stay
// raw: they are compiled by the validator, and walked by walkPaths.
type demoTool struct {
	Name         string          `json:"name"`
	Title        string          `json:"title"`
	Description  string          `json:"description"`
	InputSchema  json.RawMessage `json:"inputSchema"`
	OutputSchema json.RawMessage `json:"outputSchema"`
	Annotations  json.RawMessage `json:"annotations"`
}

func loadTools(t *testing.T) []demoTool {
	t.Helper()
	var tools []demoTool
	dec := json.NewDecoder(bytes.NewReader(DemoTools()))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&tools); err != nil {
		t.Fatalf("tools.json: %v", err)
	}
	if len(tools) == 0 {
		t.Fatal("tools.json lists no tools")
	}
	return tools
}

func hasSchema(raw json.RawMessage) bool {
	s := strings.TrimSpace(string(raw))
	return s != "" && s != "null"
}

var toolNameRE = regexp.MustCompile(`^[a-z]+_[a-z0-9_]+$`)

func TestToolsJSON(t *testing.T) {
	tools := loadTools(t)
	seen := map[string]bool{}
	for _, tool := range tools {
		if !toolNameRE.MatchString(tool.Name) {
			t.Errorf("tool name %q is not a domain-prefixed snake_case name", tool.Name)
		}
		if seen[tool.Name] {
			t.Errorf("tool name %q is listed twice", tool.Name)
		}
		seen[tool.Name] = true
		if tool.Title == "" || tool.Description == "" {
			t.Errorf("%s: title and description are required", tool.Name)
		}
		if !hasSchema(tool.InputSchema) {
			t.Errorf("%s: no inputSchema", tool.Name)
			continue
		}
		var in struct {
			Type       string                     `json:"type"`
			Properties map[string]json.RawMessage `json:"properties"`
			Required   []string                   `json:"required"`
		}
		if err := json.Unmarshal(tool.InputSchema, &in); err != nil {
			t.Errorf("%s: inputSchema: %v", tool.Name, err)
			continue
		}
		if in.Type != "object" || len(in.Properties) == 0 {
			t.Errorf("%s: inputSchema must be an object schema with properties", tool.Name)
		}
		for _, r := range in.Required {
			if _, ok := in.Properties[r]; !ok {
				t.Errorf("%s: inputSchema requires undeclared %q", tool.Name, r)
			}
		}
		if _, ok := DemoResult(tool.Name); !ok {
			t.Errorf("%s: no demo/results/%s.json", tool.Name, tool.Name)
		}
	}

	// No orphan result files.
	entries, err := fs.ReadDir(demoFS, "demo/results")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name := strings.TrimSuffix(e.Name(), ".json")
		if !seen[name] {
			t.Errorf("demo/results/%s has no tool in tools.json", e.Name())
		}
	}

	// The catalogue covers the shapes the front ends must handle.
	byName := map[string]demoTool{}
	for _, tool := range tools {
		byName[tool.Name] = tool
	}
	for _, want := range []string{
		"shop_get_order", "shop_list_orders", "shop_get_product", "shop_list_customers",
		"docs_get_document", "mail_search_threads", "mail_get_thread", "chat_list_channels",
		"chat_post_message", "crm_get_contact_flat", "util_echo", "analytics_timeseries",
	} {
		if _, ok := byName[want]; !ok {
			t.Errorf("tool %s is missing", want)
		}
	}
	if hasSchema(byName["util_echo"].OutputSchema) {
		t.Error("util_echo must have no outputSchema")
	}
	if typ := rootType(t, byName["analytics_timeseries"].OutputSchema); typ != "array" {
		t.Errorf("analytics_timeseries outputSchema root type = %q, want array", typ)
	}
	for _, name := range []string{"mail_search_threads", "mail_get_thread", "chat_list_channels", "chat_post_message"} {
		keys := propertyNames(t, byName[name].OutputSchema)
		if strings.Join(keys, ",") != "successful,data,error" {
			t.Errorf("%s: envelope properties = %v, want successful,data,error", name, keys)
		}
	}
	crm := byName["crm_get_contact_flat"].OutputSchema
	var flat struct {
		Properties map[string]map[string]any `json:"properties"`
	}
	if err := json.Unmarshal(crm, &flat); err != nil {
		t.Fatal(err)
	}
	if len(flat.Properties) < 100 {
		t.Errorf("crm_get_contact_flat has %d top-level fields, want 100+", len(flat.Properties))
	}
	for name, p := range flat.Properties {
		if _, ok := p["properties"]; ok {
			t.Errorf("crm_get_contact_flat.%s is not a leaf", name)
		}
		if _, ok := p["items"]; ok {
			t.Errorf("crm_get_contact_flat.%s is not a leaf", name)
		}
	}
}

func rootType(t *testing.T, raw json.RawMessage) string {
	t.Helper()
	var s struct {
		Type any `json:"type"`
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatal(err)
	}
	typ, _ := s.Type.(string)
	return typ
}

// propertyNames returns the root's property names in declaration order.
func propertyNames(t *testing.T, raw json.RawMessage) []string {
	t.Helper()
	var s struct {
		Properties json.RawMessage `json:"properties"`
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(s.Properties))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("properties is not an object: %v", err)
	}
	var names []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return names
}

// compile compiles a schema document with draft 2020-12 as the default,
// asserting formats. A shorthand schema (Python decorator style) is converted first.
func compile(t *testing.T, name string, raw []byte) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if isShorthand(doc) {
		doc = fromShorthand(t, doc)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	url := "mem:///" + name + ".json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		t.Fatalf("%s: compile: %v", name, err)
	}
	return sch
}

var schemaKeywords = []string{"type", "properties", "$ref", "$defs", "definitions", "items",
	"anyOf", "oneOf", "allOf", "enum", "const", "additionalProperties", "$schema"}

// isShorthand reports whether doc is a shorthand schema: an object with no
// JSON Schema keyword whose values are type names or nested such objects.
func isShorthand(doc any) bool {
	m, ok := doc.(map[string]any)
	if !ok || len(m) == 0 {
		return false
	}
	for _, k := range schemaKeywords {
		if _, ok := m[k]; ok {
			return false
		}
	}
	for _, v := range m {
		switch v := v.(type) {
		case string:
		case map[string]any:
			if !isShorthand(v) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// fromShorthand converts a shorthand schema to JSON Schema. Every key is
// required; "T | None" is nullable.
func fromShorthand(t *testing.T, v any) any {
	t.Helper()
	switch v := v.(type) {
	case map[string]any:
		props := map[string]any{}
		var req []any
		for k, sub := range v {
			props[k] = fromShorthand(t, sub)
			req = append(req, k)
		}
		return map[string]any{"type": "object", "properties": props, "required": req}
	case string:
		s := strings.TrimSpace(v)
		nullable := false
		if base, ok := strings.CutSuffix(s, "| None"); ok {
			s, nullable = strings.TrimSpace(base), true
		}
		var out map[string]any
		switch {
		case s == "str":
			out = map[string]any{"type": "string"}
		case s == "int":
			out = map[string]any{"type": "integer"}
		case s == "float":
			out = map[string]any{"type": "number"}
		case s == "bool":
			out = map[string]any{"type": "boolean"}
		case s == "dict":
			out = map[string]any{"type": "object"}
		case s == "list":
			out = map[string]any{"type": "array"}
		case strings.HasPrefix(s, "list[") && strings.HasSuffix(s, "]"):
			out = map[string]any{"type": "array", "items": fromShorthand(t, s[5:len(s)-1])}
		default:
			t.Fatalf("unknown shorthand type %q", v)
		}
		if nullable {
			return map[string]any{"anyOf": []any{out, map[string]any{"type": "null"}}}
		}
		return out
	}
	t.Fatalf("bad shorthand value %v", v)
	return nil
}

func TestResultsValidate(t *testing.T) {
	for _, tool := range loadTools(t) {
		t.Run(tool.Name, func(t *testing.T) {
			res, ok := DemoResult(tool.Name)
			if !ok {
				t.Fatal("no result file")
			}
			inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(res))
			if err != nil {
				t.Fatalf("result is not JSON: %v", err)
			}
			if !hasSchema(tool.OutputSchema) {
				return // returned as text; being JSON is all that is asked
			}
			sch := compile(t, tool.Name+".output", tool.OutputSchema)
			if Drifted(tool.Name) {
				if err := sch.Validate(inst); err == nil {
					t.Fatal("a drifted tool's result validates against its outputSchema")
				}
				return
			}
			if err := sch.Validate(inst); err != nil {
				t.Fatalf("result does not validate against outputSchema:\n%v", err)
			}
			// The schema constrains: a value of the wrong root type fails.
			var wrong any = "not a " + fmt.Sprintf("%T", inst)
			if _, isStr := inst.(string); isStr {
				wrong = 42.0
			}
			if err := sch.Validate(wrong); err == nil {
				t.Error("outputSchema accepts a value of the wrong type")
			}
		})
	}
}

// TestResultMutationsFail checks that the schemas reject realistic mistakes
// in the places the demo walk-through relies on.
func TestResultMutationsFail(t *testing.T) {
	tools := map[string]demoTool{}
	for _, tool := range loadTools(t) {
		tools[tool.Name] = tool
	}
	cases := []struct {
		tool   string
		mutate func(v any)
	}{
		{"shop_get_order", func(v any) {
			li := v.(map[string]any)["line_items"].([]any)[0].(map[string]any)
			delete(li["price_set"].(map[string]any)["shop_money"].(map[string]any), "amount")
		}},
		{"shop_get_order", func(v any) {
			li := v.(map[string]any)["line_items"].([]any)[0].(map[string]any)
			li["price_set"].(map[string]any)["presentment_money"].(map[string]any)["amount"] = 81.88
		}},
		{"shop_get_order", func(v any) {
			apps := v.(map[string]any)["discount_applications"].([]any)
			apps[0].(map[string]any)["type"] = "coupon"
		}},
		{"shop_get_product", func(v any) {
			cat := v.(map[string]any)["product"].(map[string]any)["category"].(map[string]any)
			cat["parent"].(map[string]any)["level"] = "three"
		}},
		{"docs_get_document", func(v any) {
			content := v.(map[string]any)["body"].(map[string]any)["content"].([]any)
			for _, el := range content {
				if tbl, ok := el.(map[string]any)["table"]; ok {
					cell := tbl.(map[string]any)["tableRows"].([]any)[0].(map[string]any)["tableCells"].([]any)[0].(map[string]any)
					delete(cell, "content")
					return
				}
			}
			panic("no table in the document body")
		}},
		{"mail_get_thread", func(v any) {
			v.(map[string]any)["successful"] = "yes"
		}},
		{"chat_post_message", func(v any) {
			msg := v.(map[string]any)["data"].(map[string]any)["message"].(map[string]any)
			msg["ts"] = "yesterday"
		}},
		{"analytics_timeseries", func(v any) {
			delete(v.([]any)[0].(map[string]any), "timestamp")
		}},
		{"mail_modify_labels", func(v any) {
			v.(map[string]any)["data"].(map[string]any)["labels"] = "STARRED"
		}},
	}
	for i, c := range cases {
		t.Run(fmt.Sprintf("%s/%d", c.tool, i), func(t *testing.T) {
			tool, ok := tools[c.tool]
			if !ok {
				t.Fatalf("no tool %s", c.tool)
			}
			res, _ := DemoResult(c.tool)
			inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(res))
			if err != nil {
				t.Fatal(err)
			}
			c.mutate(inst)
			if err := compile(t, c.tool+".output", tool.OutputSchema).Validate(inst); err == nil {
				t.Error("mutated result still validates")
			}
		})
	}
}

// sampleArgs holds one realistic argument object per tool.
var sampleArgs = map[string]string{
	"shop_get_order":       `{"order_id": "5601234042", "include_refunds": true, "expand": ["line_items.variant"], "currency_view": "presentment"}`,
	"shop_list_orders":     `{"status": "any", "financial_status": "paid", "created_at_min": "2025-03-01T00:00:00Z", "limit": 25}`,
	"shop_get_product":     `{"product_id": "merino-crew-sweater", "category_depth": 2}`,
	"shop_list_customers":  `{"query": "tag:vip", "order_by": "total_spent desc", "limit": 10}`,
	"docs_get_document":    `{"document_id": "1hJ3kP0q9vVw2XyZ-launchplan-Q2mobile", "suggestions_view_mode": "PREVIEW_SUGGESTIONS_ACCEPTED"}`,
	"mail_search_threads":  `{"query": "from:acmepay.example newer_than:7d", "max_results": 10, "label_ids": ["INBOX"]}`,
	"mail_get_thread":      `{"thread_id": "18f2a7c4e9b1d301", "format": "metadata"}`,
	"mail_modify_labels":   `{"thread_id": "18f2a7c4e9b1d301", "add_label_ids": ["STARRED"], "remove_label_ids": ["INBOX", "UNREAD"]}`,
	"chat_list_channels":   `{"types": ["public_channel", "private_channel"], "exclude_archived": true, "limit": 200}`,
	"chat_post_message":    `{"channel": "C04CHKOUT77", "text": "Wallet SDKs: iOS in review, Android done.", "thread_ts": "1717402331.004519"}`,
	"crm_get_contact_flat": `{"contact_id": "dana.okafor@brightlane.example", "id_property": "email"}`,
	"util_echo":            `{"message": "ping", "repeat": 2}`,
	"analytics_timeseries": `{"metric": "checkout_conversion", "start": "2025-05-27T00:00:00Z", "interval": "1d", "breakdown": "device", "filters": {"storefront": "eu"}}`,

	"stale_get_order":    `{"order_id": "5601234042"}`,
	"stale_post_message": `{"channel": "C04CHKOUT77", "text": "Wallet SDKs: iOS in review, Android done."}`,
	"stale_timeseries":   `{"metric": "checkout_conversion", "start": "2025-05-27T00:00:00Z", "interval": "1d"}`,
}

func TestInputSchemas(t *testing.T) {
	tools := loadTools(t)
	seen := map[string]bool{}
	for _, tool := range tools {
		seen[tool.Name] = true
		t.Run(tool.Name, func(t *testing.T) {
			args, ok := sampleArgs[tool.Name]
			if !ok {
				t.Fatal("no sample arguments for this tool")
			}
			sch := compile(t, tool.Name+".input", tool.InputSchema)
			inst, err := jsonschema.UnmarshalJSON(strings.NewReader(args))
			if err != nil {
				t.Fatal(err)
			}
			if err := sch.Validate(inst); err != nil {
				t.Fatalf("sample arguments do not validate:\n%v", err)
			}
			// Unknown parameters are refused.
			inst.(map[string]any)["no_such_param"] = true
			if err := sch.Validate(inst); err == nil {
				t.Error("inputSchema accepts an unknown parameter")
			}
			// Missing required parameters are refused.
			var in struct {
				Required []string `json:"required"`
			}
			if err := json.Unmarshal(tool.InputSchema, &in); err != nil {
				t.Fatal(err)
			}
			if len(in.Required) > 0 {
				if err := sch.Validate(map[string]any{}); err == nil {
					t.Error("inputSchema accepts {} although it has required parameters")
				}
			}
		})
	}
	for name := range sampleArgs {
		if !seen[name] {
			t.Errorf("sample arguments for unknown tool %s", name)
		}
	}
}

// walkPaths lists the property paths reachable from a schema's root through
// local $refs, anyOf/oneOf/allOf and array items. An array adds "[]" to its
// segment. A $ref already being expanded on the current path is not expanded
// again (recursion); the walk stops after limit paths.
func walkPaths(t *testing.T, raw []byte, limit int) []string {
	t.Helper()
	var root any
	if err := json.Unmarshal(raw, &root); err != nil {
		t.Fatal(err)
	}
	resolve := func(ref string) any {
		if !strings.HasPrefix(ref, "#/") {
			return nil
		}
		var n any = root
		for _, tok := range strings.Split(ref[2:], "/") {
			tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
			m, ok := n.(map[string]any)
			if !ok {
				return nil
			}
			n = m[tok]
		}
		return n
	}
	var paths []string
	var walk func(node any, path string, active map[string]bool)
	walk = func(node any, path string, active map[string]bool) {
		if len(paths) >= limit {
			return
		}
		m, ok := node.(map[string]any)
		if !ok {
			return
		}
		if ref, ok := m["$ref"].(string); ok && !active[ref] {
			target := resolve(ref)
			if target == nil {
				t.Errorf("unresolvable $ref %q at %q", ref, path)
			} else {
				active[ref] = true
				walk(target, path, active)
				delete(active, ref)
			}
		}
		for _, kw := range []string{"allOf", "anyOf", "oneOf"} {
			if alts, ok := m[kw].([]any); ok {
				for _, alt := range alts {
					walk(alt, path, active)
				}
			}
		}
		if items, ok := m["items"]; ok {
			walk(items, path+"[]", active)
		}
		props, _ := m["properties"].(map[string]any)
		names := make([]string, 0, len(props))
		for name := range props {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			p := name
			if path != "" {
				p = path + "." + name
			}
			paths = append(paths, p)
			walk(props[name], p, active)
		}
	}
	walk(root, "", map[string]bool{})
	return paths
}

func TestShopOrderReachablePaths(t *testing.T) {
	var order demoTool
	for _, tool := range loadTools(t) {
		if tool.Name == "shop_get_order" {
			order = tool
		}
	}
	if !hasSchema(order.OutputSchema) {
		t.Fatal("shop_get_order has no outputSchema")
	}
	paths := walkPaths(t, order.OutputSchema, 200000)
	uniq := map[string]bool{}
	for _, p := range paths {
		uniq[p] = true
	}
	if len(uniq) < 300 {
		t.Errorf("shop order schema has %d $ref-reachable property paths, want at least 300", len(uniq))
	}
	// The TUI walk-through drills into line_items[].price_set.
	for _, want := range []string{
		"line_items[].price_set.shop_money.amount",
		"line_items[].price_set.presentment_money.currency_code",
		"line_items[].product.category.parent",
		"line_items[].product.category.children",
		"refunds[].refund_line_items[].line_item.price_set.shop_money.amount",
		"customer.default_address.address1",
		"metafields",
		"note_attributes",
		"discount_applications[].code",
		"discount_applications[].title",
	} {
		if !uniq[want] {
			t.Errorf("path %q is not reachable", want)
		}
	}
	// Category is recursive: its parent is not expanded again on the same path.
	if uniq["line_items[].product.category.parent.name"] {
		t.Error("the walk expanded a recursive $ref twice on one path")
	}
	t.Logf("%d distinct property paths", len(uniq))
}

func TestDemoResultRejectsBadNames(t *testing.T) {
	for _, name := range []string{"", "..", "../tools", "results/util_echo", `..\tools`, "no_such_tool"} {
		if _, ok := DemoResult(name); ok {
			t.Errorf("DemoResult(%q) found a file", name)
		}
	}
	if b, ok := DemoResult("util_echo"); !ok || !json.Valid(b) {
		t.Error("DemoResult(util_echo) is missing or not JSON")
	}
}

// driftedFrom names the tool each drifted tool mirrors.
var driftedFrom = map[string]string{
	"stale_get_order":    "shop_get_order",
	"stale_post_message": "chat_post_message",
	"stale_timeseries":   "analytics_timeseries",
}

// TestDriftedTools holds the tools whose results drift on purpose to their
// promise: each mirrors another tool, takes its arguments, says in its
// description that it drifts, and its schema still accepts that tool's
// conforming result: only the result drifts.
func TestDriftedTools(t *testing.T) {
	tools := map[string]demoTool{}
	for _, tool := range loadTools(t) {
		tools[tool.Name] = tool
	}
	drifted := 0
	for name, tool := range tools {
		if !Drifted(name) {
			continue
		}
		drifted++
		base, ok := tools[driftedFrom[name]]
		if !ok {
			t.Errorf("%s: driftedFrom names no tool it mirrors", name)
			continue
		}
		if !strings.Contains(tool.Description, "drifts from its output schema on purpose") {
			t.Errorf("%s: the description does not say that its result drifts", name)
		}
		if !bytes.Equal(tool.InputSchema, base.InputSchema) {
			t.Errorf("%s: its inputSchema differs from %s's", name, base.Name)
		}
		res, _ := DemoResult(base.Name)
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(res))
		if err != nil {
			t.Fatal(err)
		}
		if err := compile(t, name+".output", tool.OutputSchema).Validate(inst); err != nil {
			t.Errorf("%s: its schema refuses %s's conforming result:\n%v", name, base.Name, err)
		}
	}
	if drifted < 3 {
		t.Errorf("%d drifted tools, want at least 3 (an object root, an envelope, an array root)", drifted)
	}
}

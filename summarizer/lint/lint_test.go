package lint

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"mcpeek/internal/testkit"
	"mcpeek/model"
)

// ruleCases holds, for every rule of every client, a tool definition that
// breaks it (with the pointer of the finding) and one that does not. The
// server is "srv" unless a case names another.
var ruleCases = []struct {
	client, rule string
	server       string
	bad, good    string
	pointer      string
}{
	{client: "mcp", rule: "tool-name",
		bad:     `{"name":"get order","inputSchema":{"type":"object"}}`,
		good:    `{"name":"admin.tools.list","inputSchema":{"type":"object"}}`,
		pointer: "/name"},
	{client: "mcp", rule: "input-root-object",
		bad:     `{"name":"a","inputSchema":{"type":"array","items":{"type":"string"}}}`,
		good:    `{"name":"a","inputSchema":{"type":"object","properties":{}}}`,
		pointer: "/inputSchema/type"},
	{client: "mcp", rule: "output-root-object",
		bad:     `{"name":"a","inputSchema":{"type":"object"},"outputSchema":{"properties":{"x":{}}}}`,
		good:    `{"name":"a","inputSchema":{"type":"object"},"outputSchema":{"type":"object"}}`,
		pointer: "/outputSchema"},
	{client: "mcp", rule: "x-mcp-header",
		bad:     `{"name":"a","inputSchema":{"type":"object","properties":{"ids":{"type":"array","items":{"type":"string","x-mcp-header":"Id"}}}}}`,
		good:    `{"name":"a","inputSchema":{"type":"object","properties":{"o":{"type":"object","properties":{"id":{"type":"string","x-mcp-header":"Id"}}}}}}`,
		pointer: "/inputSchema/properties/ids/items"},
	{client: "mcp", rule: "remote-ref",
		bad:     `{"name":"a","inputSchema":{"type":"object"},"outputSchema":{"type":"object","properties":{"o":{"$ref":"https://example.com/order.json"}}}}`,
		good:    `{"name":"a","inputSchema":{"type":"object"},"outputSchema":{"type":"object","properties":{"o":{"$ref":"#/$defs/order"}},"$defs":{"order":{"type":"object"}}}}`,
		pointer: "/outputSchema/properties/o/$ref"},
	{client: "mcp", rule: "unresolvable-ref",
		bad:     `{"name":"a","inputSchema":{"type":"object","properties":{"o":{"$ref":"#/$defs/Order"}},"$defs":{"order":{"type":"object"}}}}`,
		good:    `{"name":"a","inputSchema":{"type":"object","properties":{"o":{"$ref":"#/$defs/order"}},"$defs":{"order":{"type":"object"}}}}`,
		pointer: "/inputSchema/properties/o/$ref"},
	{client: "mcp", rule: "ref-cycle",
		bad:     `{"name":"a","inputSchema":{"type":"object","properties":{"tree":{"$ref":"#/$defs/node"}},"$defs":{"node":{"type":"object","properties":{"kids":{"type":"array","items":{"$ref":"#/$defs/node"}}}}}}}`,
		good:    `{"name":"a","inputSchema":{"type":"object","properties":{"a":{"$ref":"#/$defs/leaf"},"b":{"$ref":"#/$defs/leaf"}},"$defs":{"leaf":{"type":"string"},"unused":{"$ref":"#/$defs/unused"}}}}`,
		pointer: "/inputSchema/$defs/node/properties/kids/items/$ref"},
	{client: "mcp", rule: "boolean-schema",
		bad:     `{"name":"a","inputSchema":{"type":"object","properties":{"anything":true}}}`,
		good:    `{"name":"a","inputSchema":{"type":"object","properties":{"anything":{}},"additionalProperties":false}}`,
		pointer: "/inputSchema/properties/anything"},
	{client: "mcp", rule: "type-array",
		bad:     `{"name":"a","inputSchema":{"type":"object","properties":{"n":{"type":["integer","string"]}}}}`,
		good:    `{"name":"a","inputSchema":{"type":"object","properties":{"n":{"type":"integer"}}}}`,
		pointer: "/inputSchema/properties/n/type"},
	{client: "openai", rule: "function-name",
		bad:     `{"name":"admin.tools.list","inputSchema":{"type":"object"}}`,
		good:    `{"name":"admin_tools-list","inputSchema":{"type":"object"}}`,
		pointer: "/name"},
	{client: "openai", rule: "description-length",
		bad:     `{"name":"a","description":"` + strings.Repeat("x", 1025) + `","inputSchema":{"type":"object"}}`,
		good:    `{"name":"a","description":"` + strings.Repeat("é", 1024) + `","inputSchema":{"type":"object"}}`,
		pointer: "/description"},
	{client: "openai-strict", rule: "root-anyof",
		bad:     `{"name":"a","inputSchema":{"type":"object","anyOf":[{"required":["x"]},{"required":["y"]}]}}`,
		good:    `{"name":"a","inputSchema":{"type":"object","properties":{"x":{"anyOf":[{"type":"string"},{"type":"null"}]}}}}`,
		pointer: "/inputSchema/anyOf"},
	{client: "openai-strict", rule: "all-required",
		bad:     `{"name":"a","inputSchema":{"type":"object","properties":{"q":{"type":"string"},"limit":{"type":"integer"}},"required":["q"]}}`,
		good:    `{"name":"a","inputSchema":{"type":"object","properties":{"q":{"type":"string"},"limit":{"type":["integer","null"]}},"required":["q","limit"]}}`,
		pointer: "/inputSchema/properties/limit"},
	{client: "openai-strict", rule: "additional-properties",
		bad:     `{"name":"a","inputSchema":{"type":"object","properties":{"o":{"type":"object","properties":{}}},"additionalProperties":false}}`,
		good:    `{"name":"a","inputSchema":{"type":"object","properties":{"o":{"type":"object","properties":{},"additionalProperties":false}},"additionalProperties":false}}`,
		pointer: "/inputSchema/properties/o"},
	{client: "openai-strict", rule: "unsupported-keyword",
		bad:     `{"name":"a","inputSchema":{"type":"object","allOf":[{"$ref":"#/$defs/base"}],"$defs":{"base":{"type":"object"}}}}`,
		good:    `{"name":"a","inputSchema":{"$ref":"#/$defs/base","$defs":{"base":{"type":"object"}}}}`,
		pointer: "/inputSchema/allOf"},
	{client: "openai-strict", rule: "unlisted-keyword",
		bad:     `{"name":"a","inputSchema":{"type":"object","properties":{"q":{"type":"string","minLength":1}}}}`,
		good:    `{"name":"a","inputSchema":{"type":"object","properties":{"q":{"type":"string","pattern":"^.+$","description":"The query."}}}}`,
		pointer: "/inputSchema/properties/q/minLength"},
	{client: "openai-strict", rule: "nesting-depth",
		bad:     `{"name":"a","inputSchema":` + nested(11) + `}`,
		good:    `{"name":"a","inputSchema":` + nested(10) + `}`,
		pointer: "/inputSchema" + strings.Repeat("/properties/x", 10)},
	{client: "openai-strict", rule: "property-count",
		bad:     `{"name":"a","inputSchema":` + wide(5001) + `}`,
		good:    `{"name":"a","inputSchema":` + wide(5000) + `}`,
		pointer: "/inputSchema"},
	{client: "openai-strict", rule: "string-budget",
		bad:     `{"name":"a","inputSchema":{"type":"object","properties":{"e":{"type":"string","enum":` + enum(120, 1001) + `}}}}`,
		good:    `{"name":"a","inputSchema":{"type":"object","properties":{"e":{"type":"string","enum":` + enum(100, 1000) + `}}}}`,
		pointer: "/inputSchema"},
	{client: "openai-strict", rule: "enum-count",
		bad:     `{"name":"a","inputSchema":{"type":"object","properties":{"e":{"enum":` + enum(1001, 1) + `}}}}`,
		good:    `{"name":"a","inputSchema":{"type":"object","properties":{"e":{"enum":` + enum(1000, 1) + `}}}}`,
		pointer: "/inputSchema"},
	{client: "openai-strict", rule: "large-enum-size",
		bad:     `{"name":"a","inputSchema":{"type":"object","properties":{"e":{"enum":` + enum(251, 60) + `}}}}`,
		good:    `{"name":"a","inputSchema":{"type":"object","properties":{"e":{"enum":` + enum(250, 60) + `}}}}`,
		pointer: "/inputSchema/properties/e/enum"},
	{client: "anthropic", rule: "tool-name",
		bad:     `{"name":"` + strings.Repeat("a", 65) + `","inputSchema":{"type":"object"}}`,
		good:    `{"name":"` + strings.Repeat("a", 64) + `","inputSchema":{"type":"object"}}`,
		pointer: "/name"},
	{client: "claude-code", rule: "prefixed-name-length", server: "github",
		bad:     `{"name":"` + strings.Repeat("a", 52) + `","inputSchema":{"type":"object"}}`, // mcp__github__ is 13
		good:    `{"name":"` + strings.Repeat("a", 51) + `","inputSchema":{"type":"object"}}`,
		pointer: "/name"},
	{client: "cursor", rule: "combined-name-length", server: "g",
		bad:     `{"name":"` + strings.Repeat("a", 59) + `","inputSchema":{"type":"object"}}`,
		good:    `{"name":"` + strings.Repeat("a", 58) + `","inputSchema":{"type":"object"}}`,
		pointer: "/name"},
	{client: "gemini", rule: "function-name",
		bad:     `{"name":"2fa_reset","inputSchema":{"type":"object"}}`,
		good:    `{"name":"auth.2fa:reset-v2","inputSchema":{"type":"object"}}`,
		pointer: "/name"},
	{client: "gemini", rule: "schema-field",
		bad:     `{"name":"a","inputSchema":{"type":"object","properties":{"m":{"type":"object","additionalProperties":{"type":"string"}}}}}`,
		good:    `{"name":"a","inputSchema":{"type":"object","properties":{"m":{"type":"object","nullable":true,"properties":{"k":{"type":"string","format":"date-time"}}}},"required":["m"]}}`,
		pointer: "/inputSchema/properties/m/additionalProperties"},
	{client: "gemini", rule: "single-type",
		bad:     `{"name":"a","inputSchema":{"type":"object","properties":{"s":{"type":["string","null"]}}}}`,
		good:    `{"name":"a","inputSchema":{"type":"object","properties":{"s":{"type":"string","nullable":true}}}}`,
		pointer: "/inputSchema/properties/s/type"},
	{client: "gemini", rule: "enum-strings",
		bad:     `{"name":"a","inputSchema":{"type":"object","properties":{"n":{"type":"integer","enum":[1,2,3]}}}}`,
		good:    `{"name":"a","inputSchema":{"type":"object","properties":{"n":{"type":"string","enum":["1","2","3"]}}}}`,
		pointer: "/inputSchema/properties/n/enum"},
}

// TestEachRule runs every rule on a definition that breaks it and on one
// that does not, and checks that each rule of each client has its case and
// its source.
func TestEachRule(t *testing.T) {
	t.Parallel()
	covered := map[string]bool{}
	for _, c := range ruleCases {
		covered[c.client+"/"+c.rule] = true
		t.Run(c.client+"/"+c.rule, func(t *testing.T) {
			client, ok := ClientNamed(c.client)
			if !ok {
				t.Fatalf("no client %q", c.client)
			}
			server := c.server
			if server == "" {
				server = "srv"
			}
			bad := ruleFindings(t, client, c.rule, server, c.bad)
			if len(bad) == 0 {
				t.Fatalf("the bad definition passes %s", c.rule)
			}
			if bad[0].Pointer != c.pointer {
				t.Errorf("pointer %q, want %q", bad[0].Pointer, c.pointer)
			}
			if bad[0].Why == "" || bad[0].Fix == "" || bad[0].Tool != (model.ToolID{Server: server, Tool: toolName(t, c.bad)}) {
				t.Errorf("incomplete finding: %+v", bad[0])
			}
			if good := ruleFindings(t, client, c.rule, server, c.good); len(good) > 0 {
				t.Errorf("the good definition breaks %s: %+v", c.rule, good)
			}
		})
	}
	for _, client := range Clients() {
		for _, r := range client.Rules() {
			if !covered[client.Name+"/"+r.ID] {
				t.Errorf("rule %s/%s has no test case", client.Name, r.ID)
			}
			if !strings.HasPrefix(r.Source, "https://") || r.Summary == "" {
				t.Errorf("rule %s/%s lacks its source or summary", client.Name, r.ID)
			}
		}
	}
}

func ruleFindings(t *testing.T, client Client, rule, server, def string) []Finding {
	t.Helper()
	tool := model.Tool{Server: server, Name: toolName(t, def), Raw: []byte(def)}
	if v, err := model.DecodeJSON(tool.Raw); err == nil {
		tool.Description = v.Get("description").Text()
	} else {
		t.Fatal(err)
	}
	var out []Finding
	for _, f := range Lint([]model.Tool{tool}, []Client{client}) {
		if f.Rule == rule {
			out = append(out, f)
		}
	}
	return out
}

func toolName(t *testing.T, def string) string {
	v, err := model.DecodeJSON([]byte(def))
	if err != nil {
		t.Fatal(err)
	}
	return v.Get("name").Text()
}

// nested writes an input schema whose objects nest levels deep.
func nested(levels int) string {
	s := `{"type":"object"}`
	for range levels - 1 {
		s = `{"type":"object","properties":{"x":` + s + `}}`
	}
	return s
}

// wide writes an input schema with n properties.
func wide(n int) string {
	var b strings.Builder
	b.WriteString(`{"type":"object","properties":{`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"p` + strconv.Itoa(i) + `":{"type":"string"}`)
	}
	return b.String() + `}}`
}

// enum writes n distinct string values of about size characters each.
func enum(n, size int) string {
	var b strings.Builder
	b.WriteByte('[')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		v := strconv.Itoa(i)
		b.WriteString(`"` + v + strings.Repeat("v", max(0, size-len(v))) + `"`)
	}
	return b.String() + "]"
}

func TestCount(t *testing.T) {
	t.Parallel()
	errs, warnings := Count([]Finding{{Severity: Error}, {Severity: Warning}, {Severity: Error}, {Severity: Warning}, {Severity: Warning}})
	if errs != 2 || warnings != 3 {
		t.Errorf("Count = %d errors, %d warnings; want 2, 3", errs, warnings)
	}
	if errs, warnings := Count(nil); errs != 0 || warnings != 0 {
		t.Errorf("Count(nil) = %d, %d", errs, warnings)
	}
}

// TestLintReadsTheSharedParse: a tool as the client lists it is linted
// from its schemas as parsed for everyone (model.ParseTool), without
// decoding them again; the findings are those of its definition read
// afresh.
func TestLintReadsTheSharedParse(t *testing.T) {
	t.Parallel()
	tools := testkit.DemoTools(t)
	tools = append(tools, model.Tool{Server: "x", Name: "shorthand", Raw: []byte(`{"name":"shorthand","inputSchema":{"type":"object"},"outputSchema":{"data":{"id":"str","tags":["str"]}}}`),
		InputSchema: []byte(`{"type":"object"}`), OutputSchema: []byte(`{"data":{"id":"str","tags":["str"]}}`)})
	fresh := make([]model.Tool, len(tools))
	for i, tl := range tools {
		fresh[i] = model.Tool{Server: tl.Server, Name: tl.Name, Description: tl.Description, Raw: tl.Raw}
		if nt := newTool(tl); nt.in == nil || nt.def != nil {
			t.Errorf("%s: linted from its definition, not from the shared parse", tl.ID())
		}
	}
	got, want := Lint(tools, Clients()), Lint(fresh, Clients())
	if len(want) == 0 {
		t.Fatal("no findings on the demo tools: the comparison proves nothing")
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("findings from the shared parse differ:\n got %v\nwant %v", got, want)
	}
}

// TestEachTool: each tool's findings are Lint's for it alone, errors
// first.
func TestEachTool(t *testing.T) {
	t.Parallel()
	tools := testkit.DemoTools(t)
	all := EachTool(tools, Clients())
	if len(all) != len(tools) {
		t.Fatalf("%d finding lists for %d tools", len(all), len(tools))
	}
	some := 0
	for i, tl := range tools {
		want := Lint(tools[i:i+1], Clients())
		if len(all[i]) != len(want) {
			t.Errorf("%s: %d findings, Lint finds %d", tl.ID(), len(all[i]), len(want))
		}
		for j := 1; j < len(all[i]); j++ {
			if all[i][j].Severity > all[i][j-1].Severity {
				t.Errorf("%s: finding %d is worse than the one before", tl.ID(), j)
			}
		}
		some += len(all[i])
	}
	if some == 0 {
		t.Error("no findings on the demo tools: the test proves nothing")
	}
}

package gateway

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/mcpclient"
	"mcpeek/model/toolargs"
)

// maxUnknownReply bounds the whole tools/call result (text and
// structuredContent) of an answer about an unknown name, whatever its size.
const maxUnknownReply = 8 << 10

// TestUnknownNameAnswersAreBounded sends names of 300 KB where a group, op
// or tool id goes: each answer, and each line of the events file, stays
// small and says how long the name was.
func TestUnknownNameAnswersAreBounded(t *testing.T) {
	t.Parallel()
	sink := &lockedBuffer{}
	h := newHarness(t, harnessConfig{opts: Options{Events: sink}})
	long := strings.Repeat("é", 150_000) // 300,000 bytes, cut on a rune boundary
	cases := []struct {
		name string
		tool string
		args map[string]any
	}{
		{"help", "tool_help", map[string]any{"path": long}},
		{"help in a group", "tool_help", map[string]any{"path": "test." + long}},
		{"exec", "tool_exec", map[string]any{"op": long}},
		{"exec in a group", "tool_exec", map[string]any{"op": "demo." + long}},
		{"exec of blanks", "tool_exec", map[string]any{"op": strings.Repeat(" ", 300_000)}},
		{"inspect_tool", "tool_exec", map[string]any{"op": "toolbox.inspect_tool", "args": map[string]any{"tool_name": long}}},
		{"inspect_tool_output", "tool_exec", map[string]any{"op": "toolbox.inspect_tool_output", "args": map[string]any{"tool_id": long}}},
		{"batch", "tool_batch", map[string]any{"ops": []any{
			map[string]any{"type": "help", "path": long}, map[string]any{"type": "exec", "op": long},
		}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := h.callRaw(c.tool, c.args)
			if !res.IsError {
				t.Fatalf("not an error: %.300s", res.Raw)
			}
			if len(res.Raw) > maxUnknownReply {
				t.Errorf("the answer is %d bytes: %.300s", len(res.Raw), res.Raw)
			}
			if !strings.Contains(res.Text, "bytes)") || !utf8.ValidString(res.Text) {
				t.Errorf("the answer does not say how long the name was: %.600s", res.Text)
			}
		})
	}
	for i, line := range strings.Split(strings.TrimSpace(sink.String()), "\n") {
		if len(line) > 1<<10 {
			t.Errorf("events line %d is %d bytes: %.300s", i, len(line), line)
		}
	}
}

// TestDirectInspectorsBoundUnknownNames: direct mode's inspectors answer an
// unknown name with a short text too.
func TestDirectInspectorsBoundUnknownNames(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{opts: Options{Mode: ModeDirect}})
	long := strings.Repeat("x", 300_000)
	for tool, arg := range map[string]string{"inspect_tool": "tool_name", "inspect_tool_output": "tool_id"} {
		res := h.callRaw(tool, map[string]any{arg: long})
		if !res.IsError || len(res.Raw) > maxUnknownReply || !strings.Contains(res.Text, "(300000 bytes)") {
			t.Errorf("%s: %d bytes: %.300s", tool, len(res.Raw), res.Raw)
		}
	}
}

// TestUnknownFieldPathIsBounded: inspect_tool_output echoes a wrong
// field_path only in part.
func TestUnknownFieldPathIsBounded(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	res := h.callRaw("tool_exec", map[string]any{"op": "toolbox.inspect_tool_output",
		"args": map[string]any{"tool_id": "demo.shop_get_order", "field_path": strings.Repeat("y", 300_000)}})
	var env envelope
	_ = json.Unmarshal(res.StructuredContent, &env)
	mustCode(t, env, CodeNotFound)
	if len(res.Raw) > maxUnknownReply {
		t.Errorf("the answer is %d bytes: %.300s", len(res.Raw), res.Raw)
	}
}

// schemaServer's tools have input (and output) schemas that are hard on a
// validator.
func schemaServer() *server.MCPServer {
	srv := server.NewMCPServer("schemas", "1", server.WithToolCapabilities(true))
	props := func(n int, schema string) string {
		var b strings.Builder
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"p%d":%s`, i, schema)
		}
		return b.String()
	}
	required := func(n int) string {
		b, _ := json.Marshal(slices.Collect(func(yield func(string) bool) {
			for i := range n {
				if !yield(fmt.Sprintf("p%d", i)) {
					return
				}
			}
		}))
		return string(b)
	}
	add := func(name, in, out string) {
		t := mcp.Tool{Name: name, RawInputSchema: json.RawMessage(in)}
		if out != "" {
			t.RawOutputSchema = json.RawMessage(out)
		}
		srv.AddTool(t, func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultStructured(json.RawMessage(`{"a":{}}`), `{"a":{}}`), nil
		})
	}
	add("cycle", `{"$ref":"#"}`, "")
	add("cycle_inside", `{"type":"object","properties":{"a":{"$ref":"#/$defs/x"},"b":{"type":"integer"}},"$defs":{"x":{"$ref":"#/$defs/x"}}}`, "")
	add("cycle_output", `{"type":"object"}`, `{"type":"object","properties":{"a":{"$ref":"#/$defs/x"}},"$defs":{"x":{"$ref":"#/$defs/x"}}}`)
	add("huge", `{"type":"object","properties":{`+props(toolargs.MaxSubschemas, `{"type":"string"}`)+`}}`, "")
	add("huge_true", `{"type":"object","properties":{`+props(toolargs.MaxSubschemas+1, `true`)+`}}`, "")
	add("big_under_the_bound", `{"type":"object","properties":{`+props(1000, `{"type":"string"}`)+`},"required":["p0"]}`, "")
	add("many_required", `{"type":"object","properties":{`+props(1000, `{"type":"string"}`)+`},"required":`+required(1000)+`}`, "")
	add("long_pattern", `{"type":"object","properties":{"s":{"type":"string","pattern":"^a$"}}}`, "")
	return srv
}

func schemaHarness(t *testing.T) *harness {
	return newHarness(t, harnessConfig{noDemo: true,
		upOpts: []mcpclient.Option{mcpclient.WithInProcess("schemas", schemaServer())}})
}

// TestUncheckableInputSchemasLetCallsThrough: a schema whose $refs loop,
// or one too large to compile quickly, is not a reason to refuse a call:
// the arguments pass unchecked, and meta.warnings says so.
func TestUncheckableInputSchemasLetCallsThrough(t *testing.T) {
	t.Parallel()
	h := schemaHarness(t)
	for _, c := range []struct {
		op   string
		args map[string]any
		why  string
	}{
		{"schemas.cycle", map[string]any{"x": 1}, "cycle"},
		{"schemas.cycle_inside", map[string]any{"a": 1}, "cycle"},
		{"schemas.huge", map[string]any{"p0": 1}, "too large"},
		{"schemas.huge_true", map[string]any{"p0": 1}, "too large"},
	} {
		env := h.exec(c.op, c.args)
		mustOK(t, env)
		if len(env.Meta.Warnings) != 1 || !strings.Contains(env.Meta.Warnings[0], c.why) || !strings.Contains(env.Meta.Warnings[0], "unchecked") {
			t.Errorf("%s: warnings %q", c.op, env.Meta.Warnings)
		}
	}
	// A schema with a cycle still checks what the cycle does not reach.
	mustCode(t, h.exec("schemas.cycle_inside", map[string]any{"b": "not a number"}), CodeValidation)
	// A large schema under the bound is checked.
	mustCode(t, h.exec("schemas.big_under_the_bound", map[string]any{}), CodeValidation)
	// An output schema whose $refs loop is a warning of its own kind, not
	// a difference.
	env := h.exec("schemas.cycle_output", nil)
	mustOK(t, env)
	if len(env.Meta.Warnings) != 1 || !strings.Contains(env.Meta.Warnings[0], "cycle") || strings.Contains(env.Meta.Warnings[0], "does not match") {
		t.Errorf("cycle_output: warnings %q", env.Meta.Warnings)
	}
}

// TestFieldErrorsAreCapped: however many properties are missing, an answer
// lists at most 50 field errors and says how many more there are.
func TestFieldErrorsAreCapped(t *testing.T) {
	t.Parallel()
	h := schemaHarness(t)
	env := h.exec("schemas.many_required", map[string]any{})
	mustCode(t, env, CodeValidation)
	errs, _ := env.Error.Details["field_errors"].([]any)
	if len(errs) != toolargs.MaxFieldErrors || env.Error.Details["field_errors_omitted"] != float64(1000-toolargs.MaxFieldErrors) {
		t.Fatalf("%d field errors, omitted %v", len(errs), env.Error.Details["field_errors_omitted"])
	}
	if !strings.Contains(env.Error.Message, "and 997 more") {
		t.Errorf("message %q", env.Error.Message)
	}
	// A value the validator repeats in its message is cut too.
	res := h.callRaw("tool_exec", map[string]any{"op": "schemas.long_pattern", "args": map[string]any{"s": strings.Repeat("b", 300_000)}})
	if len(res.Raw) > maxUnknownReply || !strings.Contains(res.Text, "VALIDATION_ERROR") {
		t.Errorf("the answer is %d bytes: %.300s", len(res.Raw), res.Raw)
	}
}

// TestLongSearchQueryIsBounded: search_tools reads the start of a long
// query and echoes it only in part.
func TestLongSearchQueryIsBounded(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	var b strings.Builder
	b.WriteString("order ")
	for i := 0; b.Len() < 300_000; i++ {
		fmt.Fprintf(&b, "w%d ", i)
	}
	res := h.callRaw("tool_exec", map[string]any{"op": "toolbox.search_tools", "args": map[string]any{"query": b.String()}})
	var env envelope
	_ = json.Unmarshal(res.StructuredContent, &env)
	mustOK(t, env)
	var ans searchAnswer
	_ = json.Unmarshal(env.Result, &ans)
	if len(ans.Results) == 0 || ans.Results[0].ToolID != "demo.shop_get_order" && !strings.Contains(ans.Results[0].ToolID, "order") {
		t.Errorf("the words at the start still count: %+v", ans.Results)
	}
	if !strings.HasSuffix(ans.Query, "bytes)") || len(ans.Query) > 2*maxEcho {
		t.Errorf("query echoed as %d bytes", len(ans.Query))
	}
}

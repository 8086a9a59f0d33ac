package gateway

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// maxUnknownReply bounds the whole tools/call result (text and
// structuredContent) of an answer about an unknown name, whatever its size.
const maxUnknownReply = 8 << 10

// TestUnknownNameAnswersAreBounded sends names of 300 KB where a group, op
// or tool id goes: each answer, and each line of the events file, stays
// small and says how long the name was.
func TestUnknownNameAnswersAreBounded(t *testing.T) {
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

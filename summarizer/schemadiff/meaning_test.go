package schemadiff

import (
	"fmt"
	"testing"
)

// snapshotOf is a snapshot of one server "s" holding the tool definitions
// given as JSON text.
func snapshotOf(t *testing.T, tools ...string) Snapshot {
	t.Helper()
	list := ""
	for i, tool := range tools {
		if i > 0 {
			list += ","
		}
		list += tool
	}
	s, err := Decode([]byte(fmt.Sprintf(`{"mcpeek_snapshot": 1, "servers": [{"name": "s",
		"server_info": {"name": "x", "version": "1"}, "protocol_version": "2025-11-25", "tools": [%s]}]}`, list)))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestDiffComparesByMeaning: two definitions that mean the same JSON,
// written with members in another order or numbers spelled otherwise,
// make no change; one that means something else still does.
func TestDiffComparesByMeaning(t *testing.T) {
	t.Parallel()
	const in = `"inputSchema": {"type": "object"}`
	for _, tc := range []struct {
		name     string
		old, new string
		want     Kind // "" for no change
	}{
		{"annotations reordered",
			`{"name": "t", ` + in + `, "annotations": {"readOnlyHint": true, "destructiveHint": false, "title": "T"}}`,
			`{"name": "t", ` + in + `, "annotations": {"title": "T", "destructiveHint": false, "readOnlyHint": true}}`, ""},
		{"annotations nested and numbers respelled",
			`{"name": "t", ` + in + `, "annotations": {"x-cost": {"a": 1, "b": [1.0, {"c": 100, "d": -0}]}}}`,
			`{"name": "t", ` + in + `, "annotations": {"x-cost": {"b": [1, {"d": 0, "c": 1e2}], "a": 10e-1}}}`, ""},
		{"annotations changed",
			`{"name": "t", ` + in + `, "annotations": {"readOnlyHint": true}}`,
			`{"name": "t", ` + in + `, "annotations": {"readOnlyHint": false}}`, AnnotationsChanged},
		{"annotations array reordered is a change",
			`{"name": "t", ` + in + `, "annotations": {"x": [1, 2]}}`,
			`{"name": "t", ` + in + `, "annotations": {"x": [2, 1]}}`, AnnotationsChanged},
		{"_meta reordered",
			`{"name": "t", ` + in + `, "_meta": {"openai/outputTemplate": "ui://a", "v": {"p": 1, "q": 2}}}`,
			`{"name": "t", ` + in + `, "_meta": {"v": {"q": 2, "p": 1.0}, "openai/outputTemplate": "ui://a"}}`, ""},
		{"_meta changed",
			`{"name": "t", ` + in + `, "_meta": {"openai/outputTemplate": "ui://a"}}`,
			`{"name": "t", ` + in + `, "_meta": {"openai/outputTemplate": "ui://b"}}`, MetaChanged},
		{"_meta added",
			`{"name": "t", ` + in + `}`,
			`{"name": "t", ` + in + `, "_meta": {"k": 1}}`, MetaChanged},
		{"members of the tool reordered",
			`{"name": "t", "description": "d", ` + in + `, "annotations": {"readOnlyHint": true}}`,
			`{"annotations": {"readOnlyHint": true}, ` + in + `, "description": "d", "name": "t"}`, ""},
		{"schema keywords reordered",
			`{"name": "t", "inputSchema": {"type": "object", "properties": {"a": {"type": "string", "enum": ["x", "y"]}, "b": {"type": "integer", "minimum": 1}}, "required": ["a"]}}`,
			`{"name": "t", "inputSchema": {"required": ["a"], "properties": {"b": {"minimum": 1, "type": "integer"}, "a": {"enum": ["x", "y"], "type": "string"}}, "type": "object"}}`, ""},
		{"enum numbers respelled",
			`{"name": "t", "inputSchema": {"type": "object", "properties": {"n": {"type": "number", "enum": [1, 2.5, 100]}}}}`,
			`{"name": "t", "inputSchema": {"type": "object", "properties": {"n": {"type": "number", "enum": [1.0, 25e-1, 1e2]}}}}`, ""},
		{"enum objects reordered",
			`{"name": "t", "inputSchema": {"type": "object", "properties": {"o": {"enum": [{"a": 1, "b": 2}]}}}}`,
			`{"name": "t", "inputSchema": {"type": "object", "properties": {"o": {"enum": [{"b": 2, "a": 1}]}}}}`, ""},
		{"enum value removed",
			`{"name": "t", "inputSchema": {"type": "object", "properties": {"n": {"type": "number", "enum": [1, 2]}}}}`,
			`{"name": "t", "inputSchema": {"type": "object", "properties": {"n": {"type": "number", "enum": [1.0]}}}}`, InputEnumNarrowed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			changes := Diff(snapshotOf(t, tc.old), snapshotOf(t, tc.new))
			switch {
			case tc.want == "" && len(changes) > 0:
				t.Errorf("want no change, got %+v", changes)
			case tc.want != "" && (len(changes) != 1 || changes[0].Kind != tc.want):
				t.Errorf("want one %s, got %+v", tc.want, changes)
			}
		})
	}
}

// TestRenameSeesSchemasByMeaning: a tool renamed whose schemas were
// rewritten with their keywords in another order is still a rename, not a
// removal and an unrelated addition.
func TestRenameSeesSchemasByMeaning(t *testing.T) {
	t.Parallel()
	changes := Diff(
		snapshotOf(t, `{"name": "old_name", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}}`),
		snapshotOf(t, `{"name": "new_name", "inputSchema": {"properties": {"q": {"type": "string"}}, "type": "object"}}`))
	if len(changes) != 1 || changes[0].Kind != ToolRenamed {
		t.Errorf("want one tool-renamed, got %+v", changes)
	}
}

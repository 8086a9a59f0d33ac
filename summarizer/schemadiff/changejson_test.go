package schemadiff

import (
	"encoding/json"
	"testing"

	"mcpeek/model"
)

// A change in JSON says its side and its JSON pointer besides its path:
// a top-level field named "a.x" and the field x of an object a share the
// path text "a.x", never the pointer.
func TestChangeJSONHasSideAndPointer(t *testing.T) {
	t.Parallel()
	one := func(output string) Snapshot {
		raw := `{"name":"t","inputSchema":{"type":"object"},"outputSchema":` + output + `}`
		tool := model.Tool{Server: "s", Name: "t", Raw: []byte(raw), InputSchema: []byte(`{"type":"object"}`), OutputSchema: []byte(output)}
		return Snapshot{Servers: []Server{{Name: "s", Tools: []model.Tool{tool}}}}
	}
	old := one(`{"type":"object","properties":{"a.x":{"type":"string"},"a":{"type":"object","properties":{"x":{"type":"string"}}}}}`)
	changes := Diff(old, one(`{"type":"object","properties":{"a":{"type":"object"}}}`))
	b, err := json.Marshal(changes)
	if err != nil {
		t.Fatal(err)
	}
	var got []struct {
		Path, Pointer, Side string
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	pointers := map[string]bool{}
	for _, c := range got {
		if c.Path != "a.x" || c.Side != "output" {
			t.Errorf("path %q on side %q, want a.x on output: %s", c.Path, c.Side, b)
		}
		pointers[c.Pointer] = true
	}
	if len(got) != 2 || !pointers["/a.x"] || !pointers["/a/x"] {
		t.Errorf("want the pointers /a.x and /a/x: %s", b)
	}
}

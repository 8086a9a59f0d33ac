package tui

import (
	"encoding/json"
	"testing"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
)

// oddSchema has properties whose names hold the path grammar's characters
// (".", "[", "]") and those a pointer escapes ("/", "~"), beside spaces,
// quotes and Unicode; "a" has a child "x" that must not be confused with
// the top-level "a.x".
const oddSchema = `{"type":"object","properties":{
	"a.x":{"type":"string"},
	"a":{"type":"object","properties":{"x":{"type":"integer"}}},
	"b[0]":{"type":"string"},
	"c/d~e":{"type":"string"},
	"g h":{"type":"string"},
	"ü名":{"type":"string"}}}`

func oddBackend() *fakeBackend {
	envelope := `{"type":"object","properties":{"successful":{"type":"boolean"},"data":` + oddSchema + `}}`
	return &fakeBackend{servers: []model.Server{{Name: "odd", Source: "embedded", Transport: model.TransportInProcess,
		State: model.StateConnected, Tools: []model.Tool{
			{Server: "odd", Name: "plain", InputSchema: json.RawMessage(oddSchema), OutputSchema: json.RawMessage(oddSchema)},
			{Server: "odd", Name: "wrapped", InputSchema: json.RawMessage(`{"type":"object"}`), OutputSchema: json.RawMessage(envelope)},
		}}}}
}

// Each notation copied from a line of an odd name addresses that very
// field: the dot path as summaries write it (names as they are), a step
// quoted only where the inspector would read that text as another field
// (a's x beside the top-level "a.x"), the pointer with
// "/" and "~" escaped, jq with the name in brackets, and the envelope's
// data step in front of the pointer and jq of a wrapped result.
func TestCopyOddNames(t *testing.T) {
	h := newHarness(t, oddBackend(), 120, 40)
	h.selectTool("plain")
	for _, c := range []struct {
		path                  fieldpath.Path
		dot, pointer, jq, cli string
	}{
		{fieldpath.Root(fieldpath.Output).Prop("a.x"), "a.x", "/a.x", `.["a.x"]`, "mcpeek inspect odd.plain a.x"},
		{fieldpath.Root(fieldpath.Output).Prop("a").Prop("x"), `a["x"]`, "/a/x", ".a.x", `mcpeek inspect odd.plain 'a["x"]'`},
		{fieldpath.Root(fieldpath.Output).Prop("b[0]"), "b[0]", "/b[0]", `.["b[0]"]`, "mcpeek inspect odd.plain 'b[0]'"},
		{fieldpath.Root(fieldpath.Output).Prop("c/d~e"), "c/d~e", "/c~1d~0e", `.["c/d~e"]`, "mcpeek inspect odd.plain 'c/d~e'"},
		{fieldpath.Root(fieldpath.Output).Prop("g h"), "g h", "/g h", `.["g h"]`, "mcpeek inspect odd.plain 'g h'"},
		{fieldpath.Root(fieldpath.Output).Prop("ü名"), "ü名", "/ü名", `.["ü名"]`, "mcpeek inspect odd.plain 'ü名'"},
	} {
		if _, ok := h.m.currentTree().Open(c.path); !ok {
			t.Fatalf("no summary line %s", c.path)
		}
		for key, want := range map[string]string{"p": c.dot, "j": c.pointer, "q": c.jq, "c": c.cli} {
			h.keys("y", key)
			if h.m.Copied() != want {
				t.Errorf("%s: y %s copied %q, want %q", c.path, key, h.m.Copied(), want)
			}
		}
	}
	// The schema view: an argument's line is on the input side.
	h.keys("v")
	if _, ok := h.m.currentTree().Open(fieldpath.Root(fieldpath.Input).Prop("c/d~e")); !ok {
		t.Fatal("no input line c/d~e")
	}
	h.keys("y", "j")
	if h.m.Copied() != "/c~1d~0e" {
		t.Errorf("input pointer %q", h.m.Copied())
	}
	before := h.m.Copied()
	h.keys("y", "c")
	if h.m.Copied() != before || !h.m.status.isErr {
		t.Errorf("copied %q from an argument's line", h.m.Copied())
	}

	h = newHarness(t, oddBackend(), 120, 40)
	h.selectTool("wrapped")
	if _, ok := h.m.currentTree().Open(fieldpath.Root(fieldpath.Output).Prop("a.x")); !ok {
		t.Fatal("no summary line a.x in the envelope's data")
	}
	for key, want := range map[string]string{"p": "a.x", "j": "/data/a.x", "q": `.data.["a.x"]`} {
		h.keys("y", key)
		if h.m.Copied() != want {
			t.Errorf("wrapped: y %s copied %q, want %q", key, h.m.Copied(), want)
		}
	}
}

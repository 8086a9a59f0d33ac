package schemadiff

import (
	"bytes"
	"encoding/json"
	"mcpeek/model"
	"os"
	"strings"
	"testing"
)

// TestToolPositions: each tool of a lock file is found at the "{" that
// starts its definition, whose name is the tool's.
func TestToolPositions(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("testdata/diff/tools/new.json")
	if err != nil {
		t.Fatal(err)
	}
	snap, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	pos := ToolPositions(b)
	lines := bytes.Split(b, []byte("\n"))
	n := 0
	for _, s := range snap.Servers {
		for _, tool := range s.Tools {
			n++
			p, ok := pos[tool.ID()]
			if !ok {
				t.Errorf("%s not found", tool.ID())
				continue
			}
			rest := bytes.Join(lines[p.Line-1:], []byte("\n"))[p.Column-1:]
			var def struct {
				Name string `json:"name"`
			}
			if rest[0] != '{' || json.NewDecoder(bytes.NewReader(rest)).Decode(&def) != nil || def.Name != tool.Name {
				t.Errorf("%s at %d:%d reads %.40q", tool.ID(), p.Line, p.Column, rest)
			}
		}
	}
	if n == 0 || len(pos) != n {
		t.Errorf("%d tools, %d positions", n, len(pos))
	}
	if got := ToolPositions([]byte(`{"servers": [{"name": "a", "tools": [{"name": "x"}, {"na`)); len(got) != 1 || got[model.ToolID{Server: "a", Tool: "x"}] != (Position{1, 38}) {
		t.Errorf("a cut text gives what came before the cut: %v", got)
	}
	if got := ToolPositions([]byte(strings.Repeat("[", 5))); len(got) != 0 {
		t.Errorf("not a lock file: %v", got)
	}
}

// TestKindsDocumented: every kind of change has its help, once, and
// docs/diff.md names it.
func TestKindsDocumented(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile("../../docs/diff.md")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[Kind]bool{}
	for _, k := range Kinds() {
		if seen[k.Kind] || k.When == "" || k.Fix == "" {
			t.Errorf("%s: repeated or without help", k.Kind)
		}
		seen[k.Kind] = true
		if !bytes.Contains(doc, []byte("`"+string(k.Kind)+"`")) {
			t.Errorf("docs/diff.md does not name %s", k.Kind)
		}
	}
	if len(seen) != 66 {
		t.Errorf("%d kinds documented", len(seen))
	}
}

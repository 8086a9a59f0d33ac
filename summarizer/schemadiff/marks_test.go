package schemadiff

import (
	"testing"

	"mcpeek/model"
	"mcpeek/summarizer/lint"
)

// markTool is a tool of server s with the input schema in.
func markTool(name, in string) model.Tool {
	raw := `{"name":"` + name + `","inputSchema":` + in + `}`
	return model.Tool{Server: "s", Name: name, InputSchema: []byte(in), Raw: []byte(raw)}
}

const (
	openSchema     = `{"type":"object"}`
	requiredSchema = `{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}`
)

// TestMarkServersSinceLockFile: against a lock file, a changed tool has
// its changes from the file's definition, a new one is added, and a tool
// the server no longer lists is removed.
func TestMarkServersSinceLockFile(t *testing.T) {
	t.Parallel()
	old := model.Server{Name: "s", State: model.StateConnected, Tools: []model.Tool{markTool("a", openSchema), markTool("b", openSchema)}}
	base := FromServers([]model.Server{old})
	now := model.Server{Name: "s", State: model.StateConnected, Tools: []model.Tool{markTool("a", requiredSchema), markTool("c", openSchema)}}
	marks, removed := MarkServers([]model.Server{now}, &base, nil, nil)
	a, c := marks["s.a"], marks["s.c"]
	if Worst(a.Changes) != Breaking || a.SinceStart || a.Added || a.Old.Name != "a" {
		t.Errorf("a = %+v, want a breaking change since the lock file", a)
	}
	if !c.Added || len(c.Changes) != 0 {
		t.Errorf("c = %+v, want added", c)
	}
	if len(removed["s"]) != 1 || removed["s"][0].Tool.String() != "s.b" {
		t.Errorf("removed = %v, want s.b", removed)
	}
	if string(a.Raw) != string(now.Tools[0].Raw) {
		t.Errorf("a's mark is for %s", a.Raw)
	}
}

// TestMarkServersSinceFirstListed: without a lock file, a tool's changes
// are since it was first listed; an unchanged tool has none.
func TestMarkServersSinceFirstListed(t *testing.T) {
	t.Parallel()
	first := map[string]model.Tool{"s.a": markTool("a", openSchema), "s.b": markTool("b", openSchema)}
	now := model.Server{Name: "s", State: model.StateConnected, Tools: []model.Tool{markTool("a", requiredSchema), markTool("b", openSchema)}}
	marks, removed := MarkServers([]model.Server{now}, nil, first, nil)
	if a := marks["s.a"]; !a.SinceStart || Worst(a.Changes) != Breaking || a.Added {
		t.Errorf("a = %+v, want a breaking change since first listed", a)
	}
	if b := marks["s.b"]; len(b.Changes) != 0 || b.SinceStart {
		t.Errorf("b = %+v, want no change", b)
	}
	if len(removed) != 0 {
		t.Errorf("removed = %v without a lock file", removed)
	}
}

// TestMarkServersKeepsWhatItCan: a server that is not connected keeps its
// tools' marks, and a definition marked before keeps its findings (the
// same slice: it was not linted again).
func TestMarkServersKeepsWhatItCan(t *testing.T) {
	t.Parallel()
	up := model.Server{Name: "s", State: model.StateConnected, Tools: []model.Tool{markTool("a", openSchema)}}
	prev, _ := MarkServers([]model.Server{up}, nil, nil, nil)
	prev["s.a"] = ToolMark{Raw: prev["s.a"].Raw, Findings: []lint.Finding{}}
	again, _ := MarkServers([]model.Server{up}, nil, nil, prev)
	if got := again["s.a"].Findings; got == nil || len(got) != 0 {
		t.Errorf("findings = %v, want prev's (empty, not nil)", got)
	}
	down := up
	down.State = model.StateError
	kept, _ := MarkServers([]model.Server{down}, nil, nil, prev)
	if _, ok := kept["s.a"]; !ok {
		t.Errorf("a server in error lost its tools' marks: %v", kept)
	}
}

// TestLintAllFindsPerTool: every connected tool is linted; one a client
// refuses has findings.
func TestLintAllFindsPerTool(t *testing.T) {
	t.Parallel()
	bad := markTool("bad name!", openSchema)
	srv := model.Server{Name: "s", State: model.StateConnected, Tools: []model.Tool{markTool("a", openSchema), bad}}
	found := LintAll([]model.Server{srv}, nil)
	if len(found) != 2 {
		t.Fatalf("findings for %d tools, want 2", len(found))
	}
	if len(found[bad.ID().String()]) == 0 {
		t.Errorf("no finding for a tool named %q", bad.Name)
	}
	off := srv
	off.State = model.StateStarting
	if got := LintAll([]model.Server{off}, nil); len(got) != 0 {
		t.Errorf("linted a server not connected: %v", got)
	}
}

package calls

import (
	"testing"

	"mcpeek/model"
)

// TestCallToolReadAgainstServers: a call's "tool" is read against the
// servers, so a server or tool name with dots is not cut at its first dot.
func TestCallToolReadAgainstServers(t *testing.T) {
	t.Parallel()
	servers := []model.Server{
		{Name: "a", Tools: []model.Tool{{Server: "a", Name: "b.c.d"}, {Server: "a", Name: "b.x"}}},
		{Name: "a.b", Tools: []model.Tool{{Server: "a.b", Name: "c.d"}}},
		{Name: "x.y"}, // its tools not listed
	}
	cases := map[string]model.ToolID{
		"a.b.c.d": {Server: "a.b", Tool: "c.d"},
		"a.b.x":   {Server: "a", Tool: "b.x"},
		"x.y.z":   {Server: "x.y", Tool: "z"},
		"q.r.s":   {Server: "q", Tool: "r.s"},
	}
	for text, want := range cases {
		if got := (Call{Tool: text}).ToolIn(servers); got != want {
			t.Errorf("%s read as %#v, want %#v", text, got, want)
		}
	}
}

package schemadiff

import (
	"slices"
	"testing"

	"mcpeek/model"
)

func snapOf(servers map[string][]string) Snapshot {
	var s Snapshot
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for k := range servers {
			if !yield(k) {
				return
			}
		}
	}) {
		srv := Server{Name: name}
		for _, t := range servers[name] {
			srv.Tools = append(srv.Tools, model.Tool{Server: name, Name: t[:1], Raw: []byte(`{"name":"` + t + `"}`)})
		}
		s.Servers = append(s.Servers, srv)
	}
	return s
}

func tools(s Snapshot) map[string]string {
	out := map[string]string{}
	for _, srv := range s.Servers {
		for _, t := range srv.Tools {
			out[srv.Name+"."+t.Name] = string(t.Raw)
		}
	}
	return out
}

func TestApprove(t *testing.T) {
	t.Parallel()
	// Tools are named by their first letter; the rest is their version.
	lock := snapOf(map[string][]string{"a": {"x1", "y1", "z1"}, "a.b": {"x1"}})
	live := snapOf(map[string][]string{"a": {"x2", "y2", "w1"}, "a.b": {"x2"}})
	for _, tc := range []struct {
		picks []string
		want  map[string]string
	}{
		{nil, tools(live)},
		{[]string{"a.x"}, map[string]string{"a.x": `{"name":"x2"}`, "a.y": `{"name":"y1"}`, "a.z": `{"name":"z1"}`, "a.b.x": `{"name":"x1"}`}},
		{[]string{"a.z", "a.w"}, map[string]string{"a.x": `{"name":"x1"}`, "a.y": `{"name":"y1"}`, "a.w": `{"name":"w1"}`, "a.b.x": `{"name":"x1"}`}},
		{[]string{"a.b"}, map[string]string{"a.x": `{"name":"x1"}`, "a.y": `{"name":"y1"}`, "a.z": `{"name":"z1"}`, "a.b.x": `{"name":"x2"}`}},
	} {
		got := tools(lock.Approve(live, tc.picks))
		if len(got) != len(tc.want) {
			t.Errorf("%v: got %v, want %v", tc.picks, got, tc.want)
			continue
		}
		for k, v := range tc.want {
			if got[k] != v {
				t.Errorf("%v: %s is %s, want %s", tc.picks, k, got[k], v)
			}
		}
	}
}

// Annotations that differ only in the order of their members (or their
// spacing) are the same annotations: a server that re-encodes them has not
// changed its tool, and a gateway pinned to a lock must not hold it back.
func TestAnnotationsInAnotherOrderAreNoChange(t *testing.T) {
	t.Parallel()
	one := func(raw string) Snapshot {
		return Snapshot{Servers: []Server{{Name: "s", Tools: []model.Tool{{Server: "s", Name: "t", Raw: []byte(raw)}}}}}
	}
	a := one(`{"name":"t","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":true,"openWorldHint":false}}`)
	b := one(`{"name":"t","inputSchema":{"type":"object"},"annotations":{ "openWorldHint": false, "readOnlyHint": true }}`)
	if changes := Diff(a, b); len(changes) != 0 {
		t.Fatalf("annotations in another order: %v", changes)
	}
	c := one(`{"name":"t","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":false,"openWorldHint":false}}`)
	if changes := Diff(a, c); len(changes) != 1 || changes[0].Kind != AnnotationsChanged {
		t.Fatalf("a hint changed: %v", changes)
	}
}

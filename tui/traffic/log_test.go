package traffic

import (
	"encoding/json"
	"fmt"
	"mcpeek/tui/kit"
	"strings"
	"testing"

	"mcpeek/gateway"
)

// The log keeps the last Keep calls and bounds the bodies it holds;
// a cursor stays on its call while older ones fall out.
func TestTrafficLogBounds(t *testing.T) {
	t.Parallel()
	var l callLog
	v := list{height: 10}
	body := json.RawMessage(`"` + strings.Repeat("x", 1<<20) + `"`)
	for i := range Keep + 50 {
		ev := gateway.Event{Op: fmt.Sprint("op", i), OK: true}
		if i%100 == 0 {
			ev.Envelope = body
		}
		l.add(ev)
		if i == 5000 {
			v.cursor = l.last()
			v.clamp(&l)
		}
	}
	if l.n != Keep || l.first() != 50 || l.at(l.first()).Op != "op50" || l.at(l.last()).Op != fmt.Sprint("op", Keep+49) {
		t.Fatalf("kept %d from %d: %q … %q", l.n, l.first(), l.at(l.first()).Op, l.at(l.last()).Op)
	}
	v.follow(&l)
	if l.at(v.cursor).Op != "op5000" {
		t.Errorf("the cursor moved to %q", l.at(v.cursor).Op)
	}
	if l.bodies > keepBodies {
		t.Errorf("%d bytes of bodies held", l.bodies)
	}
	if l.at(l.last()-49).Envelope == nil || l.at(l.first()+50).Envelope != nil {
		t.Error("not the oldest bodies were dropped")
	}
	d := newDetail(*l.at(l.first() + 50))
	if !strings.Contains(d.render(&kit.Styles{}, 100, 10), "bodies dropped") {
		t.Error("a call without its bodies does not say why")
	}
}

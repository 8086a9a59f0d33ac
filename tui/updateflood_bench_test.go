package tui

import (
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// BenchmarkUnsolicitedUpdate: the explorer takes one update of a resource
// it did not subscribe to, as the program takes a message: Filter, then,
// if it passes, Update and a frame. A resource is shown in the pane and
// another is subscribed to; each update names a resource of its own.
func BenchmarkUnsolicitedUpdate(b *testing.B) {
	h, _ := offersHarness(b, offersServer(3, 1, 0), 120, 40)
	h.selectOffer("resource", "r1\x1b[31mred\x1b]0;title\a")
	h.keys("u")
	h.selectOffer("resource", "r0\x1b[31mred\x1b]0;title\a")
	h.keys("enter")
	msgs := make([]tea.Msg, 1024)
	for i := range msgs {
		msgs[i] = ResourceUpdatedMsg{Server: "o", URI: fmt.Sprintf("mem://flood/%d", i)}
	}
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		msg := msgs[i%len(msgs)]
		i++
		if msg = Filter(h.m, msg); msg != nil {
			h.m.Update(msg)
			_ = h.m.View()
		}
	}
}

package tui

import (
	"fmt"
	"testing"
)

func BenchmarkTmpUnsolicited(b *testing.B) {
	h, _ := offersHarness(b, offersServer(3, 1, 0), 120, 40)
	h.selectOffer("resource", "r0\x1b[31mred\x1b]0;title\a")
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		i++
		h.m.Update(ResourceUpdatedMsg{Server: "o", URI: fmt.Sprintf("mem://flood/%d", i)})
		_ = h.m.View()
	}
}
func BenchmarkTmpViewOnly(b *testing.B) {
	h, _ := offersHarness(b, offersServer(3, 1, 0), 120, 40)
	h.selectOffer("resource", "r0\x1b[31mred\x1b]0;title\a")
	for b.Loop() {
		_ = h.m.View()
	}
}

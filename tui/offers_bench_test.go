package tui

import (
	"fmt"
	"testing"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/tui/kit"
	"mcpeek/tui/resourcemarks"
	"mcpeek/tui/toollist"
)

// BenchmarkOfferRowsRender draws the tools pane of a server with n
// resources: a frame costs the screen's rows, not the resources (compare
// the 100 and 10,000 runs).
func BenchmarkOfferRowsRender(b *testing.B) {
	for _, n := range []int{100, 10_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			st := kit.NewStyles(true, true)
			servers := []model.Server{{Name: "o", State: model.StateConnected}}
			so := &serverOffers{marks: &resourcemarks.Marks{}}
			for i := range n {
				so.resources = append(so.resources, mcpclient.Resource{Name: fmt.Sprintf("resource-%d", i), URI: fmt.Sprintf("mem://r/%d", i)})
			}
			so.index()
			offers := &offerState{by: map[string]*serverOffers{"o": so}}
			l := toollist.New[offerRef](offers)
			l.SetHeight(40)
			l.Rebuild(servers, nil)
			l.Scroll(n / 2)
			v := toollist.View{Styles: &st, Width: 40, Focused: true}
			b.ReportAllocs()
			for b.Loop() {
				_ = l.View(v, servers, nil)
			}
		})
	}
}

package mcpclient

import (
	"slices"
	"testing"
)

// Reports that arrive out of order (a server's notifications split over two
// HTTP streams) reach the callback in order: one that does not go past the
// last is dropped.
func TestProgressOutOfOrderIsDropped(t *testing.T) {
	t.Parallel()
	delivered := make(chan float64, 8)
	p := newProgressSink(func(v Progress) { delivered <- v.Progress })
	var got []float64
	for _, v := range []float64{1, 3} {
		p.offer(Progress{Progress: v, Total: 4})
		got = append(got, <-delivered)
	}
	p.offer(Progress{Progress: 2, Total: 4})
	p.close() // delivers a report still waiting
	close(delivered)
	for v := range delivered {
		got = append(got, v)
	}
	if !slices.Equal(got, []float64{1, 3}) {
		t.Errorf("delivered %v, want [1 3]", got)
	}
}

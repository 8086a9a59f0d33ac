package par

import (
	"runtime"
	"sync/atomic"
	"testing"
)

// TestEachCallsEveryIndexOnce: every index once, none beyond n, for n
// below, at and above the number of cores, and none for n = 0.
func TestEachCallsEveryIndexOnce(t *testing.T) {
	t.Parallel()
	for _, n := range []int{0, 1, runtime.GOMAXPROCS(0), 1000} {
		calls := make([]atomic.Int32, n)
		var total atomic.Int32
		Each(n, func(i int) {
			calls[i].Add(1)
			total.Add(1)
		})
		if int(total.Load()) != n {
			t.Errorf("n=%d: %d calls", n, total.Load())
		}
		for i := range calls {
			if c := calls[i].Load(); c != 1 {
				t.Errorf("n=%d: index %d called %d times", n, i, c)
			}
		}
	}
}

// Package par runs independent pieces of work on every core.
package par

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Each calls f(i) for each i in [0, n), on as many goroutines as there are
// cores (GOMAXPROCS, at most n), each taking the next i when it is done
// with one, so that a few large items do not leave a core idle. It returns
// when all are done. f must be safe to call from several goroutines at
// once; writing to the i-th element of a slice of its own is.
func Each(n int, f func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				f(i)
			}
		})
	}
	wg.Wait()
}

package schemadiff

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/go-json-experiment/json/jsontext"

	"mcpeek/model"
)

// onEveryCore calls f(i) for each i in [0, n), on as many goroutines as
// there are cores, each taking the next i when it is done with one, so
// that a few large items do not leave a core idle. It returns when all are
// done.
func onEveryCore(n int, f func(i int)) {
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

// parseTools reads the tool definitions of one server of a lock file (see
// ParseTool), each made compact unless the text already is, on every core.
// The error is the first tool's, counted from first (the number of tools
// read before).
func parseTools(server string, raws []jsontext.Value, first int, text layout) ([]model.Tool, error) {
	tools := make([]model.Tool, len(raws))
	errs := make([]error, len(raws))
	onEveryCore(len(raws), func(i int) {
		raw := raws[i]
		if text == compacted {
			raw = raw[:len(raw):len(raw)] // its own, though it shares the text
		} else {
			raw = compact(raw)
		}
		tools[i], errs[i] = ParseTool(server, raw)
	})
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("server %q, tool %d: %w", server, first+i+1, err)
		}
	}
	return tools, nil
}

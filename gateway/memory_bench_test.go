package gateway

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// peakRSS reads a process's peak resident set (VmHWM) in bytes.
func peakRSS(tb testing.TB, pid int) int64 {
	tb.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		tb.Skip("no /proc: ", err)
	}
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				tb.Fatal(err)
			}
			return kb << 10
		}
	}
	tb.Fatal("no VmHWM")
	return 0
}

// memoryGateway runs `mcpeek gateway --http` whose one upstream ("u") is
// the helper server over stdio, and returns its URL and pid.
func memoryGateway(b *testing.B) (string, int) {
	bin, err := gatewayBin()
	if err != nil {
		b.Fatal(err)
	}
	up := helperConfig("u", "basic")
	cfg := filepath.Join(b.TempDir(), "mcp.json")
	raw, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{"u": map[string]any{"command": up.Command, "args": up.Args, "env": up.Env}}})
	if err := os.WriteFile(cfg, raw, 0o644); err != nil {
		b.Fatal(err)
	}
	url, cmd := startHTTPGateway(b, bin, "--config", cfg)
	return url, cmd.Process.Pid
}

// BenchmarkGatewayPeakRSS measures the peak RSS of a real `mcpeek gateway
// --http` process under two loads that used to hold memory without a cap:
//
//   - idempotency: 500 tool_exec calls, each with its own idempotency key,
//     whose results are 1 MiB each (4 callers at a time);
//   - bodies: 100 concurrent tool_exec calls whose request bodies are 4 MB
//     each (the arguments of an upstream tool that answers at once).
//
// It reports the process's RSS at rest and at its peak, in MiB, and for
// bodies how many requests were refused with 503.
func BenchmarkGatewayPeakRSS(b *testing.B) {
	if testing.Short() {
		b.Skip("builds the mcpeek binary")
	}
	mib := func(n int64) float64 { return float64(n) / (1 << 20) }
	b.Run("idempotency", func(b *testing.B) {
		url, pid := memoryGateway(b)
		s := openRawSession(b, url)
		rest := peakRSS(b, pid)
		const calls, callers = 500, 4
		keys := make(chan int, calls)
		for i := range calls {
			keys <- i
		}
		close(keys)
		var wg sync.WaitGroup
		for range callers {
			wg.Go(func() {
				for i := range keys {
					code, env := s.exec(map[string]any{"op": "u.big", "args": map[string]any{}, "idempotency_key": fmt.Sprintf("k%d", i)})
					if code != http.StatusOK || !env.OK || len(env.Result) < 1<<20 {
						b.Errorf("call %d: %d %+v", i, code, env.Error)
						return
					}
				}
			})
		}
		wg.Wait()
		b.ReportMetric(mib(rest), "rest-MiB")
		b.ReportMetric(mib(peakRSS(b, pid)), "peak-MiB")
		b.ReportMetric(0, "ns/op")
	})
	b.Run("bodies", func(b *testing.B) {
		url, pid := memoryGateway(b)
		s := openRawSession(b, url)
		rest := peakRSS(b, pid)
		const calls, size = 100, 4_000_000
		pad := strings.Repeat("x", size-200)
		body := s.callBody(toolExec, map[string]any{"op": "u.ok", "args": map[string]any{"pad": pad}})
		var mu sync.Mutex
		codes := map[int]int{}
		var wg sync.WaitGroup
		start := make(chan struct{})
		for range calls {
			wg.Go(func() {
				<-start
				res, _ := s.do(http.MethodPost, body, nil)
				mu.Lock()
				codes[res.StatusCode]++
				mu.Unlock()
			})
		}
		time.Sleep(100 * time.Millisecond) // every caller waits at start
		close(start)
		wg.Wait()
		if codes[http.StatusOK]+codes[http.StatusServiceUnavailable] != calls {
			b.Errorf("status codes: %v", codes)
		}
		b.ReportMetric(mib(rest), "rest-MiB")
		b.ReportMetric(mib(peakRSS(b, pid)), "peak-MiB")
		b.ReportMetric(float64(codes[http.StatusServiceUnavailable]), "refused-503")
		b.ReportMetric(0, "ns/op")
	})
}

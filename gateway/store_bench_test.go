package gateway

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"mcpeek/internal/storetest"
	"mcpeek/mcpclient"
	"mcpeek/summarizer/schemadiff"
)

// BenchmarkTeamGateway measures what a team's gateway adds per call, over
// streamable HTTP (a session-era session, kept-alive connections) to one
// in-process upstream, with four gateways over the same upstreams called
// in turn: the default (in-memory) one, one pinned to a lock file, and
// one sharing a real redis-server on loopback; the last two are each
// called without and with a fresh idempotency key. It reports p50 and p99
// of each, in µs.
func BenchmarkTeamGateway(b *testing.B) {
	rds := storetest.StartRedis(b)
	ts := newTestServer()
	up, err := mcpclient.NewManager(mcpclient.Config{}, mcpclient.WithInProcess("test", ts.srv))
	if err != nil {
		b.Fatal(err)
	}
	defer up.Close()
	if err := up.Start(context.Background()); err != nil {
		b.Fatal(err)
	}
	snap, _ := schemadiff.FromServers(up.Servers()).Encode()
	lock := filepath.Join(b.TempDir(), "mcpeek.lock.json")
	if err := os.WriteFile(lock, snap, 0o644); err != nil {
		b.Fatal(err)
	}
	variants := []struct {
		name string
		opts Options
	}{
		{"memory", Options{}},
		{"locked", Options{Lock: &LockOptions{Path: lock}}},
		{"store", Options{Store: &StoreOptions{URL: rds.URL(), Prefix: "bench:"}}},
	}
	sessions := make([]*rawSession, len(variants))
	for i, v := range variants {
		g, err := New(up, v.opts)
		if err != nil {
			b.Fatal(err)
		}
		ln, err := g.Listen("127.0.0.1:0")
		if err != nil {
			b.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { g.ServeListener(ctx, ln); close(done) }()
		defer func() { cancel(); <-done; g.Close() }()
		sessions[i] = openRawSession(b, g.URL(ln))
	}
	type series struct {
		name string
		s    *rawSession
		key  bool
		d    []time.Duration
	}
	all := []*series{
		{name: "memory", s: sessions[0]},
		{name: "locked", s: sessions[1]},
		{name: "store", s: sessions[2]},
		{name: "memory-key", s: sessions[0], key: true},
		{name: "store-key", s: sessions[2], key: true},
	}
	n := 0
	call := func(x *series) time.Duration {
		req := map[string]any{"op": "test.get_item", "args": map[string]any{"id": "a1"}}
		if x.key {
			n++
			req["idempotency_key"] = fmt.Sprintf("k%d-%d", time.Now().UnixNano(), n)
		}
		t0 := time.Now()
		code, env := x.s.exec(req)
		d := time.Since(t0)
		if code != http.StatusOK || !env.OK {
			b.Fatalf("%s: %d %+v", x.name, code, env.Error)
		}
		return d
	}
	for range 50 { // warm up every path
		for _, x := range all {
			call(x)
		}
	}
	b.ResetTimer()
	for range b.N {
		for _, x := range all {
			x.d = append(x.d, call(x))
		}
	}
	b.StopTimer()
	us := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 }
	for _, x := range all {
		b.ReportMetric(us(percentile(x.d, .5)), x.name+"-p50-µs")
		b.ReportMetric(us(percentile(x.d, .99)), x.name+"-p99-µs")
	}
	b.ReportMetric(0, "ns/op")
}

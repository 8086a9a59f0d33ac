// Command hostileregistry serves an MCP Registry that answers every
// listing with pages just under mcpeek's cap on one answer, slowly, and
// always has a next page: what a hostile or broken registry can do within
// the API. scripts/bench-registry measures mcpeek against it.
//
//	hostileregistry [-page-bytes N] [-page-time D]
//
// It prints its base URL on the first line of stdout, then serves until
// killed; each listing request is logged on stderr with how many were
// being answered at once, and the most so far. Each page holds -entries servers (100) whose names hold the search text,
// each with a description that fills the page; the page is
// written in 64 pieces spread over -page-time. A request whose client
// goes away stops being written.
package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

func main() {
	pageBytes := flag.Int("page-bytes", 8<<20-64<<10, "size of each page")
	pageTime := flag.Duration("page-time", 2*time.Second, "how long each page takes to arrive")
	entries := flag.Int("entries", 100, "servers on each page")
	flag.Parse()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("http://%s\n", ln.Addr())
	var inFlight, most atomic.Int64
	log.Fatal(http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v0.1/servers" {
			http.Error(w, `{"error":"not found"}`, http.StatusNotFound)
			return
		}
		n := inFlight.Add(1)
		defer inFlight.Add(-1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		log.Printf("search=%q cursor=%q: %d in flight, at most %d", r.URL.Query().Get("search"), r.URL.Query().Get("cursor"), n, most.Load())
		cursor, _ := strconv.Atoi(r.URL.Query().Get("cursor"))
		page := pageOf(r.URL.Query().Get("search"), cursor, *entries, *pageBytes)
		w.Header().Set("Content-Type", "application/json")
		const pieces = 64
		step := len(page)/pieces + 1
		for i := 0; i < len(page); i += step {
			if _, err := w.Write(page[i:min(i+step, len(page))]); err != nil {
				return
			}
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
				return
			case <-time.After(*pageTime / pieces):
			}
		}
	})))
}

// pageOf is page n of a search: count servers and a cursor to page n+1.
func pageOf(search string, n, count, size int) []byte {
	var b strings.Builder
	b.WriteString(`{"servers":[`)
	desc := strings.Repeat("x", max(size/count-200, 1))
	for i := range count {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"server":{"name":"io.hostile/%s-%d-%d","description":"%s","version":"1.0.0"},`+
			`"_meta":{"io.modelcontextprotocol.registry/official":{"status":"active","isLatest":true}}}`,
			search, n, i, desc)
	}
	fmt.Fprintf(&b, `],"metadata":{"nextCursor":"%d","count":%d}}`, n+1, count)
	return []byte(b.String())
}

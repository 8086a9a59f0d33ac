package registry_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"mcpeek/internal/registrytest"
	"mcpeek/mcpclient/registry"
)

// TestARefreshMergedPastTheCacheCapIsReadBack: a search read to its cap
// of bytes (the page that crossed it included), refreshed with as much
// again updated since, is cut where the cache can hold it: what the
// refresh shows is what the cache reads back, so the next search within
// the hour asks the registry nothing, and Stopped says the listing was
// cut at its bytes.
func TestARefreshMergedPastTheCacheCapIsReadBack(t *testing.T) {
	reg := registrytest.New(t)
	const pageBytes = registry.DefaultMaxPageBytes - 64<<10
	desc := strings.Repeat("x", pageBytes/100-100)
	reg.Override(func(w http.ResponseWriter, r *http.Request) bool {
		prefix, next := "a", ""
		page := 1
		fmt.Sscan(r.URL.Query().Get("cursor"), &page)
		if r.URL.Query().Get("updated_since") != "" {
			prefix = "b" // one page of servers updated since, sorted after the rest
		} else {
			next = fmt.Sprint(page + 1)
		}
		fmt.Fprint(w, `{"servers":[`)
		for i := range 100 {
			if i > 0 {
				fmt.Fprint(w, ",")
			}
			fmt.Fprintf(w, `{"server":{"name":"io.big/%s%03d-%03d","version":"1","description":"%s"}}`, prefix, page, i, desc)
		}
		fmt.Fprintf(w, `],"metadata":{"nextCursor":%q}}`, next)
		return true
	})
	now := &clock{now: t0}
	dir := t.TempDir()
	b := browser(t, reg.URL, dir, now)
	ctx := context.Background()
	first, err := b.Search(ctx, "")
	if err != nil || first.Stopped.Limit != registry.LimitBytes {
		t.Fatalf("first search: %d entries, stopped %+v, %v", len(first.Entries), first.Stopped, err)
	}
	now.Add(2 * time.Hour)
	refreshed, err := b.Search(ctx, "")
	if err != nil || !refreshed.Refreshed {
		t.Fatalf("refresh: %+v, %v", refreshed.Freshness, err)
	}
	if len(refreshed.Entries) <= len(first.Entries) || refreshed.Stopped.Limit != registry.LimitBytes {
		t.Errorf("refresh: %d entries after %d, stopped %+v", len(refreshed.Entries), len(first.Entries), refreshed.Stopped)
	}
	asked := len(reg.Requests())
	now.Add(time.Minute)
	again, err := b.Search(ctx, "")
	if err != nil || !again.FromCache || len(reg.Requests()) != asked {
		t.Fatalf("the search after the refresh asked the registry again (%d requests after %d, from cache %v, %v)", len(reg.Requests()), asked, again.FromCache, err)
	}
	if len(again.Entries) != len(refreshed.Entries) || again.Stopped != refreshed.Stopped {
		t.Errorf("the cache read back %d entries (stopped %+v), the refresh showed %d (%+v)", len(again.Entries), again.Stopped, len(refreshed.Entries), refreshed.Stopped)
	}
	var size int64
	filepath.Walk(dir, func(_ string, info os.FileInfo, _ error) error {
		if info != nil && !info.IsDir() {
			size = max(size, info.Size())
		}
		return nil
	})
	t.Logf("%d entries listed, %d after the refresh; the cache file is %.1f MiB", len(first.Entries), len(refreshed.Entries), float64(size)/(1<<20))
}

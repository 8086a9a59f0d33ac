package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mcpeek/internal/bytesize"
	"mcpeek/internal/registrytest"
	"mcpeek/mcpclient/registry"
)

// TestRegistrySearchSaysWhichLimitStoppedIt: a registry that answers
// every page with nearly the largest answer read, and always one more, is
// stopped by the cap on bytes long before the cap on pages; the warning
// names that cap and the pages read, not the page cap.
func TestRegistrySearchSaysWhichLimitStoppedIt(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	reg := registrytest.New(t)
	const pageBytes = registry.DefaultMaxPageBytes - 64<<10
	desc := strings.Repeat("x", pageBytes/100-100)
	reg.Override(func(w http.ResponseWriter, r *http.Request) bool {
		page := 1
		fmt.Sscan(r.URL.Query().Get("cursor"), &page)
		fmt.Fprint(w, `{"servers":[`)
		for i := range 100 {
			if i > 0 {
				fmt.Fprint(w, ",")
			}
			fmt.Fprintf(w, `{"server":{"name":"io.big/p%d-%d","version":"1","description":"%s"}}`, page, i, desc)
		}
		fmt.Fprintf(w, `],"metadata":{"nextCursor":"%d"}}`, page+1)
		return true
	})
	_, stderr, code := mcpeek(t, "registry", "search", "--registry", reg.URL)
	pages := (registry.DefaultMaxListingBytes + pageBytes - 1) / pageBytes
	want := fmt.Sprintf("the listing stopped after %d pages, at its limit of %s: narrow the search", pages, bytesize.Limit(registry.DefaultMaxListingBytes))
	if code != 0 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stderr %q, want %q", code, stderr, want)
	}
	if n := len(reg.Requests()); n != pages {
		t.Errorf("%d pages asked for, want %d", n, pages)
	}
}

package registry_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"mcpeek/internal/registrytest"
	"mcpeek/mcpclient/registry"
)

// endless answers every listing with a page of n entries, each padded to
// about size bytes, and a cursor to one more page; page 2 on blocks,
// when hold is set, until the client goes away, first telling asked.
func endless(t *testing.T, n, size int, hold bool, asked chan<- int) *registrytest.Registry {
	reg := registrytest.New(t)
	pad := strings.Repeat("x", size)
	reg.Override(func(w http.ResponseWriter, r *http.Request) bool {
		page := 1
		fmt.Sscan(r.URL.Query().Get("cursor"), &page)
		if hold && page > 1 {
			asked <- page
			<-r.Context().Done()
			return true
		}
		var b strings.Builder
		b.WriteString(`{"servers":[`)
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"server":{"name":"io.endless/p%d-%d","version":"1","description":"%s"}}`, page, i, pad)
		}
		fmt.Fprintf(&b, `],"metadata":{"nextCursor":"%d"}}`, page+1)
		fmt.Fprint(w, b.String())
		return true
	})
	return reg
}

// TestListingDeadlineStopsASlowListing: a registry that answers the first
// page and then takes its time is stopped by the listing's one deadline
// (its timer injected: the test fires it once page 2 is asked for); what
// was read is kept, and the listing says that the deadline stopped it,
// after how many pages.
func TestListingDeadlineStopsASlowListing(t *testing.T) {
	t.Parallel()
	asked := make(chan int, 1)
	reg := endless(t, 3, 10, true, asked)
	c := client(t, reg.URL)
	fire := make(chan func(), 1)
	var deadline time.Duration
	registry.SetListingTimer(c, func(d time.Duration, f func()) func() bool {
		deadline = d
		fire <- f
		return func() bool { return true }
	})
	done := make(chan registry.Listing)
	go func() {
		l, err := c.List(context.Background(), registry.Query{}, registry.Limits{})
		if err != nil {
			t.Errorf("list: %v", err)
		}
		done <- l
	}()
	f := <-fire
	<-asked
	f()
	l := <-done
	if deadline != registry.DefaultListingDeadline || registry.DefaultListingDeadline < time.Minute {
		t.Errorf("deadline %v, default %v", deadline, registry.DefaultListingDeadline)
	}
	if l.Pages != 1 || len(l.Entries) != 3 || l.Stopped.Limit != registry.LimitDeadline {
		t.Fatalf("%d pages, %d entries, stopped %+v", l.Pages, len(l.Entries), l.Stopped)
	}
	if got, want := l.Stopped.String(), "the listing stopped after 1 page, at its deadline of 3m0s"; got != want {
		t.Errorf("says %q, want %q", got, want)
	}
}

// TestListingSaysWhichLimitStoppedIt: each cap stops an endless listing
// and is the one named.
func TestListingSaysWhichLimitStoppedIt(t *testing.T) {
	t.Parallel()
	reg := endless(t, 10, 100, false, nil)
	for _, tc := range []struct {
		lim   registry.Limits
		pages int
		say   string
	}{
		{registry.Limits{Pages: 3}, 3, "the listing stopped after 3 pages, at its limit of 3 pages"},
		{registry.Limits{Bytes: 4000}, 3, "the listing stopped after 3 pages, at its limit of 4000 bytes"},
		{registry.Limits{Entries: 25}, 3, "the listing stopped after 3 pages, at its limit of 25 entries"},
	} {
		l, err := client(t, reg.URL).List(context.Background(), registry.Query{}, tc.lim)
		if err != nil || l.Pages != tc.pages || l.Stopped.String() != tc.say {
			t.Errorf("%+v: %d pages, %v, says %q, want %q", tc.lim, l.Pages, err, l.Stopped, tc.say)
		}
		if tc.lim.Entries > 0 && len(l.Entries) != tc.lim.Entries {
			t.Errorf("%d entries kept, want %d", len(l.Entries), tc.lim.Entries)
		}
	}
}

// TestAPageOfTooManyEntriesIsCut: a registry that sends far more entries
// than asked for on one page has them cut at the listing's cap, so that
// tiny entries cannot make one page hold millions.
func TestAPageOfTooManyEntriesIsCut(t *testing.T) {
	t.Parallel()
	reg := endless(t, 5000, 1, false, nil)
	l, err := client(t, reg.URL).List(context.Background(), registry.Query{}, registry.Limits{Entries: 1000})
	if err != nil || l.Pages != 1 || len(l.Entries) != 1000 || l.Stopped.Limit != registry.LimitEntries {
		t.Errorf("%d pages, %d entries, stopped %+v, %v", l.Pages, len(l.Entries), l.Stopped, err)
	}
}

package registry

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"mcpeek/internal/bytesize"
)

// Limits bound one listing, so that a broken or hostile registry can
// make one search neither read nor hold without end. A zero field takes
// its default.
type Limits struct {
	Pages    int           // pages followed (DefaultMaxPages)
	Bytes    int64         // the pages' answers together (DefaultMaxListingBytes)
	Entries  int           // entries kept (DefaultMaxEntries)
	Deadline time.Duration // the whole listing, every page (DefaultListingDeadline)
}

// Defaults of Limits. A listing of the official registry's latest
// versions is a few MiB in a few dozen pages; these leave it room many
// times over while bounding what one search holds (about twice Bytes:
// the entries as sent and as read).
const (
	// DefaultMaxPages caps the pages one listing follows.
	DefaultMaxPages = 200
	// DefaultMaxListingBytes caps all the pages of one listing together.
	DefaultMaxListingBytes = 32 << 20
	// DefaultMaxEntries caps the entries one listing keeps: the page cap
	// times the entries asked for per page.
	DefaultMaxEntries = DefaultMaxPages * PageLimit
	// DefaultListingDeadline bounds one listing, all its pages together
	// (each request is also bounded on its own, 30 seconds by default).
	DefaultListingDeadline = 3 * time.Minute
)

// withDefaults fills the zero fields of l.
func (l Limits) withDefaults() Limits {
	if l.Pages <= 0 {
		l.Pages = DefaultMaxPages
	}
	if l.Bytes <= 0 {
		l.Bytes = DefaultMaxListingBytes
	}
	if l.Entries <= 0 {
		l.Entries = DefaultMaxEntries
	}
	if l.Deadline <= 0 {
		l.Deadline = DefaultListingDeadline
	}
	return l
}

// Limit names the bound that cut a listing short.
type Limit string

// The bounds of Limits, as Stop names them.
const (
	LimitPages    Limit = "pages"
	LimitBytes    Limit = "bytes"
	LimitEntries  Limit = "entries"
	LimitDeadline Limit = "deadline"
)

// Stop says why a listing ended before its last page; the zero Stop is a
// listing read to its end.
type Stop struct {
	Limit Limit  `json:"limit,omitempty"`
	Cap   string `json:"cap,omitempty"` // the bound as said: "200 pages", "32 MiB", "3m0s"
	Pages int    `json:"pages,omitempty"`
}

// Cut reports whether the listing stopped before its end.
func (s Stop) Cut() bool { return s.Limit != "" }

// String says which bound stopped the listing, and after how many pages.
func (s Stop) String() string {
	if !s.Cut() {
		return "the listing was read to its end"
	}
	pages := strconv.Itoa(s.Pages) + " pages"
	if s.Pages == 1 {
		pages = "1 page"
	}
	what := "limit"
	if s.Limit == LimitDeadline {
		what = "deadline"
	}
	return fmt.Sprintf("the listing stopped after %s, at its %s of %s", pages, what, s.Cap)
}

// stop is the Stop of bound which, after pages pages, under l.
func (l Limits) stop(which Limit, pages int) Stop {
	s := Stop{Limit: which, Pages: pages}
	switch which {
	case LimitPages:
		s.Cap = strconv.Itoa(l.Pages) + " pages"
	case LimitBytes:
		s.Cap = bytesize.Limit(l.Bytes)
	case LimitEntries:
		s.Cap = strconv.Itoa(l.Entries) + " entries"
	case LimitDeadline:
		s.Cap = l.Deadline.String()
	}
	return s
}

// errDeadline is why a listing's context ended at its deadline.
var errDeadline = errors.New("the listing's deadline passed")

// withDeadline is ctx ended at the listing's deadline, by c's timer, with
// errDeadline as its cause.
func (c *Client) withDeadline(ctx context.Context, d time.Duration) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(ctx)
	after := c.afterFunc
	if after == nil {
		after = func(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }
	}
	stopTimer := after(d, func() { cancel(errDeadline) })
	return ctx, func() { stopTimer(); cancel(nil) }
}

// pastDeadline reports whether ctx ended at the listing's deadline.
func pastDeadline(ctx context.Context) bool { return errors.Is(context.Cause(ctx), errDeadline) }

package mcpclient

import (
	"context"
	"encoding/json"
	"fmt"
)

// pageCut is why a listing stopped following cursors before its last
// page: a cursor that repeats an earlier one, or the page cap reached.
// Each caller words it its own way: tools/list fails, the other listings
// keep what they have and say why they stopped.
type pageCut struct {
	page   int    // the page whose next cursor was refused
	cursor string // the repeated cursor; "" when the cap was reached
	cap    int    // the page cap, when it was reached
}

func (e *pageCut) Error() string {
	if e.cap > 0 {
		return fmt.Sprintf("still paginating after %d pages", e.cap)
	}
	return fmt.Sprintf("page %d repeats cursor %q", e.page, Sanitize(e.cursor))
}

// pageCap is the connection's cap on a listing's pages (WithMaxPages).
func (c *conn) pageCap() int {
	if c.maxPages <= 0 {
		return defaultMaxPages
	}
	return c.maxPages
}

// followPages requests method page after page, from no cursor, and hands
// each result to read, which returns the next cursor ("" to stop). It
// stops at the first error, or with a *pageCut when a cursor repeats or
// maxPages pages were read and another is offered.
func (c *conn) followPages(ctx context.Context, method string, maxPages int, read func(page int, raw json.RawMessage) (next string, err error)) error {
	seen := map[string]bool{}
	cursor := ""
	for page := 1; ; page++ {
		params := map[string]any{}
		if cursor != "" {
			params["cursor"] = cursor
		}
		raw, err := c.request(ctx, method, params)
		if err != nil {
			return err
		}
		next, err := read(page, raw)
		switch {
		case err != nil:
			return err
		case next == "":
			return nil
		case seen[next]:
			return &pageCut{page: page, cursor: next}
		case page >= maxPages:
			return &pageCut{page: page, cap: maxPages}
		}
		seen[next] = true
		cursor = next
	}
}

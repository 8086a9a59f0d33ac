package mcpclient

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
)

// listenFilter is what the connection's listen stream asks for without
// subscriptions: the list_changed notifications the server declares.
func (c *conn) listenFilter() mcp.SubscriptionFilter {
	caps := c.info.Capabilities
	return mcp.SubscriptionFilter{
		ToolsListChanged:     c.toolsListChanged(),
		ResourcesListChanged: caps.Resources != nil && caps.Resources.ListChanged,
		PromptsListChanged:   caps.Prompts != nil && caps.Prompts.ListChanged,
	}
}

// stream is one subscriptions/listen request of a 2026-07-28 connection.
type stream struct {
	ackOnce sync.Once
	acked   chan struct{}          // closed by the server's acknowledgement
	allowed mcp.SubscriptionFilter // what the server established; set before acked closes
	failed  chan error             // the request failed before it was acknowledged (cap 1)
}

func (st *stream) acknowledge(allowed mcp.SubscriptionFilter) {
	st.ackOnce.Do(func() {
		st.allowed = allowed
		close(st.acked)
	})
}

// openStream opens the connection's subscriptions/listen stream again with
// what it needs now (the list_changed notifications the server sends, and
// the subscribed resources), ending the one before, and waits for the server to
// acknowledge it, so that no change made after it returns is missed. It
// returns what the server established. The caller holds streamMu.
//
// Once acknowledged, a stream that breaks marks the connection lost: over
// HTTP this is how a lost server shows.
func (c *conn) openStream(ctx context.Context) (mcp.SubscriptionFilter, error) {
	if c.stopListen != nil {
		c.stopListen()
		c.stopListen = nil
	}
	want := c.listenFilter()
	want.ResourceSubscriptions = slices.Sorted(maps.Keys(c.subs))
	if want.IsEmpty() {
		c.stream.Store(nil)
		return want, nil
	}
	st := &stream{acked: make(chan struct{}), failed: make(chan error, 1)}
	c.stream.Store(st)
	stop, err := c.client.ListenAsync(c.life, want, func(err error) {
		select {
		case <-st.acked:
			c.markLost(fmt.Errorf("notification stream closed: %w", err))
		default:
			st.failed <- err
		}
	})
	if err != nil {
		return mcp.SubscriptionFilter{}, fmt.Errorf("subscriptions/listen: %w", err)
	}
	c.stopListen = stop
	t := time.NewTimer(listenAckTimeout)
	defer t.Stop()
	select {
	case <-st.acked:
		return st.allowed, nil
	case err := <-st.failed:
		return mcp.SubscriptionFilter{}, fmt.Errorf("subscriptions/listen: %w", c.lostOr(err))
	case <-t.C:
		return mcp.SubscriptionFilter{}, fmt.Errorf("subscriptions/listen: not acknowledged within %s", listenAckTimeout)
	case <-ctx.Done():
		return mcp.SubscriptionFilter{}, ctx.Err()
	case <-c.life.Done():
		return mcp.SubscriptionFilter{}, errors.New("connection closed")
	}
}

// errNotTaken is why a subscription the server acknowledged without the
// resource failed.
var errNotTaken = errors.New("the server did not take the subscription")

// subscribe subscribes to the resources at uris: resources/subscribe for
// each before the 2026-07-28 era, one stream naming them all from then on.
// It returns why each that failed did.
func (c *conn) subscribe(ctx context.Context, uris []string) map[string]error {
	failed := map[string]error{}
	if !c.modern() {
		for _, uri := range uris {
			if _, err := c.request(ctx, string(mcp.MethodResourcesSubscribe), map[string]any{"uri": uri}); err != nil {
				failed[uri] = err
			}
		}
		return failed
	}
	c.streamMu.Lock()
	defer c.streamMu.Unlock()
	if c.subs == nil {
		c.subs = map[string]bool{}
	}
	var fresh []string
	for _, uri := range uris {
		if !c.subs[uri] {
			c.subs[uri] = true
			fresh = append(fresh, uri)
		}
	}
	if len(fresh) == 0 {
		return failed
	}
	allowed, err := c.openStream(ctx)
	for _, uri := range fresh {
		switch {
		case err != nil:
			failed[uri] = err
		case !slices.Contains(allowed.ResourceSubscriptions, uri):
			failed[uri] = errNotTaken
		default:
			continue
		}
		delete(c.subs, uri)
	}
	if err != nil && c.life.Err() == nil {
		// The stream before is gone with the attempt: open it again for
		// what it carried (best effort; if this fails too the connection
		// is in trouble, and its loss will show).
		ctx, cancel := context.WithTimeout(c.life, listenAckTimeout)
		defer cancel()
		_, _ = c.openStream(ctx)
	}
	return failed
}

// unsubscribe ends the subscription to uri: resources/unsubscribe, or a
// stream without it.
func (c *conn) unsubscribe(ctx context.Context, uri string) error {
	if !c.modern() {
		_, err := c.request(ctx, string(mcp.MethodResourcesUnsubscribe), map[string]any{"uri": uri})
		return err
	}
	c.streamMu.Lock()
	defer c.streamMu.Unlock()
	if !c.subs[uri] {
		return nil
	}
	delete(c.subs, uri)
	_, err := c.openStream(ctx)
	return err
}

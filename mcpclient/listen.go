package mcpclient

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
)

// A 2026-07-28 server sends its notifications (list_changed, resource
// updates) only on a subscriptions/listen stream that asks for them, and
// mcp-go's client holds one such stream at a time: a second Listen ends
// the first. So a connection keeps one stream whose filter is everything
// it wants, the list_changed the server declares and the resources
// subscribed to, and replaces it when a subscription comes or goes. A
// stream that is replaced or stopped on purpose is not a lost connection.

// listenStream is a connection's listen stream.
type listenStream struct {
	mu   sync.Mutex
	uris map[string]bool // the resources subscribed to
	gen  uint64          // numbers the streams; the newest is current
	stop func()          // ends the current stream; nil when none
	// acked is closed when the current stream is acknowledged.
	acked chan struct{}
	// closed: the connection stops listening for good.
	closed bool
}

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

// relisten opens the listen stream for what the connection wants now, in
// place of the one open, and waits (at most listenAckTimeout, or until ctx
// ends) for the server to acknowledge it, so that no change made after it
// returns is missed. It returns the error of a stream the server refused.
// With nothing to ask for, it only ends the stream open.
func (c *conn) relisten(ctx context.Context) error {
	l := &c.listening
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return nil
	}
	filter := c.listenFilter()
	filter.ResourceSubscriptions = slices.Sorted(maps.Keys(l.uris))
	l.gen++
	gen, old := l.gen, l.stop
	l.stop, l.acked = nil, nil
	if filter.IsEmpty() {
		l.mu.Unlock()
		if old != nil {
			old()
		}
		return nil
	}
	acked, failed := make(chan struct{}), make(chan error, 1)
	l.acked = acked
	// The new stream replaces the old one in mcp-go's client; the old one's
	// end is not reported, its generation being past.
	stop, err := c.client.ListenAsync(c.life, filter, func(err error) {
		l.mu.Lock()
		current := l.gen == gen && !l.closed
		l.mu.Unlock()
		if !current {
			return
		}
		select {
		case <-acked:
			// The stream was up and broke: over HTTP this is how a lost
			// server shows.
			c.markLost(fmt.Errorf("notification stream closed: %w", err))
		default:
			failed <- err
		}
	})
	if err == nil {
		l.stop = stop
	}
	l.mu.Unlock()
	if old != nil {
		old()
	}
	if err != nil {
		return err
	}
	t := time.NewTimer(listenAckTimeout)
	defer t.Stop()
	select {
	case <-acked:
	case err := <-failed:
		return err
	case <-t.C:
	case <-ctx.Done():
	}
	return nil
}

// acknowledged marks the current stream acknowledged
// (notifications/subscriptions/acknowledged).
func (c *conn) acknowledged() {
	l := &c.listening
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.acked != nil {
		select {
		case <-l.acked:
		default:
			close(l.acked)
		}
	}
}

// listenTo adds uri to (on) or removes it from the resources the stream
// asks for, and replaces the stream when that changed.
func (c *conn) listenTo(ctx context.Context, uri string, on bool) error {
	l := &c.listening
	l.mu.Lock()
	if l.uris[uri] == on {
		l.mu.Unlock()
		return nil
	}
	if l.uris == nil {
		l.uris = map[string]bool{}
	}
	if on {
		l.uris[uri] = true
	} else {
		delete(l.uris, uri)
	}
	l.mu.Unlock()
	err := c.relisten(ctx)
	if err != nil && on {
		l.mu.Lock()
		delete(l.uris, uri)
		l.mu.Unlock()
	}
	return err
}

// stopListening ends the stream for good (the connection closes).
func (c *conn) stopListening() {
	l := &c.listening
	l.mu.Lock()
	l.closed = true
	l.gen++
	stop := l.stop
	l.stop = nil
	l.mu.Unlock()
	if stop != nil {
		stop()
	}
}

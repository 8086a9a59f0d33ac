package mcpclient

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/mark3labs/mcp-go/mcp"

	"mcpeek/model"
)

// LogLevels are MCP's log severities, lowest first.
var LogLevels = []string{"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"}

// SetLogLevel asks server for its log messages from level up, now and on
// every later connection: logging/setLevel for a server before the
// 2026-07-28 era, the level on each request from then on.
func (m *Manager) SetLogLevel(ctx context.Context, server, level string) error {
	if !slices.Contains(LogLevels, level) {
		return fmt.Errorf("log level %q: give one of %v", Sanitize(level), LogLevels)
	}
	s, err := m.lookup(server)
	if err != nil {
		return err
	}
	s.mu.Lock()
	s.level = mcp.LoggingLevel(level)
	s.mu.Unlock()
	return m.onConn(ctx, server, "set log level", func(ctx context.Context, c *conn) error {
		c.levelMu.Lock()
		c.logLevel = mcp.LoggingLevel(level)
		c.levelMu.Unlock()
		if c.modern() {
			return nil
		}
		_, err := c.request(ctx, string(mcp.MethodSetLogLevel), map[string]any{"level": level})
		return err
	})
}

// logLevel is the level SetLogLevel chose for s, "" for none.
func (s *serverState) logLevel() mcp.LoggingLevel {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.level
}

// SubscribeResource asks server to say when the resource at uri changes:
// each change comes as an EventResourceUpdated. Before the 2026-07-28 era
// it is resources/subscribe; from then on the connection's
// subscriptions/listen stream names the resource. The subscription is made
// again on each new connection until UnsubscribeResource; one that cannot
// be ends with an EventSubscriptionEnded.
func (m *Manager) SubscribeResource(ctx context.Context, server, uri string) error {
	s, err := m.lookup(server)
	if err != nil {
		return err
	}
	// Subscribed from the start: the server's first update may come
	// before its answer is read.
	was := s.subscribed(uri)
	s.setSubscribed(uri, true)
	err = m.onConn(ctx, server, "subscribe to "+uri, func(ctx context.Context, c *conn) error {
		return c.subscribe(ctx, []string{uri})[uri]
	})
	if err != nil && !was {
		s.setSubscribed(uri, false)
	}
	return err
}

// UnsubscribeResource ends a subscription (resources/unsubscribe, or a
// listen stream without the resource).
func (m *Manager) UnsubscribeResource(ctx context.Context, server, uri string) error {
	s, err := m.lookup(server)
	if err != nil {
		return err
	}
	s.setSubscribed(uri, false)
	return m.onConn(ctx, server, "unsubscribe from "+uri, func(ctx context.Context, c *conn) error {
		return c.unsubscribe(ctx, uri)
	})
}

// resubscribe makes the subscriptions of s again on its new connection c,
// in the background. One the server refuses is dropped and ends with an
// EventSubscriptionEnded; if c goes meanwhile, the next connection tries.
func (m *Manager) resubscribe(s *serverState, c *conn) {
	uris := s.subscriptions()
	if len(uris) == 0 {
		return
	}
	m.background(func() {
		ctx, cancel := context.WithTimeout(c.life, m.opts.connectTimeout)
		defer cancel()
		failed := c.subscribe(ctx, uris)
		if c.life.Err() != nil {
			return
		}
		for _, uri := range uris {
			err := failed[uri]
			if err == nil {
				continue
			}
			s.setSubscribed(uri, false)
			m.events.push(Event{Kind: EventSubscriptionEnded, Server: s.name, State: model.StateConnected, URI: uri,
				Err: s.clean(fmt.Sprintf("subscribing again after reconnecting: %v", err))})
		}
	})
}

// subscriptions are the resources of s subscribed to, by URI, sorted.
func (s *serverState) subscriptions() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Sorted(maps.Keys(s.subs))
}

// subscribed reports whether uri is subscribed to.
func (s *serverState) subscribed(uri string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.subs[uri]
}

// concerned reports whether an update of uri concerns a subscription of
// s (see model.UpdateConcerns): the resource itself at the cost of a map
// lookup, a part of one at the cost of the subscriptions.
func (s *serverState) concerned(uri string) bool {
	if s.subs[uri] {
		return true
	}
	for sub := range s.subs {
		if model.UpdateConcerns(uri, sub) {
			return true
		}
	}
	return false
}

func (s *serverState) setSubscribed(uri string, on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !on {
		delete(s.subs, uri)
		return
	}
	if s.subs == nil {
		s.subs = map[string]bool{}
	}
	s.subs[uri] = true
}

// updated tells the event reader that a subscribed resource of s changed.
// An update of a resource nobody subscribed to is dropped here, before it
// costs anything more: a server may send them by the hundred. It runs on
// a transport's reading goroutine and never blocks.
func (m *Manager) updated(s *serverState, uri string) {
	s.mu.Lock()
	state, wanted := s.state, s.concerned(uri)
	s.mu.Unlock()
	if wanted {
		m.events.push(Event{Kind: EventResourceUpdated, Server: s.name, State: state, URI: uri})
	}
}

// offersChanged tells the event reader that s said its resources or its
// prompts changed (method is the list_changed notification's). It runs on
// a transport's reading goroutine and never blocks.
func (m *Manager) offersChanged(s *serverState, method string) {
	kind := EventResourcesChanged
	if method == string(mcp.MethodNotificationPromptsListChanged) {
		kind = EventPromptsChanged
	}
	m.events.push(Event{Kind: kind, Server: s.name, State: model.StateConnected})
}

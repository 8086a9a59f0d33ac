package mcpclient

import (
	"context"
	"fmt"
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
// subscriptions/listen stream names the resource (listen.go). A
// subscription lasts as long as the connection.
func (m *Manager) SubscribeResource(ctx context.Context, server, uri string) error {
	return m.onConn(ctx, server, "subscribe to "+uri, func(ctx context.Context, c *conn) error {
		if !c.modern() {
			_, err := c.request(ctx, string(mcp.MethodResourcesSubscribe), map[string]any{"uri": uri})
			return err
		}
		return c.listenTo(ctx, uri, true)
	})
}

// UnsubscribeResource ends a subscription (resources/unsubscribe, or the
// resource leaves the listen stream).
func (m *Manager) UnsubscribeResource(ctx context.Context, server, uri string) error {
	return m.onConn(ctx, server, "unsubscribe from "+uri, func(ctx context.Context, c *conn) error {
		if !c.modern() {
			_, err := c.request(ctx, string(mcp.MethodResourcesUnsubscribe), map[string]any{"uri": uri})
			return err
		}
		return c.listenTo(ctx, uri, false)
	})
}

// updated tells the event reader that a subscribed resource of s changed.
// It runs on a transport's reading goroutine and never blocks.
func (m *Manager) updated(s *serverState, uri string) {
	s.mu.Lock()
	state := s.state
	s.mu.Unlock()
	m.events.push(Event{Kind: EventResourceUpdated, Server: s.name, State: state, URI: uri})
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

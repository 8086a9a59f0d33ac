package mcpclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"mcpeek/model"
)

// Manager keeps one supervised connection per configured server.
//
// Each enabled server has its own goroutine that connects (with its own
// timeout), lists the tools, re-lists them on tools/list_changed, and after a
// crash, a lost connection or a failed attempt reconnects with capped
// exponential backoff. One server failing or hanging never holds up another.
// All methods are safe for concurrent use.
type Manager struct {
	opts    options
	servers []*serverState
	byName  map[string]*serverState
	events  *eventQueue

	ctx    context.Context // cancelled by Close
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu      sync.Mutex
	started bool
	closed  bool
}

// NewManager prepares a Manager for the servers of cfg and any in-process
// servers given as options. Nothing connects before Start. Server names must
// be unique and non-empty.
func NewManager(cfg Config, opts ...Option) (*Manager, error) {
	o := defaultOptions()
	for _, opt := range opts {
		opt(&o)
	}
	ctx, cancel := context.WithCancel(context.Background())
	m := &Manager{
		opts:   o,
		byName: map[string]*serverState{},
		events: newEventQueue(),
		ctx:    ctx,
		cancel: cancel,
	}
	add := func(s *serverState) error {
		if s.name == "" {
			return errors.New("mcpclient: server with an empty name")
		}
		if _, dup := m.byName[s.name]; dup {
			return fmt.Errorf("mcpclient: server %q defined twice", s.name)
		}
		m.byName[s.name] = s
		m.servers = append(m.servers, s)
		return nil
	}
	for _, sc := range cfg.Servers {
		if err := add(newServerState(endpoint{cfg: sc}, sc.Source, sc.Disabled)); err != nil {
			cancel()
			return nil, err
		}
	}
	for _, ip := range o.inproc {
		if ip.srv == nil {
			cancel()
			return nil, fmt.Errorf("mcpclient: in-process server %q is nil", ip.name)
		}
		ep := endpoint{cfg: ServerConfig{Name: ip.name, Source: "embedded"}, inproc: ip.srv}
		if err := add(newServerState(ep, "embedded", false)); err != nil {
			cancel()
			return nil, err
		}
	}
	m.wg.Add(1)
	go func() {
		defer m.wg.Done()
		m.events.run(ctx)
	}()
	return m, nil
}

// Start connects every enabled server concurrently and returns once each has
// finished its first attempt, connected or failed (see Servers for which), or
// when ctx ends. ctx bounds only this wait: connections live, and keep
// reconnecting, until Close. Start may be called once.
func (m *Manager) Start(ctx context.Context) error {
	m.mu.Lock()
	switch {
	case m.closed:
		m.mu.Unlock()
		return ErrClosed
	case m.started:
		m.mu.Unlock()
		return errors.New("mcpclient: Manager already started")
	}
	m.started = true
	for _, s := range m.servers {
		if !s.disabled {
			m.wg.Add(1)
			go m.supervise(s)
		}
	}
	m.mu.Unlock()

	for _, s := range m.servers {
		if s.disabled {
			continue
		}
		if err := s.waitAttempts(ctx, m.ctx, 1); err != nil {
			return err
		}
	}
	return nil
}

// Close stops every connection, reaps every child process and waits for all
// of the Manager's goroutines; the Events channel is closed. Close is
// idempotent.
func (m *Manager) Close() error {
	m.mu.Lock()
	m.closed = true
	m.mu.Unlock()
	m.cancel()
	m.wg.Wait()
	return nil
}

// Events returns the channel of state and tool changes. It is closed by
// Close. Sending never blocks the Manager: while an event waits to be read, a
// newer identical one (same server, kind and state) replaces it and moves to
// the back of the queue; nothing else is dropped, and the last event of each
// server carries its current state.
func (m *Manager) Events() <-chan Event { return m.events.out }

// Servers returns a snapshot of every server, in config order followed by
// the in-process servers. The Tools slices share their JSON bytes with the
// Manager: do not modify them.
func (m *Manager) Servers() []model.Server {
	out := make([]model.Server, 0, len(m.servers))
	for _, s := range m.servers {
		out = append(out, s.snapshot())
	}
	return out
}

// Server returns the snapshot of one server.
func (m *Manager) Server(name string) (model.Server, bool) {
	s, ok := m.byName[name]
	if !ok {
		return model.Server{}, false
	}
	return s.snapshot(), true
}

// Tools returns the tools last listed by the named server, in the server's
// order, or nil for an unknown server or one never connected.
func (m *Manager) Tools(name string) []model.Tool {
	s, ok := m.byName[name]
	if !ok {
		return nil
	}
	return s.toolsSnapshot()
}

// Reconnect drops the named server's connection, if any, and connects again
// at once, skipping any backoff wait.
func (m *Manager) Reconnect(name string) error {
	s, err := m.lookup(name)
	if err != nil {
		return err
	}
	s.kickNow()
	return nil
}

// ReconnectWait drops the named server's connection, if any, connects
// again at once, and waits until that attempt has ended (or ctx has): it
// returns the server as it then is, connected or in error.
func (m *Manager) ReconnectWait(ctx context.Context, name string) (model.Server, error) {
	s, err := m.lookup(name)
	if err != nil {
		return model.Server{}, err
	}
	s.mu.Lock()
	target := s.attempts + 1
	s.mu.Unlock()
	s.kickNow()
	if err := s.waitAttempts(ctx, m.ctx, target); err != nil {
		return model.Server{}, err
	}
	return s.snapshot(), nil
}

// CallTool calls tool on server with args (a JSON object, or nil) and returns
// the raw result. The call has the Manager's call timeout unless ctx ends
// sooner, and is cancelled by Close. A server that is down is reconnected at
// once (skipping its backoff) and the call waits for that attempt.
//
// Errors: ErrUnknownServer, ErrDisabled, ErrClosed; ErrUnavailable (wrapping
// the cause, such as context.DeadlineExceeded) when the server cannot be
// reached in time or the connection drops; *RPCError when the server refuses
// the request. A tool that runs and fails is not an error: see
// CallResult.IsError.
func (m *Manager) CallTool(ctx context.Context, server, tool string, args json.RawMessage) (*CallResult, error) {
	s, err := m.lookup(server)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, m.opts.callTimeout)
	defer cancel()
	stop := context.AfterFunc(m.ctx, cancel)
	defer stop()

	c, err := m.ready(ctx, s)
	if err != nil {
		return nil, err
	}
	res, err := c.callTool(ctx, tool, args)
	if err != nil {
		if m.ctx.Err() != nil {
			return nil, ErrClosed
		}
		return nil, s.redactErr(fmt.Errorf("%s: call %s: %w", server, tool, err))
	}
	return res, nil
}

func (m *Manager) lookup(name string) (*serverState, error) {
	s, ok := m.byName[name]
	switch {
	case !ok:
		return nil, fmt.Errorf("%w: %q", ErrUnknownServer, name)
	case s.disabled:
		return nil, fmt.Errorf("%w: %q", ErrDisabled, name)
	case m.ctx.Err() != nil:
		return nil, ErrClosed
	}
	return s, nil
}

// ready returns the server's live connection. When the server is in error,
// it asks for an immediate reconnect and waits for that attempt; while an
// attempt is under way it waits for it.
func (m *Manager) ready(ctx context.Context, s *serverState) (*conn, error) {
	m.mu.Lock()
	started := m.started
	m.mu.Unlock()
	if !started {
		return nil, fmt.Errorf("%w: %s: Manager not started", ErrUnavailable, s.name)
	}
	var target uint64
	for first := true; ; first = false {
		s.mu.Lock()
		state, c, attempts, changed, lastErr := s.state, s.conn, s.attempts, s.changed, s.err
		s.mu.Unlock()
		// A connection can be lost a moment before the supervisor moves the
		// state on; such a connection is down, not ready.
		lost := c != nil && isClosed(c.Lost())
		if state == model.StateConnected && c != nil && !lost {
			return c, nil
		}
		if first {
			target = attempts + 1
		} else if attempts >= target && state == model.StateError {
			return nil, fmt.Errorf("%w: %s: %s", ErrUnavailable, s.name, lastErr)
		}
		if state == model.StateError || lost {
			// Asked again on every change: a kick sent while the supervisor
			// was still on the lost connection may have been used up.
			s.kickNow()
		}
		select {
		case <-changed:
		case <-ctx.Done():
			if m.ctx.Err() != nil {
				return nil, ErrClosed
			}
			return nil, fmt.Errorf("%w: %s: not connected: %w", ErrUnavailable, s.name, ctx.Err())
		}
	}
}

func isClosed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

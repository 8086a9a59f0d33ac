package mcpclient

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"strings"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"mcpeek/mcpclient/oauth"
	"mcpeek/mcpclient/secretmask"
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
	opts  options
	roots []mcp.Root
	// list guards servers and byName: AddServer appends to them while
	// the Manager runs.
	list    sync.RWMutex
	servers []*serverState
	byName  map[string]*serverState
	events  *eventQueue
	answers handlers

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
	roots, err := rootsOf(o.roots)
	if err != nil {
		return nil, fmt.Errorf("mcpclient: %w", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	m := &Manager{
		opts:   o,
		roots:  roots,
		byName: map[string]*serverState{},
		events: newEventQueue(),
		ctx:    ctx,
		cancel: cancel,
	}
	m.answers = handlers{elicit: o.elicit, sample: o.sample}
	if m.answers.elicit == nil {
		m.answers.elicit = ElicitWith(ElicitDecline)
	}
	if m.answers.sample == nil {
		m.answers.sample = DeclineSampling
	}
	if o.requestEvents {
		m.answers = handlers{elicit: m.elicitByEvent, sample: m.sampleByEvent}
	}
	for _, w := range cfg.Warnings {
		m.events.push(Event{Kind: EventWarning, Text: model.SanitizeLine(w)})
	}
	add := m.add
	for _, sc := range cfg.Servers {
		s, err := m.configured(sc)
		if err == nil {
			err = add(s)
		}
		if err != nil {
			cancel()
			return nil, err
		}
	}
	for _, ip := range o.inproc {
		if ip.srv == nil {
			cancel()
			return nil, fmt.Errorf("mcpclient: in-process server %q is nil", ip.name)
		}
		ep := endpoint{cfg: ServerConfig{Name: ip.name, Source: "embedded"}, inproc: ip.srv, masks: &secretmask.Cache{}}
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

// configured is the state of a configured server, not yet added.
func (m *Manager) configured(sc ServerConfig) (*serverState, error) {
	ep := endpoint{cfg: sc, sandbox: sc.SandboxSummary(), masks: &secretmask.Cache{}}
	if sc.UsesOAuth() && !sc.Disabled {
		if m.opts.tokenStore == nil {
			st, err := oauth.DefaultStore()
			if err != nil {
				return nil, err
			}
			m.opts.tokenStore = st
		}
		ep.auth = sc.OAuthSession(m.opts.tokenStore)
	}
	return newServerState(ep, sc.Source, sc.Disabled), nil
}

// add adds a server to the list; its name must be new.
func (m *Manager) add(s *serverState) error {
	if s.name == "" {
		return errors.New("mcpclient: server with an empty name")
	}
	s.peer = &peer{server: s.name, roots: m.roots, h: &m.answers}
	if s.ep.cfg.Roots != nil {
		own, err := rootsOf(s.ep.cfg.Roots)
		if err != nil {
			return fmt.Errorf("mcpclient: %s: %w", s.name, err)
		}
		s.peer.roots = own
	}
	m.list.Lock()
	defer m.list.Unlock()
	if _, dup := m.byName[s.name]; dup {
		return fmt.Errorf("mcpclient: server %q defined twice", s.name)
	}
	m.byName[s.name] = s
	m.servers = append(m.servers, s)
	return nil
}

// AddServer adds a server while the Manager runs (or before it starts):
// it comes after the others in Servers and, once the Manager has
// started, connects at once, supervised as the others are. Its name must
// not be taken.
func (m *Manager) AddServer(sc ServerConfig) error {
	s, err := m.configured(sc)
	if err != nil {
		return err
	}
	// The lock is held from the check to the start, so that Start or
	// Close cannot pass in between.
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return ErrClosed
	}
	if err := m.add(s); err != nil {
		return err
	}
	m.events.push(Event{Server: s.name, Kind: EventStateChanged, State: s.snapshot().State})
	if m.started && !s.disabled {
		m.wg.Add(1)
		go m.supervise(s)
	}
	return nil
}

// listed is a snapshot of the servers, in order.
func (m *Manager) listed() []*serverState {
	m.list.RLock()
	defer m.list.RUnlock()
	return m.servers[:len(m.servers):len(m.servers)]
}

// named is the named server, if any.
func (m *Manager) named(name string) (*serverState, bool) {
	m.list.RLock()
	defer m.list.RUnlock()
	s, ok := m.byName[name]
	return s, ok
}

// Start connects every enabled server concurrently and returns once each has
// finished its first attempt, connected or failed (see Servers for which), or
// when ctx ends. ctx bounds only this wait: connections live, and keep
// reconnecting, until Close. Start (or Launch) may be called once.
func (m *Manager) Start(ctx context.Context) error {
	if err := m.Launch(); err != nil {
		return err
	}
	for _, s := range m.listed() {
		if err := m.WaitFirstAttempt(ctx, s.name); err != nil {
			return err
		}
	}
	return nil
}

// Launch connects every enabled server concurrently, as Start does, but
// returns at once: WaitFirstAttempt waits for one server, so that a
// caller can show each as soon as it is ready. Launch (or Start) may be
// called once.
func (m *Manager) Launch() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	switch {
	case m.closed:
		return ErrClosed
	case m.started:
		return errors.New("mcpclient: Manager already started")
	}
	m.started = true
	for _, s := range m.listed() {
		if !s.disabled {
			m.wg.Add(1)
			go m.supervise(s)
		}
	}
	return nil
}

// WaitFirstAttempt waits until the named server has finished its first
// connection attempt, connected or failed (Server says which), or until
// ctx ends. A disabled server has nothing to wait for.
func (m *Manager) WaitFirstAttempt(ctx context.Context, name string) error {
	s, ok := m.named(name)
	if !ok {
		return fmt.Errorf("%w: %q", ErrUnknownServer, name)
	}
	if s.disabled {
		return nil
	}
	return s.waitAttempts(ctx, m.ctx, 1)
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

// Events returns the channel of state and tool changes, log messages,
// login pages, the config's warnings and (WithRequestEvents) servers'
// requests for the user, in the order they happened. It is closed by
// Close; the events still waiting then are dropped. Sending never blocks
// the Manager: while a state, tools, log or login event waits to be read,
// a newer identical one (same server, kind and state) replaces it and
// moves to the back of the queue; nothing else is dropped, and the last
// event of each server carries its current state.
func (m *Manager) Events() <-chan Event { return m.events.out }

// Servers returns a snapshot of every server, in config order followed by
// the in-process servers. The Tools slices are the Manager's own (a new
// listing replaces them, never edits them), shared with every snapshot: do
// not modify them.
func (m *Manager) Servers() []model.Server {
	servers := m.listed()
	out := make([]model.Server, 0, len(servers))
	for _, s := range servers {
		out = append(out, s.snapshot())
	}
	return out
}

// ToolLists yields each server's name and the tools it last listed, in
// Servers' order: what Servers says of tools, without the rest of a
// snapshot (a gateway asks on every call). The slices are shared, as
// Servers' are: do not modify them.
func (m *Manager) ToolLists() iter.Seq2[string, []model.Tool] {
	return func(yield func(string, []model.Tool) bool) {
		for _, s := range m.listed() {
			if !yield(s.name, s.toolsSnapshot()) {
				return
			}
		}
	}
}

// Server returns the snapshot of one server.
func (m *Manager) Server(name string) (model.Server, bool) {
	s, ok := m.named(name)
	if !ok {
		return model.Server{}, false
	}
	return s.snapshot(), true
}

// Tools returns the tools last listed by the named server, in the server's
// order, or nil for an unknown server or one never connected. The slice is
// shared, as Servers' are: do not modify it.
func (m *Manager) Tools(name string) []model.Tool {
	s, ok := m.named(name)
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
// the raw result: CallToolWith with no options.
func (m *Manager) CallTool(ctx context.Context, server, tool string, args json.RawMessage) (*CallResult, error) {
	return m.CallToolWith(ctx, server, tool, args, CallOptions{})
}

// CallToolWith calls tool on server with args (a JSON object, or nil) and
// returns the raw result. The call has the Manager's call timeout (or
// opts.Timeout) unless ctx ends sooner, and is cancelled by Close; when it
// ends unanswered the server is told to stop (notifications/cancelled, or
// over 2026-07-28 HTTP the request's stream is closed). A server that is
// down is reconnected at once (skipping its backoff) and the call waits for
// that attempt. The server's progress reports go to opts.Progress.
//
// Errors: ErrUnknownServer, ErrDisabled, ErrClosed; ErrUnavailable (wrapping
// the cause, such as context.DeadlineExceeded) when the server cannot be
// reached in time or the connection drops, and when the timeout passes
// (then the error says so plainly, see TimeoutError); *RPCError when the
// server refuses the request. A tool that runs and fails is not an error:
// see CallResult.IsError.
func (m *Manager) CallToolWith(ctx context.Context, server, tool string, args json.RawMessage, opts CallOptions) (*CallResult, error) {
	s, err := m.lookup(server)
	if err != nil {
		return nil, err
	}
	timeout := cmp.Or(max(opts.Timeout, 0), m.opts.callTimeout)
	var progress *progressSink
	if opts.Progress != nil {
		progress = newProgressSink(opts.Progress)
		defer progress.close()
	}
	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	stop := context.AfterFunc(m.ctx, cancel)
	defer stop()

	support := s.taskSupport(tool)
	asTask := support == TaskRequired || opts.AsTask && support == TaskOptional
	c, err := m.ready(ctx, s)
	connected := err == nil
	if connected && opts.AsTask && !asTask && c.taskForm() == tasks2025 {
		return nil, fmt.Errorf("%s: call %s as a task: %s", server, tool, taskNote(support))
	}
	if connected {
		var res *CallResult
		res, err = c.callTool(ctx, tool, args, progress, asTask)
		// A server may want more scope for a call than for listing (a 403
		// insufficient_scope, the step-up of the MCP specification), or a
		// token may be revoked while connected.
		for rounds := 0; err != nil && rounds < maxAuthRounds && m.ctx.Err() == nil; rounds++ {
			var rerr *oauth.RequiredError
			if s.ep.auth == nil || !errors.As(err, &rerr) {
				break
			}
			if s.ep.auth.NeedsBrowser() && !m.opts.autoLogin {
				err = needsLogin(rerr)
				break
			}
			if aerr := m.authorize(s, rerr); aerr != nil {
				err = needsLogin(aerr)
				break
			}
			// The refusal may have cost the connection: take the live one. The
			// login may have taken a while: the retry has a deadline of its own.
			retryCtx, cancel := context.WithTimeout(parent, timeout)
			stop := context.AfterFunc(m.ctx, cancel)
			if c, err = m.ready(retryCtx, s); err == nil {
				res, err = c.callTool(retryCtx, tool, args, progress, asTask)
			}
			stop()
			cancel()
		}
		if err == nil && res.Task != nil {
			res.Task.Tool = tool
			s.noteTaskTool(res.Task.ID, tool)
		}
		if err == nil && res.Task != nil && !opts.Detach {
			res, err = m.waitTask(ctx, s, *res.Task, opts.OnTask, true)
		}
		if err == nil {
			return res, nil
		}
		connected = c != nil
	}
	switch {
	case m.ctx.Err() != nil:
		return nil, ErrClosed
	case errors.Is(err, context.DeadlineExceeded) && parent.Err() == nil:
		err = &TimeoutError{After: timeout, Connected: connected, err: err}
	}
	return nil, s.redactErr(fmt.Errorf("%s: call %s: %w", server, tool, err))
}

// TimeoutError is a call that had no result when its timeout passed. It
// matches ErrUnavailable and context.DeadlineExceeded.
type TimeoutError struct {
	// After is the timeout.
	After time.Duration
	// Connected is false when the server was not even connected in time.
	Connected bool
	err       error
}

// Error says how long the call waited, and for what.
func (e *TimeoutError) Error() string {
	if !e.Connected {
		return fmt.Sprintf("timed out after %s: the server did not connect (%v)", e.After, e.err)
	}
	return fmt.Sprintf("timed out after %s without a result; the call was cancelled", e.After)
}

func (e *TimeoutError) Unwrap() error { return e.err }

// maxAuthRounds bounds the logins one connection attempt or one call may
// start: a server that keeps asking for scope it never grants must not
// send the user to the browser forever.
const maxAuthRounds = 3

// authorize runs a login for s, bounded by the login timeout.
func (m *Manager) authorize(s *serverState, rerr *oauth.RequiredError) error {
	ctx, cancel := context.WithTimeout(m.ctx, m.opts.loginTimeout)
	defer cancel()
	if s.ep.auth.NeedsBrowser() {
		const waiting = "logging in: waiting for the browser"
		s.mu.Lock()
		before, beforeErr := s.state, s.err
		s.mu.Unlock()
		m.setState(s, model.StateStarting, waiting, nil)
		if before == model.StateConnected {
			// A call's step-up on a live connection: once the login
			// ends, the server is as connected as before (unless the
			// supervisor has moved it on meanwhile). Left "starting",
			// the call's retry would wait for an attempt nobody makes.
			defer m.restoreState(s, model.StateStarting, waiting, before, beforeErr)
		}
	}
	prompt := func(u string) {
		m.events.push(Event{Kind: EventLoginURL, Server: s.name, URL: model.SanitizeLine(u)})
		m.opts.loginPrompt(s.name, u)
	}
	if err := s.ep.auth.Authorize(ctx, rerr, prompt); err != nil {
		return fmt.Errorf("login: %w", err)
	}
	return nil
}

// restoreState sets the server's state back to state and msg when it is
// still from and fromMsg. A connection lost meanwhile (the refusal that
// asked for the login may have cost it) is not restored as connected: the
// server shows as starting, and the next wait for it (ready) asks the
// supervisor for a new connection.
func (m *Manager) restoreState(s *serverState, from model.ConnState, fromMsg string, state model.ConnState, msg string) {
	restored := false
	s.update(func() {
		if s.state != from || s.err != fromMsg {
			return
		}
		if state == model.StateConnected && (s.conn == nil || isClosed(s.conn.Lost())) {
			state, msg = model.StateStarting, ""
		}
		s.state, s.err, restored = state, msg, true
	})
	if restored {
		m.events.push(Event{Kind: EventStateChanged, Server: s.name, State: state, Err: msg})
	}
}

// Login starts a fresh OAuth login for the named server (its stored token
// is dropped, its registered client kept), even without WithAutoLogin: the
// server reconnects, and the login prompt is called when it asks for
// authorization. Login returns once that connection attempt has finished:
// nil when the server is connected (also when it asked for no login), else
// why not. ctx bounds only the wait. It returns ErrNoOAuth for a server
// that does not use OAuth.
func (m *Manager) Login(ctx context.Context, name string) error {
	s, err := m.lookup(name)
	if err != nil {
		return err
	}
	if s.ep.auth == nil {
		return fmt.Errorf("%s: %w", name, ErrNoOAuth)
	}
	m.mu.Lock()
	started := m.started
	m.mu.Unlock()
	if !started {
		return fmt.Errorf("%s: Manager not started", name)
	}
	if err := s.ep.auth.ForgetToken(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	req := s.requestLogin()
	s.kickNow()
	select {
	case <-req.done:
		if req.err != nil {
			return s.redactErr(fmt.Errorf("%s: %w", name, req.err))
		}
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-m.ctx.Done():
		return ErrClosed
	}
}

// Logout forgets the named server's OAuth token and registered client, and
// reconnects it (so it shows model.StateNeedsLogin if it asks for a login).
func (m *Manager) Logout(name string) error {
	s, err := m.lookup(name)
	if err != nil {
		return err
	}
	if s.ep.auth == nil {
		return fmt.Errorf("%s: %w", name, ErrNoOAuth)
	}
	if err := s.ep.auth.Logout(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	s.kickNow()
	return nil
}

// AuthStatus returns what is stored of the named server's OAuth login (no
// secrets), and false for a server that does not use OAuth.
func (m *Manager) AuthStatus(name string) (oauth.Status, bool) {
	s, ok := m.named(name)
	if !ok || s.ep.auth == nil {
		return oauth.Status{}, false
	}
	return s.ep.auth.Status(), true
}

func (m *Manager) lookup(name string) (*serverState, error) {
	s, ok := m.named(name)
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
		state, c, attempts, changed, lastErr, trying := s.state, s.conn, s.attempts, s.changed, s.err, s.trying
		s.mu.Unlock()
		// A connection can be lost a moment before the supervisor moves the
		// state on; such a connection is down, not ready.
		lost := c != nil && isClosed(c.Lost())
		if state == model.StateConnected && c != nil && !lost {
			return c, nil
		}
		down := state == model.StateError || state == model.StateNeedsLogin
		if first {
			target = attempts + 1
		} else if attempts >= target && down {
			if state == model.StateNeedsLogin {
				return nil, fmt.Errorf("%s: %w", s.name, needsLogin(errors.New(strings.TrimPrefix(lastErr, "needs login: "))))
			}
			return nil, fmt.Errorf("%w: %s: %s", ErrUnavailable, s.name, lastErr)
		}
		// Idle: no connection and no attempt under way, whatever the state
		// says (a login's step-up shows a server as starting while the
		// supervisor may be waiting out its backoff).
		idle := c == nil && state != model.StateDisabled
		if (down || lost || idle) && !trying {
			// Asked again on every change: a kick sent while the supervisor
			// was still on the lost connection may have been used up. Not
			// while a retry is under way (a failed server stays in error
			// meanwhile): its outcome answers the wait.
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

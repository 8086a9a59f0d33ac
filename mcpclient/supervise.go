package mcpclient

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"mcpeek/mcpclient/oauth"
	"mcpeek/model"
)

// serverState is one server's supervised state. The supervisor goroutine is
// the only writer of conn and state; everyone else reads snapshots.
type serverState struct {
	name     string
	ep       endpoint
	source   string
	disabled bool
	peer     *peer // answers the server's requests

	kick    chan struct{} // reconnect now (cap 1)
	refresh chan struct{} // tools/list_changed arrived (cap 1)

	mu           sync.Mutex
	state        model.ConnState
	err          string
	stderr       []string // kept from the last connection when it failed
	log          []model.LogMessage
	instructions string
	impl         model.Implementation
	protocol     string
	offers       model.Offers
	tools        []model.Tool
	support      map[string]TaskSupport // what called tools declare of tasks; reset with tools
	conn         *conn
	attempts     uint64        // finished connection attempts
	failures     int           // attempts failed and connections lost since last connected
	retryAt      time.Time     // when the next attempt starts; zero while one is under way
	trying       bool          // a connection attempt is under way
	changed      chan struct{} // closed and replaced on every change
	login        *loginRequest // a Login waiting for the next attempt
	// level is the log level SetLogLevel chose, asked of every later
	// connection too; "" keeps the Manager's (WithLogLevel).
	level mcp.LoggingLevel
	// taskTools are the tools whose calls made tasks, by task id, the
	// newest maxTaskTools (taskOrder, oldest first).
	taskTools map[string]string
	taskOrder []string
	// subs are the resources subscribed to (SubscribeResource), by URI:
	// each new connection subscribes to them again.
	subs map[string]bool
}

// loginRequest is a Login waiting for the connection attempt that answers
// it: done is closed once err is set.
type loginRequest struct {
	done chan struct{}
	err  error
}

// requestLogin returns the pending login request, making one if needed.
func (s *serverState) requestLogin() *loginRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.login == nil {
		s.login = &loginRequest{done: make(chan struct{})}
	}
	return s.login
}

// takeLogin hands the pending login request, if any, to an attempt.
func (s *serverState) takeLogin() *loginRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	req := s.login
	s.login = nil
	return req
}

func (r *loginRequest) finish(err error) {
	if r != nil {
		r.err = err
		close(r.done)
	}
}

func newServerState(ep endpoint, source string, disabled bool) *serverState {
	s := &serverState{
		name:     ep.cfg.Name,
		ep:       ep,
		source:   source,
		disabled: disabled,
		kick:     make(chan struct{}, 1),
		refresh:  make(chan struct{}, 1),
		changed:  make(chan struct{}),
		state:    model.StateStarting,
	}
	if disabled {
		s.state = model.StateDisabled
	}
	return s
}

func (s *serverState) snapshot() model.Server {
	s.mu.Lock()
	defer s.mu.Unlock()
	srv := model.Server{
		Name:         s.name,
		Source:       s.source,
		Transport:    s.ep.transport(),
		State:        s.state,
		Err:          s.err,
		Stderr:       slices.Clone(s.stderr),
		Log:          slices.Clone(s.log),
		Instructions: s.instructions,
		// A listing replaces s.tools, never edits it: the snapshot shares
		// it (clipped, so an append copies). The gateway takes a snapshot
		// per call; a copy cost it 170 KB a call on a 1,223-tool server.
		Tools: slices.Clip(s.tools),

		Implementation:  s.impl,
		ProtocolVersion: s.protocol,
		Offers:          s.offers,
	}
	if s.failures > 0 {
		srv.Retry = model.Retry{Attempt: s.failures + 1, At: s.retryAt}
	}
	if s.peer.capabilities().Roots != nil {
		for _, r := range s.peer.roots {
			srv.Roots = append(srv.Roots, r.URI)
		}
	}
	if s.ep.inproc == nil {
		srv.Command = s.ep.redact(s.ep.cfg.shownCommand())
		srv.Sandbox = s.ep.sandbox
		if w := s.ep.cfg.Wrapped; w != nil && w.Policy == nil {
			srv.SandboxCommand = s.ep.redact(s.ep.cfg.commandLine())
		}
	}
	if s.conn != nil {
		srv.Stderr = s.conn.Stderr()
		if s.ep.cfg.Sandbox != nil || (s.ep.cfg.Wrapped != nil && s.ep.cfg.Wrapped.Policy != nil) {
			srv.SandboxCommand = s.ep.redact(s.conn.started())
		}
	}
	return srv
}

func (s *serverState) toolsSnapshot() []model.Tool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clip(s.tools)
}

// taskSupport is what the listed tool called name declares of tasks
// (TaskForbidden for a tool not listed), read from its definition on its
// first call after each listing rather than on every call.
func (s *serverState) taskSupport(name string) TaskSupport {
	s.mu.Lock()
	defer s.mu.Unlock()
	if ts, ok := s.support[name]; ok {
		return ts
	}
	ts, found := TaskForbidden, false
	for _, t := range slices.Backward(s.tools) { // the last of a name, as listed
		if t.Name == name {
			ts, found = ToolTaskSupport(t), true
			break
		}
	}
	if !found {
		return ts
	}
	if s.support == nil {
		s.support = map[string]TaskSupport{}
	}
	s.support[name] = ts
	return ts
}

// kickNow asks the supervisor to reconnect without waiting.
func (s *serverState) kickNow() {
	select {
	case s.kick <- struct{}{}:
	default:
	}
}

// signalRefresh is the connection's list_changed callback: it never blocks.
func (s *serverState) signalRefresh() {
	select {
	case s.refresh <- struct{}{}:
	default:
	}
}

// update changes the state under the lock and wakes waiters.
func (s *serverState) update(f func()) {
	s.mu.Lock()
	f()
	close(s.changed)
	s.changed = make(chan struct{})
	s.mu.Unlock()
}

// waitAttempts waits until n connection attempts have finished.
func (s *serverState) waitAttempts(ctx, life context.Context, n uint64) error {
	for {
		s.mu.Lock()
		done, changed := s.attempts >= n, s.changed
		s.mu.Unlock()
		if done {
			return nil
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return ctx.Err()
		case <-life.Done():
			return ErrClosed
		}
	}
}

// redact hides the server's secrets in msg: those of its config entry, and
// its OAuth tokens and client secrets (endpoint.redact).
func (s *serverState) redact(msg string) string { return s.ep.redact(msg) }

// clean makes server text one safe line for the terminal, without the
// server's secrets.
func (s *serverState) clean(msg string) string { return s.redact(model.SanitizeLine(msg)) }

// redactErr hides the server's secrets in err's text, keeping err's chain.
func (s *serverState) redactErr(err error) error {
	return &redactedError{msg: s.redact(err.Error()), err: err}
}

type redactedError struct {
	msg string
	err error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }

// Why a connection ended.
type endReason int

const (
	endClosed endReason = iota // the Manager is closing
	endKicked                  // Reconnect, or a call for a down server
	endLost                    // the server went away
)

// supervise runs one server until the Manager closes.
func (m *Manager) supervise(s *serverState) {
	defer m.wg.Done()
	m.warnUnseen(s)
	delay := m.opts.backoffMin
	for {
		// A kick asked before this attempt is answered by it.
		select {
		case <-s.kick:
		default:
		}
		m.beginAttempt(s)
		login := s.takeLogin()
		c, tools, stderr, err := m.connect(s, login)
		if err != nil {
			if m.ctx.Err() != nil {
				login.finish(err)
				return
			}
			s.update(func() { s.stderr = stderr })
			m.fail(s, err, true)
			// A Login returns once what it caused can be seen.
			login.finish(err)
			if errors.Is(err, ErrNeedsLogin) {
				// Trying again soon cannot help: only a login can, here
				// (Login kicks) or in another process (seen at the next
				// attempt).
				delay = min(needsLoginRecheck, m.opts.backoffMax)
			}
			if !m.pause(s, &delay) {
				return
			}
			continue
		}
		up := time.Now()
		m.connected(s, c, tools)
		m.resubscribe(s, c)
		login.finish(nil)
		why, err := m.serve(s, c)
		switch why {
		case endClosed:
			m.detach(s)
			c.close()
			return
		case endKicked:
			m.detach(s)
			c.close()
			delay = m.opts.backoffMin
		case endLost:
			// A connection that stayed up a while starts backoff afresh;
			// one that dies at once keeps doubling it.
			if time.Since(up) >= min(stableAfter, m.opts.backoffMax) {
				delay = m.opts.backoffMin
			}
			m.lost(s, c, err)
			c.close()
			if !m.pause(s, &delay) {
				return
			}
		}
	}
}

// warnUnseen warns, once, before a server of an entry with "sandbox"
// first starts, of what it is given that its sandbox does not show
// (unseenWarnings): as an EventWarning naming the server, and through
// WithWarnings.
func (m *Manager) warnUnseen(s *serverState) {
	for _, w := range unseenWarnings(s.ep.cfg) {
		text := s.clean(fmt.Sprintf("server %q: %s", s.name, w))
		m.events.push(Event{Kind: EventWarning, Server: s.name, Text: text})
		if m.opts.warn != nil {
			m.opts.warn(text)
		}
	}
}

// connect makes one connection attempt: dial, handshake, list the tools.
// On failure it returns the child's last stderr lines, if any. A remote
// server that asks for OAuth authorization gets a login, when one is
// allowed (WithAutoLogin, or a Login waiting), and the attempt starts over;
// else the attempt fails with an error that matches ErrNeedsLogin. login
// is the Login waiting for this attempt, if any: the caller finishes it.
func (m *Manager) connect(s *serverState, login *loginRequest) (*conn, []model.Tool, []string, error) {
	if s.ep.auth != nil {
		s.ep.auth.Reload() // a login by another process counts
	}
	for rounds := 0; ; rounds++ {
		c, tools, stderr, err := m.connectOnce(s)
		var rerr *oauth.RequiredError
		if err == nil || s.ep.auth == nil || !errors.As(err, &rerr) || m.ctx.Err() != nil {
			return c, tools, stderr, err
		}
		switch {
		case rounds == maxAuthRounds:
			err = needsLogin(rerr)
		case s.ep.auth.NeedsBrowser() && login == nil && !m.opts.autoLogin:
			err = needsLogin(rerr)
		default:
			if aerr := m.authorize(s, rerr); aerr != nil {
				err = needsLogin(aerr)
			} else {
				continue
			}
		}
		return nil, nil, stderr, err
	}
}

func (m *Manager) connectOnce(s *serverState) (*conn, []model.Tool, []string, error) {
	ctx, cancel := context.WithTimeout(m.ctx, m.opts.connectTimeout)
	defer cancel()
	stderr := newLineRing(m.opts.stderrLines, s.ep.cfg.secrets())
	noise := newLineRing(1, s.ep.cfg.secrets())
	c, err := dial(ctx, s.ep, dialConfig{
		name:           s.name,
		clientInfo:     m.opts.clientInfo,
		stderr:         stderr,
		stdoutNoise:    noise,
		stopGrace:      m.opts.stopGrace,
		maxMessage:     m.opts.messageCap(s.ep.cfg),
		maxPages:       m.opts.maxPages,
		onToolsChanged: s.signalRefresh,
		peer:           s.peer,
		onLog:          func(n mcp.JSONRPCNotification) { m.logged(s, n) },
		onUpdated:      func(uri string) { m.updated(s, uri) },
		onOffers:       func(method string) { m.offersChanged(s, method) },
		clean:          s.clean,
		logLevel:       cmp.Or(s.logLevel(), m.opts.logLevel),
		later:          m.background,
	})
	if err != nil {
		return nil, nil, stderr.Lines(), withNoise(m.stageError(ctx, "connect", err), noise)
	}
	var tools []model.Tool
	if !c.offersOthersOnly() {
		tools, err = c.listTools(ctx)
	}
	if err != nil && noTools(c, err) {
		err = nil
	}
	if err != nil {
		err = m.stageError(ctx, "list tools", c.lostOr(err))
		c.closeAfterFailure(ctx, m.background)
		return nil, nil, stderr.Lines(), err
	}
	return c, tools, nil, nil
}

// background runs f on a goroutine that Close waits for. It is called
// from a supervisor, whose own count keeps the wait group above zero.
func (m *Manager) background(f func()) {
	m.wg.Add(1)
	go func() {
		defer m.wg.Done()
		f()
	}()
}

// withNoise adds to a failed connection's err the last line the server
// wrote to stdout that is not JSON-RPC, if any: a server that logs to
// stdout, or prints a banner and waits for something else, otherwise
// fails with a timeout that does not say why.
func withNoise(err error, noise *lineRing) error {
	lines := noise.Lines()
	if len(lines) == 0 {
		return err
	}
	return fmt.Errorf("%w; its stdout held a line that is not JSON-RPC, %q (a stdio server writes only JSON-RPC messages there, its logs to stderr)",
		err, lines[len(lines)-1])
}

// stageError words a failed stage, saying plainly when it timed out.
func (m *Manager) stageError(ctx context.Context, stage string, err error) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) && m.ctx.Err() == nil {
		return fmt.Errorf("%s: timed out after %s: %w", stage, m.opts.connectTimeout, ErrUnavailable)
	}
	return fmt.Errorf("%s: %w", stage, err)
}

// serve waits on a live connection until it ends, refreshing the tools on
// list_changed.
func (m *Manager) serve(s *serverState, c *conn) (endReason, error) {
	for {
		select {
		case <-m.ctx.Done():
			return endClosed, nil
		case <-s.kick:
			return endKicked, nil
		case <-c.Lost():
			return endLost, fmt.Errorf("connection lost: %w", c.LostErr())
		case <-s.refresh:
			ctx, cancel := context.WithTimeout(m.ctx, m.opts.connectTimeout)
			tools, err := c.listTools(ctx)
			cancel()
			if err != nil {
				if m.ctx.Err() != nil {
					return endClosed, nil
				}
				return endLost, m.stageError(ctx, "refresh tools", c.lostOr(err))
			}
			m.setTools(s, tools)
		}
	}
}

// stableAfter is how long a connection must have stayed up for its loss
// to start the backoff afresh.
const stableAfter = 30 * time.Second

// needsLoginRecheck is how often a server that needs a login is tried
// again, to see a login made by another process.
const needsLoginRecheck = 30 * time.Second

// beginAttempt marks the start of a connection attempt. The first one, and
// one after a live connection was dropped on purpose, shows as starting; a
// retry after a failure keeps the server in error (or needs login), with
// its message and stderr, until it succeeds: a dead server does not look
// like one that is loading.
func (m *Manager) beginAttempt(s *serverState) {
	s.mu.Lock()
	failed := s.failures > 0
	s.trying = true
	s.mu.Unlock()
	if !failed {
		m.setState(s, model.StateStarting, "", []string{})
		return
	}
	var e Event
	s.update(func() {
		s.retryAt = time.Time{}
		e = Event{Kind: EventStateChanged, Server: s.name, State: s.state, Err: s.err}
	})
	m.events.push(e)
}

// pause waits out the backoff delay, doubling it for next time, and says
// when the next attempt starts. A kick cuts it short. It reports false when
// the Manager is closing.
func (m *Manager) pause(s *serverState, delay *time.Duration) bool {
	t := time.NewTimer(*delay)
	defer t.Stop()
	var e Event
	s.update(func() {
		s.retryAt = time.Now().Add(*delay)
		e = Event{Kind: EventStateChanged, Server: s.name, State: s.state, Err: s.err}
	})
	m.events.push(e)
	*delay = min(*delay*2, m.opts.backoffMax)
	select {
	case <-t.C:
		return true
	case <-s.kick:
		s.kickNow() // let the next attempt's drain consume it
		return true
	case <-m.ctx.Done():
		return false
	}
}

func (m *Manager) setState(s *serverState, state model.ConnState, msg string, stderr []string) {
	s.update(func() {
		s.state, s.err = state, msg
		if stderr != nil {
			s.stderr = stderr
		}
	})
	m.events.push(Event{Kind: EventStateChanged, Server: s.name, State: state, Err: msg})
}

// fail records a failed attempt (attempt true) or a lost connection.
func (m *Manager) fail(s *serverState, err error, attempt bool) {
	state := model.StateError
	if errors.Is(err, ErrNeedsLogin) {
		state = model.StateNeedsLogin
		var nl *needsLoginError
		if errors.As(err, &nl) {
			err = nl // the reason, not the stages it went through
		}
	}
	msg := Sanitize(s.redact(err.Error()))
	s.update(func() {
		s.state, s.err = state, msg
		s.failures++
		if attempt {
			s.attempts++
			s.trying = false
		}
	})
	m.events.push(Event{Kind: EventStateChanged, Server: s.name, State: state, Err: msg})
}

// lost records that a live connection went away, keeping its stderr.
func (m *Manager) lost(s *serverState, c *conn, err error) {
	lines := c.Stderr()
	s.update(func() {
		s.conn = nil
		s.stderr = lines
	})
	m.fail(s, err, false)
}

func (m *Manager) detach(s *serverState) {
	s.update(func() { s.conn = nil })
}

func (m *Manager) connected(s *serverState, c *conn, tools []model.Tool) {
	var toolsChanged bool
	s.update(func() {
		s.state, s.err, s.stderr = model.StateConnected, "", nil
		s.failures, s.retryAt, s.trying = 0, time.Time{}, false
		s.conn = c
		s.instructions = c.Instructions()
		s.impl, s.protocol = c.Implementation()
		s.offers = c.offers()
		s.attempts++
		// The same listing keeps the bytes already handed out, so that what
		// front ends built from them (indexes, token counts) is seen to
		// still hold at a glance: a reconnect costs them nothing.
		toolsChanged = !sameTools(s.tools, tools)
		if toolsChanged {
			s.tools, s.support = tools, nil
		}
	})
	m.events.push(Event{Kind: EventStateChanged, Server: s.name, State: model.StateConnected})
	if toolsChanged {
		m.events.push(Event{Kind: EventToolsChanged, Server: s.name, State: model.StateConnected})
	}
}

func (m *Manager) setTools(s *serverState, tools []model.Tool) {
	var changed bool
	s.update(func() {
		changed = !sameTools(s.tools, tools)
		if changed {
			s.tools, s.support = tools, nil
		}
	})
	if changed {
		m.events.push(Event{Kind: EventToolsChanged, Server: s.name, State: model.StateConnected})
	}
}

// sameTools compares two listings byte for byte.
func sameTools(a, b []model.Tool) bool {
	return slices.EqualFunc(a, b, func(x, y model.Tool) bool { return bytes.Equal(x.Raw, y.Raw) })
}

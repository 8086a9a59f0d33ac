package mcpclient

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	"mcpeek/model"
)

// listenAckTimeout bounds the wait for a 2026-07-28 server to acknowledge
// subscriptions/listen. Without the acknowledgement the connection still
// works; it just will not see tools/list_changed.
const listenAckTimeout = 5 * time.Second

// exitWait bounds how long a failed stdio request waits to learn how the
// child exited.
const exitWait = time.Second

// conn is one live connection to one server: an initialised mcp-go client,
// the transport under it, and for stdio the child process.
//
// Requests that must stay byte-exact (tools/list, tools/call) bypass the
// client's typed methods and go through the transport as raw JSON-RPC; see
// request in rawrpc.go.
type conn struct {
	name       string
	ep         endpoint
	client     *client.Client
	tr         transport.Interface
	proc       *process
	info       *mcp.InitializeResult
	clientInfo mcp.Implementation
	maxPages   int
	onChanged  func()
	peer       *peer
	onLog      func(mcp.JSONRPCNotification)
	clean      func(string) string
	onUpdated  func(uri string)
	onOffers   func(method string)

	// level is the lowest log severity asked of the server ("" asks
	// nothing): set at dial, changed by SetLogLevel.
	levelMu  sync.Mutex
	logLevel mcp.LoggingLevel

	life       context.Context
	cancelLife context.CancelFunc
	ids        atomic.Int64

	lostOnce sync.Once
	lost     chan struct{}
	lostErr  error // set before lost is closed

	greeted atomic.Bool // the server answered initialize

	mu      sync.Mutex
	closing bool
	wg      sync.WaitGroup // goroutines that close waits for

	toolsMu sync.Mutex
	typed   map[string]*mcp.Tool         // for x-mcp-header mirroring on modern HTTP
	dropped map[string]model.HeaderFault // listed tools callTool refuses

	// The 2026-07-28 notification stream. mcp-go keeps one
	// subscriptions/listen request per client (a new one replaces the
	// last), so the stream names all the connection wants: tools/list_changed
	// and every subscribed resource; it opens again when that changes.
	streamMu   sync.Mutex      // held while the stream opens
	subs       map[string]bool // the subscribed resources, by URI
	stopListen func()
	stream     atomic.Pointer[stream]

	progressMu sync.Mutex
	progress   map[string]*progressSink // by progress token

	receiver receiverTasks // the tasks the server has mcpeek run

	closeOnce sync.Once
}

// dialConfig is what a connection needs besides its endpoint.
type dialConfig struct {
	name       string
	clientInfo mcp.Implementation
	// stderr receives a stdio child's stderr; the caller keeps it to show
	// the last lines even when the connection fails.
	stderr *lineRing
	// stdoutNoise receives the lines of a stdio child's stdout that are
	// not JSON-RPC messages, for the error of a failed connection.
	stdoutNoise *lineRing
	stopGrace   time.Duration
	maxMessage  messageCap
	maxPages    int
	// onToolsChanged is called, on a transport goroutine, when the server
	// sends notifications/tools/list_changed. It must not block.
	onToolsChanged func()
	// peer answers the server's requests (roots, elicitation, sampling).
	peer *peer
	// onLog is called, on a transport goroutine, with each log message
	// (notifications/message). It must not block.
	onLog func(mcp.JSONRPCNotification)
	// clean makes server text one safe line without the server's secrets.
	clean func(string) string
	// logLevel is the lowest log severity asked of the server ("" asks
	// nothing).
	logLevel mcp.LoggingLevel
	// onUpdated is called, on a transport goroutine, with the URI of a
	// subscribed resource the server says changed
	// (notifications/resources/updated). It must not block.
	onUpdated func(uri string)
	// onOffers is called, on a transport goroutine, with the method of a
	// notifications/resources/list_changed or
	// notifications/prompts/list_changed. It must not block.
	onOffers func(method string)
	// later runs f in the background, tracked by the Manager: a connection
	// whose set-up ran out of time is closed there, so that the attempt
	// ends at its timeout rather than once the child is reaped. nil closes
	// it at once.
	later func(f func())
}

// dial connects to e and completes the handshake. ctx bounds the handshake
// only; the connection lives until close.
func dial(ctx context.Context, e endpoint, dc dialConfig) (*conn, error) {
	setup := transportSetup{stderr: dc.stderr, stdoutNoise: dc.stdoutNoise, stopGrace: dc.stopGrace, maxMessage: dc.maxMessage}
	version := e.cfg.ProtocolVersion
	overHTTP := e.transport() == model.TransportStreamableHTTP
	// A legacy streamable HTTP server sends what is not the answer to a
	// request (list_changed, log messages, and the roots, elicitation and
	// sampling requests not made while answering one) on the standalone GET
	// stream. mcp-go opens it only when asked before the handshake, and
	// asking rules out the 2026-07-28 era.
	setup.listen = overHTTP && version != "" && !mcp.IsModernProtocol(version)
	c, err := dialOnce(ctx, e, dc, setup, version)
	if err != nil {
		return nil, err
	}
	if overHTTP && !c.modern() && !setup.listen {
		// The server turned out to be legacy: connect again, pinned to the
		// version just negotiated, with the stream.
		version := c.info.ProtocolVersion
		c.close()
		setup.listen = true
		return dialOnce(ctx, e, dc, setup, version)
	}
	return c, nil
}

func dialOnce(ctx context.Context, e endpoint, dc dialConfig, setup transportSetup, version string) (_ *conn, err error) {
	var listening chan struct{}
	if setup.listen {
		listening = make(chan struct{})
		var once sync.Once
		setup.listening = func() { once.Do(func() { close(listening) }) }
	}
	life, cancel := context.WithCancel(context.Background())
	c := &conn{
		name:       dc.name,
		ep:         e,
		clientInfo: dc.clientInfo,
		maxPages:   dc.maxPages,
		onChanged:  dc.onToolsChanged,
		peer:       dc.peer,
		onLog:      dc.onLog,
		clean:      dc.clean,
		logLevel:   dc.logLevel,
		onUpdated:  dc.onUpdated,
		onOffers:   dc.onOffers,
		life:       life,
		cancelLife: cancel,
		lost:       make(chan struct{}),
	}
	if version == "" && e.transport() == model.TransportSSE {
		// HTTP+SSE is the 2024-11-05 transport, replaced before the
		// stateless era; mcp-go would still negotiate 2026-07-28 over it,
		// and then a subscriptions/listen request cannot be cancelled (the
		// reply travels on the event stream, not on the POST).
		version = mcp.LATEST_LEGACY_PROTOCOL_VERSION
	}
	opts := []client.ClientOption{client.WithClientCapabilities(c.peer.capabilities())}
	if version != "" {
		opts = append(opts, client.WithProtocolVersion(version))
	}
	if e.inproc != nil {
		answers := inprocAnswers{c.peer}
		opts = append(opts, client.WithElicitationHandler(answers), client.WithSamplingHandler(answers))
		if c.peer.offersRoots() {
			opts = append(opts, client.WithRootsHandler(answers))
		}
		c.client, err = client.NewInProcessClientWithOptions(e.inproc, opts...)
		if err != nil {
			cancel()
			return nil, fmt.Errorf("in-process client: %w", err)
		}
		c.tr = c.client.GetTransport()
	} else {
		c.tr, c.proc, err = newTransport(e, setup)
		if err != nil {
			cancel()
			return nil, err
		}
		c.client = client.NewClient(c.tr, opts...)
	}
	defer func() {
		if err != nil {
			c.closeAfterFailure(ctx, dc.later)
		}
	}()

	c.client.OnNotification(c.handleNotification)
	c.client.OnConnectionLost(func(err error) { c.markLost(fmt.Errorf("event stream closed: %w", err)) })
	if c.proc != nil {
		c.goTracked(func() {
			select {
			case <-c.proc.Exited():
				c.markLost(c.proc.ExitError())
			case <-c.proc.out.Over():
				c.markLost(c.proc.out.Err())
			case <-life.Done():
			}
		})
	}

	if err := c.start(ctx); err != nil {
		return nil, fmt.Errorf("start: %w", err)
	}
	if bidi, ok := c.tr.(transport.BidirectionalInterface); ok {
		// In place of the handler mcp-go's client installed: see peer.
		bidi.SetRequestHandler(c.serveRequest)
	}
	c.info, err = c.client.Initialize(ctx, mcp.InitializeRequest{Params: mcp.InitializeParams{
		ClientInfo: dc.clientInfo,
	}})
	if err != nil {
		return nil, fmt.Errorf("initialize: %w", c.failure(err))
	}
	c.greeted.Store(true)
	if c.modern() && !c.listenFilter().IsEmpty() {
		// Without the stream the connection still works; it just will
		// not see what changed.
		c.streamMu.Lock()
		_, _ = c.openStream(ctx)
		c.streamMu.Unlock()
	}
	if listening != nil {
		// What the server sends on the standalone stream before it is open
		// is lost (a legacy server drops it): let it open first.
		t := time.NewTimer(listenAckTimeout)
		select {
		case <-listening:
		case <-t.C:
		case <-ctx.Done():
		}
		t.Stop()
	}
	if !c.modern() && c.level() != "" && c.logs() {
		c.goTracked(c.setLogLevel)
	}
	return c, nil
}

// logs reports whether the server declared that it sends log messages.
func (c *conn) logs() bool { return c.info != nil && c.info.Capabilities.Logging != nil }

// setLogLevel asks a legacy server for log messages from the connection's
// level up (logging/setLevel), best effort: a server that refuses keeps
// its own level. (From 2026-07-28 on each request asks; see request.)
func (c *conn) setLogLevel() {
	ctx, cancel := context.WithTimeout(c.life, listenAckTimeout)
	defer cancel()
	_, _ = c.request(ctx, string(mcp.MethodSetLogLevel), map[string]any{"level": c.level()})
}

// level is the lowest log severity asked of the server, "" for none.
func (c *conn) level() mcp.LoggingLevel {
	c.levelMu.Lock()
	defer c.levelMu.Unlock()
	return c.logLevel
}

// start starts the transport under the connection's lifetime context (SSE
// ties its event stream to it) while honouring the handshake deadline.
func (c *conn) start(ctx context.Context) error {
	done := make(chan error, 1)
	go func() { done <- c.client.Start(c.life) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		c.cancelLife()
		<-done
		return ctx.Err()
	}
}

// handleNotification runs on the transport's reading goroutine: it only
// signals.
func (c *conn) handleNotification(n mcp.JSONRPCNotification) {
	switch n.Method {
	case string(mcp.MethodNotificationToolsListChanged):
		if c.onChanged != nil {
			c.onChanged()
		}
	case string(mcp.MethodNotificationResourcesListChanged), string(mcp.MethodNotificationPromptsListChanged):
		if c.onOffers != nil {
			c.onOffers(n.Method)
		}
	case string(mcp.MethodNotificationSubscriptionsAcknowledged):
		if st := c.stream.Load(); st != nil {
			var p struct {
				Notifications mcp.SubscriptionFilter `json:"notifications"`
			}
			notificationParams(n, &p)
			st.acknowledge(p.Notifications)
		}
	case string(mcp.MethodNotificationMessage):
		if c.onLog != nil {
			c.onLog(n)
		}
	case string(mcp.MethodNotificationProgress):
		c.handleProgress(n)
	case string(mcp.MethodNotificationResourceUpdated):
		var p struct {
			URI string `json:"uri"`
		}
		notificationParams(n, &p)
		if c.onUpdated != nil && p.URI != "" {
			c.onUpdated(p.URI)
		}
	}
}

// modern reports whether the connection speaks the 2026-07-28 stateless era.
func (c *conn) modern() bool { return mcp.IsModernProtocol(c.client.ProtocolVersion()) }

func (c *conn) toolsListChanged() bool {
	t := c.info.Capabilities.Tools
	return t != nil && t.ListChanged
}

// markLost records that the connection is gone; the first reason wins.
func (c *conn) markLost(err error) {
	c.lostOnce.Do(func() {
		c.lostErr = err
		close(c.lost)
	})
}

// Lost is closed when the connection has gone (child exited, stream broken).
func (c *conn) Lost() <-chan struct{} { return c.lost }

// LostErr says why the connection went. Call it after Lost is closed.
func (c *conn) LostErr() error { return c.lostErr }

// failure returns the best account of a failed request: when a stdio
// server's pipe closed, that is how the child exited (which takes a moment
// to be known) or the message that passed the limit, not mcp-go's
// "transport closed".
func (c *conn) failure(err error) error {
	err = transportError{err}
	if c.proc == nil || !errors.Is(err, transport.ErrTransportClosed) {
		return c.lostOr(err)
	}
	if tooLarge := c.proc.out.Err(); tooLarge != nil {
		// The limit closed the transport; the child has not exited.
		c.markLost(tooLarge)
		return c.lostOr(err)
	}
	t := time.NewTimer(exitWait)
	defer t.Stop()
	select {
	case <-c.proc.Exited():
		c.markLost(c.proc.ExitError())
	case <-c.lost:
	case <-t.C:
		c.markLost(errors.New("server closed its stdout"))
	}
	return c.lostOr(err)
}

// lostOr prefers the reason the connection was lost to err, which is often
// just "transport closed".
func (c *conn) lostOr(err error) error {
	select {
	case <-c.lost:
		return c.lostErr
	default:
		return err
	}
}

// Instructions returns the server's initialize instructions.
func (c *conn) Instructions() string {
	if c.info == nil {
		return ""
	}
	return c.info.Instructions
}

// Implementation returns the name and version the server gave at
// initialize, and the protocol version agreed on.
func (c *conn) Implementation() (model.Implementation, string) {
	if c.info == nil {
		return model.Implementation{}, ""
	}
	si := c.info.ServerInfo
	impl := model.Implementation{Name: si.Name, Version: si.Version, Title: si.Title}
	for _, ic := range si.Icons {
		impl.Icons = append(impl.Icons, model.Icon{Src: ic.Src, MIMEType: ic.MIMEType, Sizes: ic.Sizes, Theme: string(ic.Theme)})
	}
	return impl, c.info.ProtocolVersion
}

// Stderr returns the last lines of a stdio child's stderr.
func (c *conn) Stderr() []string {
	if c.proc == nil {
		return nil
	}
	return c.proc.lines.Lines()
}

// started is the command line a stdio child was started with, sandbox
// wrapper and all; "" for other transports. Not redacted.
func (c *conn) started() string {
	if c.proc == nil {
		return ""
	}
	parts := make([]string, 0, len(c.proc.line))
	for _, a := range c.proc.line {
		parts = append(parts, quoteArg(a))
	}
	return strings.Join(parts, " ")
}

// goTracked runs f on a goroutine that close waits for; after close has
// begun it does nothing.
func (c *conn) goTracked(f func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closing {
		return
	}
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		f()
	}()
}

// closeAfterFailure closes a connection whose set-up failed: in the
// background (later) when it ran out of time, since a child that hangs
// takes the stop grace to reap; else at once.
func (c *conn) closeAfterFailure(ctx context.Context, later func(func())) {
	if ctx.Err() != nil && later != nil {
		later(c.close)
		return
	}
	c.close()
}

// close ends the connection: the notification stream, the transport, and
// the child, which is reaped before close returns.
func (c *conn) close() {
	c.closeOnce.Do(func() {
		c.mu.Lock()
		c.closing = true
		c.mu.Unlock()
		c.cancelLife() // ends a stream still opening
		c.streamMu.Lock()
		stop := c.stopListen
		c.stopListen = nil
		c.streamMu.Unlock()
		if stop != nil {
			stop()
		}
		_ = c.client.Close()
		if c.proc != nil {
			// A child that never answered initialize is not waiting for
			// its stdin to close: it gets SIGTERM at once.
			c.proc.stop(c.greeted.Load())
		}
		c.markLost(errors.New("connection closed"))
		c.wg.Wait()
	})
}

package gateway

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mark3labs/mcp-go/server"
	"golang.org/x/sync/semaphore"

	"mcpeek/mcpclient"
	"mcpeek/model"
)

// Upstreams is what the gateway needs of the servers behind it;
// *mcpclient.Manager is one.
type Upstreams interface {
	// Servers returns a snapshot of every server, with its tools as listed.
	Servers() []model.Server
	// CallTool calls one upstream tool and returns its raw result.
	CallTool(ctx context.Context, server, tool string, args json.RawMessage) (*mcpclient.CallResult, error)
}

// Mode says which tools the gateway lists.
type Mode string

// The modes: three discovery tools, or every tool listed.
const (
	// ModeProgressive lists exactly tool_help, tool_exec and tool_batch.
	ModeProgressive Mode = "progressive"
	// ModeDirect lists every upstream tool as <server>__<tool>, after
	// inspect_tool_output and inspect_tool.
	ModeDirect Mode = "direct"
)

// ParseMode reads a mode name; "" is progressive.
func ParseMode(s string) (Mode, error) {
	switch Mode(s) {
	case "", ModeProgressive:
		return ModeProgressive, nil
	case ModeDirect:
		return ModeDirect, nil
	}
	return "", fmt.Errorf("unknown gateway mode %q (want progressive or direct)", s)
}

// DefaultDeadline is a tool_exec call's deadline when no other is set.
const DefaultDeadline = 60 * time.Second

// Options configure a Gateway. The zero value is a progressive gateway with
// no policy, 60 s deadlines and no events file.
type Options struct {
	// Mode is progressive (default) or direct.
	Mode Mode
	// Policy is the allow/deny/read-only policy.
	Policy Policy
	// Deadline bounds each upstream call (default DefaultDeadline).
	Deadline time.Duration
	// ServerDeadlines override Deadline for some servers.
	ServerDeadlines map[string]time.Duration
	// Events, when set, receives every event as one JSON line.
	Events io.Writer
	// Version is the gateway's version, sent to clients.
	Version string
	// HTTP configures ServeHTTP and Listen.
	HTTP HTTPOptions
	// Lock, when set, pins the tools served to a lock file.
	Lock *LockOptions
	// Store, when set, is where replicas share idempotency answers,
	// sessions and registry versions.
	Store *StoreOptions
	// now replaces the clock in tests.
	now func() time.Time
}

// Gateway is the progressive-disclosure MCP server in front of some
// upstreams. It is safe for concurrent use; Close ends it.
type Gateway struct {
	up     Upstreams
	opts   Options
	srv    *server.MCPServer
	http   http.Handler
	stream *server.StreamableHTTPServer
	// sessions are the session era's live sessions over HTTP.
	sessions *sessionBook
	// bodies is the budget of large request bodies in flight, in bytes.
	bodies *semaphore.Weighted
	self   map[string]*Op // tool_help, tool_exec, tool_batch, for their own args

	regMu  sync.Mutex // serialises rebuilds and policy changes
	reg    atomic.Pointer[Registry]
	policy Policy
	pin    *pinning   // the lock file as last read; nil without one
	offers *offerBook // resources, templates and prompts; nil when up has none

	order  atomic.Pointer[map[string]int] // tools/list order
	idem   idempotency
	parked parking // calls waiting for a 2026-07-28 client's input
	store  *store  // the shared store; nil without one
	events *events
	health *healthBook

	helpHits atomic.Uint64

	life   context.Context // cancelled by Close
	cancel context.CancelFunc
	lifeMu sync.Mutex     // orders ServeListener's wg.Add before Close's cancel
	wg     sync.WaitGroup // HTTP servers

	closeOnce sync.Once
	closeErr  error
}

// New builds a gateway over up. up must already be started; the gateway
// does not close it.
func New(up Upstreams, opts Options) (*Gateway, error) {
	mode, err := ParseMode(string(opts.Mode))
	if err != nil {
		return nil, err
	}
	opts.Mode = mode
	if err := opts.Policy.validate(); err != nil {
		return nil, err
	}
	if err := CheckToken(opts.HTTP.Token); err != nil {
		return nil, fmt.Errorf("gateway: %w", err)
	}
	if opts.Deadline <= 0 {
		opts.Deadline = DefaultDeadline
	}
	if opts.now == nil {
		opts.now = time.Now
	}
	if opts.Version == "" {
		opts.Version = "dev"
	}
	opts.HTTP = opts.HTTP.withDefaults()
	life, cancel := context.WithCancel(context.Background())
	g := &Gateway{
		up:     up,
		opts:   opts,
		policy: opts.Policy,
		idem:   newIdemStore(opts.now),
		events: newEvents(opts.Events),
		health: newHealthBook(opts.now),
		life:   life,
		cancel: cancel,
	}
	if err := g.readLock(); err != nil {
		cancel()
		return nil, fmt.Errorf("gateway: %w", err)
	}
	g.offers = newOfferBook(up)
	g.srv = server.NewMCPServer("mcpeek-gateway", opts.Version, append([]server.ServerOption{
		server.WithToolCapabilities(opts.Mode == ModeDirect),
		server.WithInstructions(instructions(opts.Mode)),
		server.WithToolFilter(g.orderTools),
		server.WithRecovery(),
		server.WithLogging(), // logging/setLevel is accepted; the gateway sends no log messages yet
	}, g.offerOptions()...)...)
	g.self = map[string]*Op{}
	for name, in := range map[string]string{toolHelp: toolHelpInput, toolExec: toolExecInput, toolBatch: toolBatchInput} {
		tool := model.Tool{Name: name, InputSchema: json.RawMessage(lenientArgs(in))}
		op := &Op{ID: name, Tool: tool, schemas: newOpSchemas(tool)}
		if err := op.schemas.in.Err(); err != nil {
			cancel()
			return nil, fmt.Errorf("gateway: the %s input schema: %w", name, err)
		}
		g.self[name] = op
	}
	if opts.Mode == ModeProgressive {
		g.srv.AddTools(g.progressiveTools()...)
		g.setOrder([]string{toolHelp, toolExec, toolBatch})
	}
	g.Refresh()
	g.http = g.newHTTPHandler()
	if err := g.openStore(); err != nil {
		cancel()
		return nil, fmt.Errorf("gateway: %w", err)
	}
	g.watchLock()
	g.publishRegistry()
	g.listUnlisted()
	return g, nil
}

// MCPServer returns the mcp-go server the gateway is built on, for an
// in-process client or a custom transport.
func (g *Gateway) MCPServer() *server.MCPServer { return g.srv }

// Mode returns the gateway's mode.
func (g *Gateway) Mode() Mode { return g.opts.Mode }

// Registry returns the current registry, rebuilt first if an upstream's
// tools changed.
func (g *Gateway) Registry() *Registry {
	return g.current()
}

// Refresh rebuilds the registry if an upstream's tools changed since the
// last call. Calls notice changes by themselves; Refresh lets a direct-mode
// gateway tell its clients (tools/list_changed) as soon as the owner of the
// upstreams sees a change, e.g. on an mcpclient.EventToolsChanged.
func (g *Gateway) Refresh() { g.current() }

// SetPolicy replaces the policy; the registry version changes with it.
func (g *Gateway) SetPolicy(p Policy) error {
	if err := p.validate(); err != nil {
		return err
	}
	g.regMu.Lock()
	g.policy = p
	g.regMu.Unlock()
	g.rebuild(g.up.Servers(), true)
	g.publishOffers()
	return nil
}

// Subscribe returns a channel of events and a function that ends the
// subscription (and closes the channel). The channel holds up to buffer
// events (256 when buffer <= 0); a subscriber that falls further behind
// misses events rather than slowing calls down. Close ends every
// subscription. A pinned gateway's channel starts with an event for each
// op the lock holds back or finds removed at the moment.
func (g *Gateway) Subscribe(buffer int) (<-chan Event, func()) {
	return g.events.subscribe(buffer, g.lockState()...)
}

// Calls counts the calls answered so far (one per event).
func (g *Gateway) Calls() uint64 { return g.events.calls.Load() }

// DroppedEvents counts events that subscribers missed because they were full.
func (g *Gateway) DroppedEvents() uint64 { return g.events.dropped.Load() }

// Close stops HTTP serving, cancels calls in flight, ends event
// subscriptions and flushes the events file. It does not close the
// upstreams. Close is idempotent.
func (g *Gateway) Close() error {
	g.closeOnce.Do(func() {
		g.lifeMu.Lock()
		g.cancel()
		g.lifeMu.Unlock()
		g.wg.Wait()
		g.offers.wait()
		g.closeErr = g.events.close()
		if g.store != nil {
			g.store.close()
		}
	})
	return g.closeErr
}

// current returns the registry, rebuilt first when the upstreams' tools
// changed.
func (g *Gateway) current() *Registry {
	r := g.reg.Load()
	if r == nil || r.stale(g.toolLists()) {
		r = g.rebuild(g.up.Servers(), false)
	}
	return r
}

// toolListers can tell what each server last listed without a whole
// snapshot of it (*mcpclient.Manager can): every call asks, to see that
// the registry is current, and a snapshot costs a call more than the rest
// of the gateway's own work.
type toolListers interface {
	ToolLists() iter.Seq2[string, []model.Tool]
}

// toolLists yields each upstream's name and tools as last listed.
func (g *Gateway) toolLists() iter.Seq2[string, []model.Tool] {
	if l, ok := g.up.(toolListers); ok {
		return l.ToolLists()
	}
	return listsOf(g.up.Servers())
}

// listsOf yields each server's name and tools.
func listsOf(servers []model.Server) iter.Seq2[string, []model.Tool] {
	return func(yield func(string, []model.Tool) bool) {
		for _, s := range servers {
			if !yield(s.Name, s.Tools) {
				return
			}
		}
	}
}

// rebuild builds a new registry from servers (unless another caller
// already did, or force) and, in direct mode, relists the tools.
func (g *Gateway) rebuild(servers []model.Server, force bool) *Registry {
	g.regMu.Lock()
	defer g.regMu.Unlock()
	prev := g.reg.Load()
	if !force && prev != nil && !prev.stale(listsOf(servers)) {
		return prev
	}
	r := buildRegistry(servers, g.policy, prev, g.pin)
	g.reg.Store(r)
	g.announceHeld(prev, r)
	if g.opts.Mode == ModeDirect && (prev == nil || prev.Version != r.Version) {
		g.listDirect(r)
	}
	return r
}

func (g *Gateway) setOrder(names []string) {
	rank := make(map[string]int, len(names))
	for i, n := range names {
		rank[n] = i
	}
	g.order.Store(&rank)
}

// newTraceID returns "tr_" and 16 random hex digits.
func newTraceID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return "tr_" + hex.EncodeToString(b[:])
}

// ErrClosed is returned by serving methods once the gateway is closed.
var ErrClosed = errors.New("gateway closed")

package gateway

import (
	"context"
	"errors"
	"fmt"
	"net"
	"sync"
)

// Runner runs gateways over streamable HTTP in the background, one per
// Start, each over the same upstreams with the same options. It is the
// lifecycle both front ends share: the explorer starts and stops a run on a
// key press beside its own work, `mcpeek gateway --http` serves one until it
// is told to stop. A run listens before Start returns, serves on a goroutine
// of its own, and reports its calls (Run.Events) and how serving ended
// (Run.Done, Run.Err). Close stops every run. A Runner is safe for
// concurrent use.
type Runner struct {
	up        Upstreams
	opts      Options
	subscribe int

	mu     sync.Mutex
	live   map[*Run]struct{}
	closed bool
	fresh  chan *Run // the newest run, until the reader of Runs takes it
}

// RunID is a run's name in its starter's terms: Start takes it and the run
// carries it back, so that news of a run (its calls, its end) can be
// matched with the request that asked for it.
type RunID uint64

// NewRunner makes a runner of gateways over up, each built with opts.
// subscribe is how many events each run holds for the reader of its
// Events; past that a slow reader misses some (counted by the gateway's
// DroppedEvents) rather than slowing calls down. With 0 nothing subscribes
// and Run.Events is nil.
func NewRunner(up Upstreams, opts Options, subscribe int) *Runner {
	return &Runner{up: up, opts: opts, subscribe: subscribe, live: map[*Run]struct{}{}, fresh: make(chan *Run, 1)}
}

// Start builds a gateway, listens on addr (host:port, loopback unless the
// options set a token; port 0 picks a free one) and serves in the
// background until ctx ends, the run is stopped or the runner closed. The
// run is also handed to the reader of Runs. Once the runner is closed,
// Start returns ErrClosed.
func (r *Runner) Start(ctx context.Context, id RunID, addr string) (*Run, error) {
	g, err := New(r.up, r.opts)
	if err != nil {
		return nil, err
	}
	var events <-chan Event
	if r.subscribe > 0 {
		events, _ = g.Subscribe(r.subscribe) // ended by g.Close
	}
	ln, err := g.Listen(addr)
	if err != nil {
		g.Close()
		return nil, err
	}
	run := &Run{id: id, g: g, url: g.URL(ln), events: events, done: make(chan struct{}), runner: r}
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		ln.Close()
		g.Close()
		return nil, ErrClosed
	}
	r.live[run] = struct{}{}
	select { // replace a run the reader has not taken: it is no longer the newest
	case <-r.fresh:
	default:
	}
	r.fresh <- run // never blocks: only Start sends, under r.mu
	r.mu.Unlock()
	go run.serve(ctx, ln)
	return run, nil
}

// Runs delivers the runs Start makes to one reader, a front end's event
// loop, which then reads each run's Events. It holds only the newest run: a
// run started before the reader took the one before replaces it. The
// channel is never closed.
func (r *Runner) Runs() <-chan *Run { return r.fresh }

// Close stops every run, waiting until each has stopped serving, and
// refuses new ones. The upstreams stay open: the runner's owner closes
// them. Close is idempotent.
func (r *Runner) Close() {
	r.mu.Lock()
	r.closed = true
	runs := make([]*Run, 0, len(r.live))
	for run := range r.live {
		runs = append(runs, run)
	}
	r.mu.Unlock()
	for _, run := range runs {
		run.Stop()
	}
}

func (r *Runner) forget(run *Run) {
	r.mu.Lock()
	delete(r.live, run)
	r.mu.Unlock()
}

// Run is one gateway a Runner serves. Its id, gateway, URL and events are
// set before Start returns it and never change.
type Run struct {
	id     RunID
	g      *Gateway
	url    string
	events <-chan Event
	done   chan struct{} // closed once the gateway has stopped serving
	err    error         // why serving ended, if it failed; written before done is closed
	runner *Runner
}

// ID is the name the run was started with.
func (r *Run) ID() RunID { return r.id }

// URL is the MCP endpoint clients connect to: http://host:port/mcp.
func (r *Run) URL() string { return r.url }

// Gateway is the gateway the run serves: its mode, its call count.
func (r *Run) Gateway() *Gateway { return r.g }

// Events are the run's calls, one event each, from its start (nil when the
// runner subscribes nothing). The channel is closed when the run ends.
func (r *Run) Events() <-chan Event { return r.events }

// Done is closed once the run has stopped serving, whether it was stopped
// or failed.
func (r *Run) Done() <-chan struct{} { return r.done }

// Err says why serving failed, once Done is closed: nil when the run was
// stopped (Stop, Close, or the end of Start's context), and before.
func (r *Run) Err() error {
	select {
	case <-r.done:
		return r.err
	default:
		return nil
	}
}

// Stop closes the run's gateway (its calls in flight are cancelled, its
// events end) and waits until it has stopped serving. It returns Err.
func (r *Run) Stop() error {
	r.g.Close()
	<-r.done
	return r.err
}

func (r *Run) serve(ctx context.Context, ln net.Listener) {
	err := r.g.ServeListener(ctx, ln)
	if errors.Is(err, ErrClosed) {
		err = nil // closed before it began: a stop, not a failure
	}
	r.err = err
	r.g.Close() // after a failure or the end of ctx, this ends the events: their reader learns of it
	r.runner.forget(r)
	close(r.done)
}

// ErrNotLoopback: without a token, a gateway listens on loopback
// addresses only.
var ErrNotLoopback = errors.New("without one only loopback addresses (127.0.0.1, ::1, localhost) are served")

// CheckAddr says, before anything listens, whether a gateway may listen on
// addr, by the rule Listen applies: addr is host:port, and without a token
// its host is loopback (127.0.0.1, ::1, localhost), else the error wraps
// ErrNotLoopback.
func CheckAddr(addr, token string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("gateway address %q: %w", addr, err)
	}
	if !isLoopbackHost(host) && token == "" {
		return fmt.Errorf("refusing to listen on %q without a token: %w", addr, ErrNotLoopback)
	}
	return nil
}

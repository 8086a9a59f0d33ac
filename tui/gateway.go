package tui

import (
	"context"
	"errors"
	"fmt"
	"sync"

	tea "charm.land/bubbletea/v2"

	"mcpeek/gateway"
)

// The background gateway: a key starts a progressive gateway over the
// explorer's own Backend on a loopback port, and stops it. Starting and
// stopping run in commands; the gateway's calls reach the traffic view
// through the bridge.

// gatewayState is where the background gateway is in its life.
type gatewayState int

const (
	gatewayOff gatewayState = iota
	gatewayStarting
	gatewayOn
	gatewayStopping
)

// gatewayAddr is where the background gateway listens: loopback, on a
// port the system picks.
const gatewayAddr = "127.0.0.1:0"

// trafficBuffer is how many events the gateway holds for the bridge; past
// that a slow program misses some (counted) rather than slowing calls.
const trafficBuffer = 1024

// errEnding refuses a start once the app is ending.
var errEnding = errors.New("the app is ending")

// backgroundGateway is the background gateway as the model sees it.
type backgroundGateway struct {
	state  gatewayState
	asked  ticket      // the newest run asked for; 0 when off
	run    *gatewayRun // the run serving; nil unless on or stopping
	calls  uint64      // its calls, as last counted
	missed uint64      // calls the bridge could not pass on in time
}

// gatewayRun is one run of the background gateway. id, g and url are set
// before it is handed out and never change; err is written once, before
// done is closed.
type gatewayRun struct {
	id   ticket
	g    *gateway.Gateway
	url  string
	done chan struct{} // closed when the gateway has stopped serving
	err  error         // why serving ended, if it failed
}

// gatewayHost starts and stops the background gateway's runs for the
// model's commands, and stops whatever still runs when the app ends. It
// is safe for concurrent use; the model only hands it to commands.
type gatewayHost struct {
	backend Backend
	bridge  *bridge
	version string

	mu     sync.Mutex
	runs   map[ticket]*gatewayRun
	closed bool
}

func newGatewayHost(b Backend, br *bridge, version string) *gatewayHost {
	return &gatewayHost{backend: b, bridge: br, version: version, runs: map[ticket]*gatewayRun{}}
}

// start builds a progressive gateway over the Backend, subscribes the
// bridge to its events and serves it on a loopback port.
func (h *gatewayHost) start(id ticket) (*gatewayRun, error) {
	if h.backend == nil {
		return nil, errors.New("no servers to serve")
	}
	g, err := gateway.New(h.backend, gateway.Options{Mode: gateway.ModeProgressive, Version: h.version})
	if err != nil {
		return nil, err
	}
	events, _ := g.Subscribe(trafficBuffer) // ended by g.Close
	ln, err := g.Listen(gatewayAddr)
	if err != nil {
		g.Close()
		return nil, err
	}
	run := &gatewayRun{id: id, g: g, url: g.URL(ln), done: make(chan struct{})}
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		ln.Close()
		g.Close()
		return nil, errEnding
	}
	h.runs[id] = run
	h.mu.Unlock()
	h.bridge.attach(gatewayFeed{run: run, events: events})
	go func() {
		err := g.ServeListener(context.Background(), ln)
		if errors.Is(err, gateway.ErrClosed) {
			err = nil // closed before it began: a stop, not a failure
		}
		run.err = err
		g.Close() // after a failure, ends the events: the bridge reports it
		close(run.done)
	}()
	return run, nil
}

// stop closes a run (its calls in flight are cancelled) and waits until it
// has stopped serving. The Backend stays open: the explorer owns it.
func (h *gatewayHost) stop(run *gatewayRun) error {
	run.g.Close()
	<-run.done
	h.mu.Lock()
	delete(h.runs, run.id)
	h.mu.Unlock()
	return run.err
}

// close stops every run and refuses new ones.
func (h *gatewayHost) close() {
	h.mu.Lock()
	h.closed = true
	runs := make([]*gatewayRun, 0, len(h.runs))
	for _, r := range h.runs {
		runs = append(runs, r)
	}
	h.mu.Unlock()
	for _, r := range runs {
		h.stop(r)
	}
}

type (
	// gatewayStartedMsg: a run of the gateway is serving.
	gatewayStartedMsg struct{ run *gatewayRun }
	// gatewayStoppedMsg: a run was stopped and has stopped serving.
	gatewayStoppedMsg struct {
		run ticket
		err error
	}
	// gatewayFailedMsg: a run could not start, or stopped serving by itself.
	gatewayFailedMsg struct {
		run ticket
		err error
	}
	// gatewayEventsMsg: calls a run answered, oldest first (from the bridge).
	gatewayEventsMsg struct {
		run    ticket
		events []gateway.Event
	}
)

func startGateway(h *gatewayHost, id ticket) tea.Cmd {
	return func() tea.Msg {
		run, err := h.start(id)
		if err != nil {
			return gatewayFailedMsg{run: id, err: err}
		}
		return gatewayStartedMsg{run: run}
	}
}

func stopGateway(h *gatewayHost, run *gatewayRun) tea.Cmd {
	return func() tea.Msg { return gatewayStoppedMsg{run: run.id, err: h.stop(run)} }
}

func closeGateways(h *gatewayHost) tea.Cmd {
	return func() tea.Msg {
		h.close()
		return nil
	}
}

// toggleGateway starts the gateway, or stops it. A press while it starts
// or stops waits for that to end.
func (m *Model) toggleGateway() tea.Cmd {
	g := &m.gw
	switch g.state {
	case gatewayOff:
		g.asked = m.tickets.next()
		g.state = gatewayStarting
		return startGateway(m.host, g.asked)
	case gatewayOn:
		g.state = gatewayStopping
		return stopGateway(m.host, g.run)
	}
	return nil
}

// quit ends the app; a gateway that runs or starts is stopped first, so
// that no port stays open and no call is left running.
func (m *Model) quit() tea.Cmd {
	if m.gw.state == gatewayOff {
		return tea.Quit
	}
	return tea.Sequence(closeGateways(m.host), tea.Quit)
}

// Close stops the background gateway if it still runs. The quit key
// already stops it; call Close once the program has returned, for the
// other ways it ends (a signal, a cancelled context). The Backend is not
// closed.
func (m *Model) Close() { m.host.close() }

// gatewayMsg handles the gateway's messages; ok is false for other ones.
// Answers about a run other than the newest asked for are stale.
func (m *Model) gatewayMsg(msg tea.Msg) (tea.Cmd, bool) {
	g := &m.gw
	switch msg := msg.(type) {
	case gatewayStartedMsg:
		if stale(msg.run.id, g.asked) || g.state != gatewayStarting {
			return stopGateway(m.host, msg.run), true // no longer wanted
		}
		*g = backgroundGateway{state: gatewayOn, asked: g.asked, run: msg.run}
		return m.setStatus("gateway on "+msg.run.url+" · t shows its traffic", false), true
	case gatewayStoppedMsg:
		if stale(msg.run, g.asked) {
			return nil, true
		}
		*g = backgroundGateway{}
		if msg.err != nil {
			return m.setStatus(fmt.Errorf("gateway stopped: %w", msg.err).Error(), true), true
		}
		return m.setStatus("gateway stopped", false), true
	case gatewayFailedMsg:
		if stale(msg.run, g.asked) {
			return nil, true
		}
		*g = backgroundGateway{}
		return m.setStatus(fmt.Errorf("gateway: %w", msg.err).Error(), true), true
	case gatewayEventsMsg:
		if g.run != nil && !stale(msg.run, g.asked) {
			g.calls, g.missed = g.run.g.Calls(), g.run.g.DroppedEvents()
		}
		m.traffic.add(msg.events)
		return nil, true
	}
	return nil, false
}

// callsText writes "1 call", "12,003 calls".
func callsText(n int) string {
	if n == 1 {
		return "1 call"
	}
	return thousands(n) + " calls"
}

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

// gatewayRun is one run of the background gateway. id, g and url are set
// before it is handed out and never change; err is written once, before
// done is closed.
type gatewayRun struct {
	id   int
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
	runs   map[int]*gatewayRun
	closed bool
}

func newGatewayHost(b Backend, br *bridge, version string) *gatewayHost {
	return &gatewayHost{backend: b, bridge: br, version: version, runs: map[int]*gatewayRun{}}
}

// start builds a progressive gateway over the Backend, subscribes the
// bridge to its events and serves it on a loopback port.
func (h *gatewayHost) start(id int) (*gatewayRun, error) {
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
		run int
		err error
	}
	// gatewayFailedMsg: a run could not start, or stopped serving by itself.
	gatewayFailedMsg struct {
		run int
		err error
	}
	// gatewayEventsMsg: calls a run answered, oldest first (from the bridge).
	gatewayEventsMsg struct {
		run    int
		events []gateway.Event
	}
)

func startGateway(h *gatewayHost, id int) tea.Cmd {
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
	switch m.gwState {
	case gatewayOff:
		m.gwRun++
		m.gwState = gatewayStarting
		return startGateway(m.host, m.gwRun)
	case gatewayOn:
		m.gwState = gatewayStopping
		return stopGateway(m.host, m.gw)
	}
	return nil
}

// quit ends the app; a gateway that runs or starts is stopped first, so
// that no port stays open and no call is left running.
func (m *Model) quit() tea.Cmd {
	if m.gwState == gatewayOff {
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
func (m *Model) gatewayMsg(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case gatewayStartedMsg:
		if msg.run.id != m.gwRun || m.gwState != gatewayStarting {
			return stopGateway(m.host, msg.run), true // no longer wanted
		}
		m.gw, m.gwState, m.gwCalls, m.gwMissed = msg.run, gatewayOn, 0, 0
		return m.setStatus("gateway on "+msg.run.url+" · t shows its traffic", false), true
	case gatewayStoppedMsg:
		if m.gw == nil || m.gw.id != msg.run {
			return nil, true
		}
		m.gw, m.gwState = nil, gatewayOff
		if msg.err != nil {
			return m.setStatus(fmt.Errorf("gateway stopped: %w", msg.err).Error(), true), true
		}
		return m.setStatus("gateway stopped", false), true
	case gatewayFailedMsg:
		if msg.run != m.gwRun || m.gwState == gatewayOff {
			return nil, true
		}
		m.gw, m.gwState = nil, gatewayOff
		return m.setStatus(fmt.Errorf("gateway: %w", msg.err).Error(), true), true
	case gatewayEventsMsg:
		m.traffic.add(msg.events...)
		if m.gw != nil && m.gw.id == msg.run {
			m.gwCalls, m.gwMissed = m.gw.g.Calls(), m.gw.g.DroppedEvents()
		}
		m.tview.follow(&m.traffic)
		return nil, true
	}
	return nil, false
}

// gatewayText is the status bar's account of the gateway: its URL, mode
// and calls while it runs; "" when it is off.
func (m *Model) gatewayText() string {
	s := &m.styles
	switch m.gwState {
	case gatewayStarting:
		return s.StateStarting.Render(s.Icons.Starting) + s.Dim.Render(" gateway starting…")
	case gatewayStopping:
		return s.StateStarting.Render(s.Icons.Starting) + s.Dim.Render(" gateway stopping…")
	case gatewayOn:
		return s.StateConnected.Render(s.Icons.Gateway) + " " + s.PathBar.Render(m.gw.url) +
			s.Dim.Render(" · "+string(m.gw.g.Mode())+" · "+callsText(int(m.gwCalls)))
	}
	return ""
}

// callsText writes "1 call", "12,003 calls".
func callsText(n int) string {
	if n == 1 {
		return "1 call"
	}
	return thousands(n) + " calls"
}

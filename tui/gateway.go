package tui

import (
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"

	"mcpeek/gateway"
)

// The background gateway: a key starts a progressive gateway over the
// explorer's own Backend, and stops it. A gateway.Runner does the work; the
// model starts and stops runs in commands, and a run's calls (and its end,
// if serving fails) reach the traffic view through the bridge.

// gatewayState is where the background gateway is in its life.
type gatewayState int

const (
	gatewayOff gatewayState = iota
	gatewayStarting
	gatewayOn
	gatewayStopping
)

// defaultGatewayAddr is where the background gateway listens unless
// Options.GatewayAddr says otherwise: loopback, on a port the system picks.
const defaultGatewayAddr = "127.0.0.1:0"

// trafficBuffer is how many events a run holds for the bridge; past that a
// slow program misses some (counted) rather than slowing calls.
const trafficBuffer = 1024

// errNoServers refuses a start without a Backend.
var errNoServers = errors.New("no servers to serve")

// backgroundGateway is the background gateway as the model sees it.
type backgroundGateway struct {
	// runner runs the gateway's runs (nil without a Backend), on addr;
	// lock is the lock file it is pinned to, "" for none.
	runner *gateway.Runner
	addr   string
	lock   string
	state  gatewayState
	asked  ticket       // the newest run asked for; 0 when off
	run    *gateway.Run // the run serving; nil unless on or stopping
	calls  uint64       // its calls, as last counted
	missed uint64       // calls the bridge could not pass on in time
}

// serving notes the run that serves now, from its first call; nil: none
// does, the gateway is off.
func (g *backgroundGateway) serving(run *gateway.Run) {
	g.state, g.run, g.calls, g.missed = gatewayOn, run, 0, 0
	if run == nil {
		g.state, g.asked = gatewayOff, 0
	}
}

// newRunner is the runner of the background gateway's runs: progressive
// gateways over b; nil without a Backend.
func newRunner(b Backend, version, lock string) *gateway.Runner {
	if b == nil {
		return nil
	}
	opts := gateway.Options{Mode: gateway.ModeProgressive, Version: version}
	if lock != "" {
		opts.Lock = &gateway.LockOptions{Path: lock}
	}
	return gateway.NewRunner(b, opts, trafficBuffer)
}

type (
	// gatewayStartedMsg: a run of the gateway is serving.
	gatewayStartedMsg struct{ run *gateway.Run }
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

// startGateway starts a run named id on addr.
func startGateway(r *gateway.Runner, id ticket, addr string) tea.Cmd {
	return func() tea.Msg {
		if r == nil {
			return gatewayFailedMsg{run: id, err: errNoServers}
		}
		run, err := r.Start(context.Background(), gateway.RunID(id), addr)
		if err != nil {
			return gatewayFailedMsg{run: id, err: err}
		}
		return gatewayStartedMsg{run: run}
	}
}

// stopGateway stops a run (its calls in flight are cancelled) and reports
// once it has stopped serving. The Backend stays open: the explorer owns it.
func stopGateway(run *gateway.Run) tea.Cmd {
	return func() tea.Msg { return gatewayStoppedMsg{run: ticket(run.ID()), err: run.Stop()} }
}

// closeGateways stops every run and refuses new ones.
func closeGateways(r *gateway.Runner) tea.Cmd {
	return func() tea.Msg {
		if r != nil {
			r.Close()
		}
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
		return startGateway(m.gw.runner, g.asked, m.gw.addr)
	case gatewayOn:
		g.state = gatewayStopping
		return stopGateway(g.run)
	}
	return nil
}

// quit ends the app; a gateway that runs or starts is stopped first, so
// that no port stays open and no call is left running.
func (m *Model) quit() tea.Cmd {
	if m.gw.state == gatewayOff {
		return tea.Quit
	}
	return tea.Sequence(closeGateways(m.gw.runner), tea.Quit)
}

// Close stops the background gateway if it still runs. The quit key
// already stops it; call Close once the program has returned, for the
// other ways it ends (a signal, a cancelled context). The Backend is not
// closed.
func (m *Model) Close() {
	m.life.stop()
	if m.gw.runner != nil {
		m.gw.runner.Close()
	}
}

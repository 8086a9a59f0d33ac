package tui

import (
	tea "charm.land/bubbletea/v2"

	"mcpeek/gateway"
	"mcpeek/mcpclient"
)

// maxEventBatch bounds how many gateway events one message carries: a
// burst is drained into a few messages, not one per call.
const maxEventBatch = 512

// reportBuffer is how many reports of calls under way wait for the
// program; past it a report is dropped (a later one, or the call's end,
// says more).
const reportBuffer = 64

// reports carry what the client hears of the explorer's calls while they
// run (progress, the task a call became) from the client's goroutines to
// the bridge, which forwards them like the Manager's events. A post never
// blocks the client.
type reports chan tea.Msg

func newReports() reports { return make(reports, reportBuffer) }

// post hands msg to the bridge, or drops it while reportBuffer reports
// wait.
func (r reports) post(msg tea.Msg) {
	select {
	case r <- msg:
	default:
	}
}

// ForwardEvents is the one bridge from background goroutines to the
// program, and the only caller of send: it turns each of the Manager's
// events into a message (a server changed, a login page, a warning, a
// server's request for the user, the end of one), forwards the reports of
// the calls under way and, while the background gateway runs, sends its
// calls in batches, until events is closed (by Manager.Close). Run it in its own goroutine with
// program.Send, on a Manager made with mcpclient.WithRequestEvents. It
// reads none of the model's state: the gateway's runner hands it each new
// run. Nothing waits on the program: a request is answered through the
// value its message carries.
//
// The gateway never waits for it: a run holds trafficBuffer events and
// drops (and counts) what a slow program would not take.
func (m *Model) ForwardEvents(events <-chan mcpclient.Event, send func(tea.Msg)) {
	var runs <-chan *gateway.Run // nil without a runner: never ready
	if m.gw.runner != nil {
		runs = m.gw.runner.Runs()
	}
	forward(events, runs, m.calls.reports, send)
}

// forward is the bridge's loop: it follows the newest run the runner
// hands it, and reports how that run ended if serving failed (a stop is
// reported by the command that stopped it).
func forward(events <-chan mcpclient.Event, runs <-chan *gateway.Run, reports <-chan tea.Msg, send func(tea.Msg)) {
	var run *gateway.Run
	var calls <-chan gateway.Event // run's events; nil when none is followed
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				return
			}
			if run != nil {
				// Its clients hear of changed resources and prompts, and
				// of updated resources they subscribed to.
				run.Gateway().HandleEvent(ev)
			}
			send(eventMsg(ev))
		case msg := <-reports:
			send(msg)
		case run = <-runs:
			calls = run.Events()
		case ev, ok := <-calls:
			id := ticket(run.ID())
			if !ok {
				<-run.Done()
				if err := run.Err(); err != nil {
					send(gatewayFailedMsg{run: id, err: err})
				}
				run, calls = nil, nil
				continue
			}
			batch := []gateway.Event{ev}
		drain:
			for len(batch) < maxEventBatch {
				select {
				case ev, ok := <-calls:
					if !ok {
						break drain // the next receive reports the end
					}
					batch = append(batch, ev)
				default:
					break drain
				}
			}
			send(gatewayEventsMsg{run: id, events: batch})
		}
	}
}

// eventMsg is the message that tells the model of a Manager's event.
func eventMsg(ev mcpclient.Event) tea.Msg {
	switch ev.Kind {
	case mcpclient.EventLoginURL:
		return loginURLMsg{server: ev.Server, url: ev.URL}
	case mcpclient.EventWarning:
		return warningMsg{text: ev.Text}
	case mcpclient.EventElicitation:
		return elicitAskedMsg{req: ev.Elicitation}
	case mcpclient.EventSampling:
		return samplingAskedMsg{req: ev.Sampling}
	case mcpclient.EventRequestEnded:
		return requestEndedMsg{ev: ev}
	case mcpclient.EventResourceUpdated:
		return ResourceUpdatedMsg{Server: ev.Server, URI: ev.URI}
	case mcpclient.EventSubscriptionEnded:
		return subscriptionEndedMsg{server: ev.Server, uri: ev.URI, err: ev.Err}
	}
	return ServerChangedMsg{Server: ev.Server}
}

package tui

import (
	"sync"

	tea "charm.land/bubbletea/v2"

	"mcpeek/gateway"
	"mcpeek/mcpclient"
)

// maxEventBatch bounds how many gateway events one message carries: a
// burst is drained into a few messages, not one per call.
const maxEventBatch = 512

// bridge is the one path from background goroutines to the program. It
// forwards the Manager's events and, while the background gateway runs,
// the gateway's events; the model's commands hand it each new gateway's
// subscription (attach). It holds no model state.
type bridge struct {
	mu   sync.Mutex
	feed *gatewayFeed  // the newest gateway's events, not yet taken
	wake chan struct{} // a feed is waiting
}

// gatewayFeed is one background gateway's events.
type gatewayFeed struct {
	run    *gatewayRun
	events <-chan gateway.Event
}

func newBridge() *bridge { return &bridge{wake: make(chan struct{}, 1)} }

// attach hands the bridge a gateway's events. It never blocks: a bridge
// that is not running yet takes the newest feed when it starts.
func (b *bridge) attach(f gatewayFeed) {
	b.mu.Lock()
	b.feed = &f
	b.mu.Unlock()
	select {
	case b.wake <- struct{}{}:
	default:
	}
}

func (b *bridge) take() gatewayFeed {
	b.mu.Lock()
	defer b.mu.Unlock()
	f := b.feed
	b.feed = nil
	if f == nil {
		return gatewayFeed{}
	}
	return *f
}

// ForwardEvents is the one bridge from background goroutines to the
// program. It sends each of the Manager's events as a ServerChangedMsg
// and, while the background gateway runs, its calls in batches, until
// events is closed (by Manager.Close). Run it in its own goroutine with
// program.Send. It reads none of the model's state: only what the model's
// commands hand it.
//
// The gateway never waits for it: its subscription holds trafficBuffer
// events and drops (and counts) what a slow program would not take.
func (m *Model) ForwardEvents(events <-chan mcpclient.Event, send func(tea.Msg)) {
	m.bridge.run(events, send)
}

func (b *bridge) run(events <-chan mcpclient.Event, send func(tea.Msg)) {
	var feed gatewayFeed // a feed attached before the bridge started is waiting in wake
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				return
			}
			send(ServerChangedMsg{Server: ev.Server})
		case <-b.wake:
			if f := b.take(); f.events != nil {
				feed = f
			}
		case ev, ok := <-feed.events:
			if !ok {
				b.ended(feed.run, send)
				feed = gatewayFeed{}
				continue
			}
			batch := []gateway.Event{ev}
		drain:
			for len(batch) < maxEventBatch {
				select {
				case ev, ok := <-feed.events:
					if !ok {
						break drain // the next receive reports the end
					}
					batch = append(batch, ev)
				default:
					break drain
				}
			}
			send(gatewayEventsMsg{run: feed.run.id, events: batch})
		}
	}
}

// ended reports a gateway whose events stopped: nothing if it was stopped
// (the stop command reports that), a gatewayFailedMsg if serving failed.
func (b *bridge) ended(run *gatewayRun, send func(tea.Msg)) {
	<-run.done
	if run.err != nil {
		send(gatewayFailedMsg{run: run.id, err: run.err})
	}
}

package mcpclient

import (
	"context"
	"sync"

	"mcpeek/model"
)

// EventKind says what an Event reports.
type EventKind int

// The kinds of events.
const (
	// EventStateChanged: the server's connection state changed.
	EventStateChanged EventKind = iota + 1
	// EventToolsChanged: the server's tool list changed (first listing,
	// tools/list_changed, or a reconnect that found different tools).
	EventToolsChanged
	// EventLog: the server sent a log message (MCP logging); Event.Log is
	// the newest, and the server's snapshot (model.Server.Log) holds the
	// last ones.
	EventLog
	// EventResourceUpdated: a resource the server was subscribed to
	// changed (notifications/resources/updated); Event.URI names it.
	EventResourceUpdated
)

// String returns the kind's name.
func (k EventKind) String() string {
	switch k {
	case EventStateChanged:
		return "state"
	case EventToolsChanged:
		return "tools"
	case EventLog:
		return "log"
	case EventResourceUpdated:
		return "resource updated"
	}
	return "unknown"
}

// Event tells that something about one server changed. Read the server's
// current snapshot with Manager.Servers or Manager.Tools.
type Event struct {
	Kind   EventKind
	Server string
	// State is the server's state when the event was made.
	State model.ConnState
	// Err is the error message for StateError, sanitised and redacted.
	Err string
	// Log is the message of an EventLog. A reader slower than the server
	// may miss some (a newer log event replaces one still waiting), never
	// the newest; read the rest from the snapshot.
	Log model.LogMessage
	// URI is the resource of an EventResourceUpdated, as the server sent
	// it: sanitise it before showing it.
	URI string
}

// eventQueue decouples the Manager from the reader of its events: push never
// blocks. Events wait in an unbounded queue, except that an event identical
// in server, kind and state to one still waiting replaces it and moves to the
// back. So nothing is lost but duplicates, the queue stays within
// servers × kinds × states (× the URIs of updated resources), and a server's last event always carries its
// current state, however slow the reader.
type eventQueue struct {
	mu      sync.Mutex
	pending []Event
	wake    chan struct{}
	out     chan Event
}

func newEventQueue() *eventQueue {
	return &eventQueue{wake: make(chan struct{}, 1), out: make(chan Event)}
}

func (q *eventQueue) push(e Event) {
	q.mu.Lock()
	for i, p := range q.pending {
		if p.Server == e.Server && p.Kind == e.Kind && p.State == e.State && p.URI == e.URI {
			q.pending = append(q.pending[:i], q.pending[i+1:]...)
			break
		}
	}
	q.pending = append(q.pending, e)
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// run delivers events until ctx ends, then closes the channel.
func (q *eventQueue) run(ctx context.Context) {
	defer close(q.out)
	for {
		q.mu.Lock()
		var (
			e  Event
			ok bool
		)
		if len(q.pending) > 0 {
			e, ok = q.pending[0], true
			q.pending = q.pending[1:]
		}
		q.mu.Unlock()
		if !ok {
			select {
			case <-q.wake:
				continue
			case <-ctx.Done():
				return
			}
		}
		select {
		case q.out <- e:
		case <-ctx.Done():
			return
		}
	}
}

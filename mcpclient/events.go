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
	// EventLoginURL: a login asks the user to open Event.URL (an OAuth
	// authorization page) and waits for the browser. The login prompt
	// (WithLoginPrompt) is called too.
	EventLoginURL
	// EventWarning: a problem that did not stop the Manager, in
	// Event.Text: a warning of the config it was made from
	// (Config.Warnings), whose Server is empty; or, once as it first
	// starts, a path that a server in the sandbox of its entry is given
	// and cannot see, whose Server names it (WithWarnings).
	EventWarning
	// EventElicitation: a server asks the user for information; answer
	// Event.Elicitation (WithRequestEvents).
	EventElicitation
	// EventSampling: a server asks for an LLM reply; answer Event.Sampling
	// (WithRequestEvents).
	EventSampling
	// EventRequestEnded: the request of an earlier EventElicitation or
	// EventSampling (the same Event.Elicitation or Event.Sampling) ended
	// before it was answered: withdrawn, timed out or disconnected, as
	// Event.Err says. An answer given now is dropped.
	EventRequestEnded
	// EventResourcesChanged: the server said its resources or resource
	// templates changed (notifications/resources/list_changed); list them
	// again to see how.
	EventResourcesChanged
	// EventPromptsChanged: the server said its prompts changed
	// (notifications/prompts/list_changed).
	EventPromptsChanged
	// EventSubscriptionEnded: a resource subscription (Event.URI) ended
	// without UnsubscribeResource: a new connection could not make it
	// again, as Event.Err says. The resource is no longer subscribed to.
	EventSubscriptionEnded
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
	case EventLoginURL:
		return "login"
	case EventWarning:
		return "warning"
	case EventElicitation:
		return "elicitation"
	case EventSampling:
		return "sampling"
	case EventRequestEnded:
		return "request ended"
	case EventResourcesChanged:
		return "resources"
	case EventPromptsChanged:
		return "prompts"
	case EventSubscriptionEnded:
		return "subscription ended"
	}
	return "unknown"
}

// replaceable reports whether an event of kind k says where something
// now stands, so that a newer one of the same server and state makes one
// still waiting pointless. Requests and warnings are each their own.
func (k EventKind) replaceable() bool {
	switch k {
	case EventStateChanged, EventToolsChanged, EventLog, EventLoginURL, EventResourceUpdated,
		EventResourcesChanged, EventPromptsChanged:
		return true
	}
	return false
}

// Event tells that something about one server changed, or that it asks
// something of the user. Read the server's current snapshot with
// Manager.Servers or Manager.Tools.
type Event struct {
	Kind   EventKind
	Server string
	// State is the server's state when the event was made.
	State model.ConnState
	// Err is the error message for StateError, sanitised and redacted, or
	// why the request of an EventRequestEnded ended.
	Err string
	// Log is the message of an EventLog. A reader slower than the server
	// may miss some (a newer log event replaces one still waiting), never
	// the newest; read the rest from the snapshot.
	Log model.LogMessage
	// URI is the resource of an EventResourceUpdated or
	// EventSubscriptionEnded, as the server sent it or as it was given:
	// sanitise it before showing it.
	URI string
	// URL is the page of an EventLoginURL, sanitised.
	URL string
	// Text is the warning of an EventWarning, sanitised.
	Text string
	// Elicitation is the request of an EventElicitation, or of an
	// EventRequestEnded that ends it.
	Elicitation *PendingElicitation
	// Sampling is the request of an EventSampling, or of an
	// EventRequestEnded that ends it.
	Sampling *PendingSampling
}

// eventQueue decouples the Manager from the reader of its events: push never
// blocks. Events wait in an unbounded queue, except that an event of a
// replaceable kind identical in server, kind, state and resource to one
// still waiting replaces it and moves to the back. So nothing is lost but
// duplicates, the state events stay within servers × kinds × states (× the
// URIs of updated resources), and a server's last event always carries its
// current state, however slow the reader. The others (warnings, requests)
// are as many as the config's warnings, those of each sandboxed server's
// first start, and the requests waiting for the user.
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
		if e.Kind.replaceable() && p.Server == e.Server && p.Kind == e.Kind && p.State == e.State && p.URI == e.URI {
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

package mcpclient

import (
	"context"
	"errors"
)

// A front end that shows its own screen (the explorer) answers servers'
// requests through the Manager's events (WithRequestEvents): each request
// is an event that carries what was asked and where the answer goes, and
// the Manager's handler waits for that answer, for the request to end, or
// for Close. Nothing waits on the front end: publishing never blocks, and
// neither does answering.

// Pending is a server's request waiting for the user's answer: Ask is what
// was asked. Answer it with Answer.
type Pending[Q, A any] struct {
	Ask   Q
	reply func(A)
}

// PendingElicitation is an elicitation waiting for the user.
type PendingElicitation = Pending[Elicitation, ElicitAnswer]

// PendingSampling is a sampling request waiting for the user.
type PendingSampling = Pending[SamplingRequest, SamplingReply]

// NewPending makes a request whose answers go to reply, which must not
// block. The Manager makes its own; a front end's tests make theirs.
func NewPending[Q, A any](ask Q, reply func(A)) *Pending[Q, A] {
	return &Pending[Q, A]{Ask: ask, reply: reply}
}

// Answer gives the user's answer to the server. It never blocks: for the
// Manager's requests, a second answer, or one given after the request
// ended (EventRequestEnded, or the Manager closed), is dropped.
func (p *Pending[Q, A]) Answer(a A) { p.reply(a) }

// WithRequestEvents makes the Manager pass servers' elicitations and
// sampling requests to the user through its events (EventElicitation,
// EventSampling, EventRequestEnded) instead of the handlers of
// WithElicitationHandler and WithSamplingHandler: for a front end that
// reads the events anyway and answers in its own time.
func WithRequestEvents() Option {
	return func(o *options) { o.requestEvents = true }
}

// errManagerClosed ends a request whose answer can no longer come.
var errManagerClosed = errors.New("mcpclient: the Manager closed")

// askByEvent publishes a request as an event and waits for its answer, or
// for ctx or the Manager to end: then the request's end is published too,
// and ended is the answer. event makes the request's event; ending marks
// an event as the end of the same request.
func askByEvent[Q, A any](m *Manager, ctx context.Context, ask Q, server string, event func(*Pending[Q, A]) Event, ended A) (A, error) {
	replies := make(chan A, 1) // the first answer never blocks
	p := NewPending(ask, func(a A) {
		select {
		case replies <- a:
		default:
		}
	})
	ev := event(p)
	ev.Server = server
	m.events.push(ev)
	var err error
	select {
	case a := <-replies:
		return a, nil
	case <-ctx.Done():
		err = ctx.Err()
	case <-m.ctx.Done():
		err = errManagerClosed
	}
	ev.Kind, ev.Err = EventRequestEnded, err.Error()
	m.events.push(ev)
	return ended, err
}

// elicitByEvent is the ElicitationHandler of WithRequestEvents.
func (m *Manager) elicitByEvent(ctx context.Context, e Elicitation) (ElicitAnswer, error) {
	return askByEvent(m, ctx, e, e.Server, func(p *PendingElicitation) Event {
		return Event{Kind: EventElicitation, Elicitation: p}
	}, ElicitAnswer{Action: ElicitCancel})
}

// sampleByEvent is the SamplingHandler of WithRequestEvents.
func (m *Manager) sampleByEvent(ctx context.Context, r SamplingRequest) (SamplingReply, error) {
	return askByEvent(m, ctx, r, r.Server, func(p *PendingSampling) Event {
		return Event{Kind: EventSampling, Sampling: p}
	}, SamplingReply{Decline: true})
}

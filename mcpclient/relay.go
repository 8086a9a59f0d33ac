package mcpclient

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"

	"mcpeek/model"
)

// A Relay answers, in place of the Manager's handlers, the elicitation and
// sampling requests a server makes during the calls made with a context
// from WithRelay: a gateway passes them on to the client whose call it is.
//
// A request is tied to a call by its context where the transport keeps it
// (streamable HTTP, where the request arrives on the call's stream; the
// input requests of a 2026-07-28 result) and otherwise (stdio, in process)
// by the calls in flight to that server: when they all carry the same
// Relay, it answers. When they carry different ones, or some carry none, no
// one can tell which call asks, and the request is declined. A request
// while no relayed call is in flight goes to the Manager's handlers.
//
// Calls are told apart by their Relay values, which must therefore be
// comparable (a pointer, typically): calls with equal values belong to
// the same answerer.
type Relay interface {
	// Relay answers one request: method is elicitation/create or
	// sampling/createMessage and params are as the server sent them
	// (untrusted), less the task member of a request the server asked to
	// run as a task (mcpeek runs that task itself and asks the Relay for
	// the plain answer). The result goes back to the server unchanged; an
	// *RPCError goes back as that JSON-RPC error, any other error as an
	// internal error. Relay must return once ctx ends.
	Relay(ctx context.Context, server, method string, params json.RawMessage) (json.RawMessage, error)
}

type relayKey struct{}

// WithRelay returns a context whose calls (CallTool, CallToolWith,
// TaskResult) have r answer the requests the server makes meanwhile.
func WithRelay(ctx context.Context, r Relay) context.Context {
	return context.WithValue(ctx, relayKey{}, r)
}

func relayOf(ctx context.Context) Relay {
	r, _ := ctx.Value(relayKey{}).(Relay)
	return r
}

// callBook counts a server's calls in flight and the relay each carries,
// to tie a request that arrives without its call's context to that call.
type callBook struct {
	mu     sync.Mutex
	relays map[Relay]int // calls in flight per relay
	plain  int           // calls in flight without one
}

// enter books a call made with ctx until the returned function is called.
func (b *callBook) enter(ctx context.Context) func() {
	r := relayOf(ctx)
	b.mu.Lock()
	defer b.mu.Unlock()
	if r == nil {
		b.plain++
		return func() {
			b.mu.Lock()
			b.plain--
			b.mu.Unlock()
		}
	}
	if b.relays == nil {
		b.relays = map[Relay]int{}
	}
	b.relays[r]++
	return func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		if b.relays[r]--; b.relays[r] <= 0 {
			delete(b.relays, r)
		}
	}
}

// route says who answers a request the server made with ctx: a relay, or
// nil for the Manager's handlers; ambiguous is true when calls with other
// answerers are in flight too.
func (b *callBook) route(ctx context.Context) (r Relay, ambiguous bool) {
	if r := relayOf(ctx); r != nil {
		return r, false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	switch {
	case len(b.relays) == 0:
		return nil, false
	case len(b.relays) > 1 || b.plain > 0:
		return nil, true
	}
	for r := range b.relays {
		return r, false
	}
	return nil, false
}

// relayed reports whether method is one a Relay answers.
func relayed(method string) bool {
	switch mcp.MCPMethod(method) {
	case mcp.MethodElicitationCreate, mcp.MethodSamplingCreateMessage:
		return true
	}
	return false
}

// relay answers a request through the relay of the call it belongs to;
// handled is false when it belongs to none, for the Manager's handlers.
func (p *peer) relay(ctx context.Context, method string, params json.RawMessage) (_ json.RawMessage, _ error, handled bool) {
	if !relayed(method) {
		return nil, nil, false
	}
	r, ambiguous := p.calls.route(ctx)
	switch {
	case ambiguous:
		res, err := declined(method, "several calls to "+p.server+" are in flight and the request does not say which one it belongs to")
		return res, err, true
	case r == nil:
		return nil, nil, false
	}
	res, err := r.Relay(ctx, p.server, method, withoutTask(params))
	return res, err, true
}

// Declined is the answer that declines a request a Relay cannot pass on,
// saying why: an elicitation declined (the reason in _meta), a sampling
// request refused as the user would refuse it.
func Declined(method, why string) (json.RawMessage, error) { return declined(method, why) }

func declined(method, why string) (json.RawMessage, error) {
	why = model.SanitizeLine(why)
	if mcp.MCPMethod(method) == mcp.MethodSamplingCreateMessage {
		return nil, &answerError{code: errSamplingRejected.code, msg: errSamplingRejected.msg + ": " + why}
	}
	return json.Marshal(map[string]any{"action": ElicitDecline, "_meta": map[string]any{"mcpeek/declined": why}})
}

// withoutTask drops a request's task member.
func withoutTask(params json.RawMessage) json.RawMessage {
	var m map[string]json.RawMessage
	if json.Unmarshal(params, &m) != nil {
		return params
	}
	if _, ok := m["task"]; !ok {
		return params
	}
	delete(m, "task")
	out, err := json.Marshal(m)
	if err != nil {
		return params
	}
	return out
}

package gateway

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/mcpclient"
	"mcpeek/model"
)

// An upstream may ask its client for input while a call runs
// (elicitation/create, sampling/createMessage). The gateway passes such a
// request on to the client that made the call, when that client declared
// the capability, and the answer back to the upstream; otherwise it
// declines, says why to the upstream (an elicitation's _meta, a sampling
// refusal's message) and to the caller (meta.warnings). Each call of a
// gateway tool has one clientRelay, which the Manager uses for the upstream
// calls made with its context (mcpclient.WithRelay); it ends with the call.

// clientRelay passes what upstreams ask during one call of a gateway tool
// to the client that made it. Comparable by pointer, as mcpclient needs.
type clientRelay struct {
	srv *server.MCPServer
	// ctx is the tool call's own context: it holds the client's session
	// and ends with the call.
	ctx context.Context

	// park, for a 2026-07-28 client, is where requests wait for its
	// retry (see park.go), and caps what it declared; nil for a client of
	// an older era, whose session is asked directly.
	park *parkedCall
	caps mcp.ClientCapabilities

	mu    sync.Mutex
	notes map[string][]string // by server: what was declined and why
}

type relayKey struct{}

// withRelay gives the call's context a relay to its client.
func (g *Gateway) withRelay(ctx context.Context) context.Context {
	return context.WithValue(ctx, relayKey{}, &clientRelay{srv: g.srv, ctx: ctx})
}

// relayed returns an upstream call's context with the caller's relay, if
// the caller has one.
func relayed(caller, callCtx context.Context) context.Context {
	if r, ok := caller.Value(relayKey{}).(*clientRelay); ok {
		return mcpclient.WithRelay(callCtx, r)
	}
	return callCtx
}

// notesFor takes the notes about server's requests declined so far.
func notesFor(caller context.Context, server string) []string {
	r, ok := caller.Value(relayKey{}).(*clientRelay)
	if !ok {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	notes := r.notes[server]
	delete(r.notes, server)
	return notes
}

// maxRelayNotes bounds the notes kept per server and call.
const maxRelayNotes = 5

// Relay passes one request on to the client, or declines it.
func (r *clientRelay) Relay(ctx context.Context, upstream, method string, params json.RawMessage) (json.RawMessage, error) {
	// The client's session is in r.ctx; the request ends with either.
	ask, cancel := context.WithCancel(r.ctx)
	defer cancel()
	stop := context.AfterFunc(ctx, cancel)
	defer stop()

	what := "sampling request"
	if mcp.MCPMethod(method) == mcp.MethodElicitationCreate {
		what = "elicitation"
	}
	caps, why := r.client()
	var (
		res any
		err error
	)
	switch mcp.MCPMethod(method) {
	case mcp.MethodElicitationCreate:
		var (
			p    mcp.ElicitationParams
			sent string
		)
		if p, sent, err = elicitationParams(params); err != nil {
			return nil, &mcpclient.RPCError{Method: method, Code: mcp.INVALID_PARAMS, Message: err.Error()}
		}
		if why == "" && p.Mode == mcp.ElicitationModeURL {
			// A client is shown the url cleaned; a browser would open it as sent.
			if err := mcpclient.CheckPageURL(sent); err != nil {
				why = "its url cannot be opened as sent: " + err.Error()
			}
		}
		switch {
		case why != "":
		case caps.Elicitation == nil:
			why = "the gateway's client did not declare the elicitation capability"
		case p.Mode == mcp.ElicitationModeURL && caps.Elicitation.URL == nil:
			why = "the gateway's client did not declare url-mode elicitation"
		case p.Mode != mcp.ElicitationModeURL && caps.Elicitation.URL != nil && caps.Elicitation.Form == nil:
			why = "the gateway's client declared only url-mode elicitation"
		}
		switch {
		case why != "":
		case r.park != nil:
			return r.ask(ask, upstream, what, mcp.NewElicitationInputRequest(p))
		default:
			res, err = r.srv.RequestElicitation(ask, mcp.ElicitationRequest{Request: mcp.Request{Method: method}, Params: p})
		}
	case mcp.MethodSamplingCreateMessage:
		var p mcp.CreateMessageParams
		if err := json.Unmarshal(params, &p); err != nil {
			return nil, &mcpclient.RPCError{Method: method, Code: mcp.INVALID_PARAMS, Message: "sampling/createMessage: " + err.Error()}
		}
		sanitizeSampling(&p)
		switch {
		case why != "":
		case caps.Sampling == nil:
			why = "the gateway's client did not declare the sampling capability"
		case len(p.Tools) > 0 && caps.Sampling.Tools == nil:
			why = "the gateway's client did not declare sampling with tools"
		}
		switch {
		case why != "":
		case r.park != nil:
			return r.ask(ask, upstream, what, mcp.NewSamplingInputRequest(p))
		default:
			res, err = r.srv.RequestSampling(ask, mcp.CreateMessageRequest{Request: mcp.Request{Method: method}, CreateMessageParams: p})
		}
	default:
		return nil, &mcpclient.RPCError{Method: method, Code: mcp.METHOD_NOT_FOUND, Message: "method not found: " + model.SanitizeLine(method)}
	}
	if why != "" {
		r.note(upstream, fmt.Sprintf("%s asked the client for input (%s); the gateway declined: %s", upstream, what, why))
		return mcpclient.Declined(method, why)
	}
	if err != nil {
		if ctx.Err() != nil || r.ctx.Err() != nil {
			err = fmt.Errorf("the call ended before the gateway's client answered the %s: %w", what, context.Cause(ask))
		}
		r.note(upstream, fmt.Sprintf("%s asked the client for input (%s), which failed: %s", upstream, what, model.SanitizeLine(err.Error())))
		return nil, &mcpclient.RPCError{Method: method, Code: mcp.INTERNAL_ERROR, Message: "the gateway's client: " + err.Error()}
	}
	return json.Marshal(res)
}

// ask passes a request to a 2026-07-28 client: it waits in the parked
// call for the client's retry (see park.go).
func (r *clientRelay) ask(ctx context.Context, upstream, what string, req mcp.InputRequest) (json.RawMessage, error) {
	a := &inputAsk{req: req, reply: make(chan json.RawMessage, 1)}
	select {
	case r.park.asks <- a:
	case <-ctx.Done():
		return nil, r.ended(upstream, what, ctx)
	}
	select {
	case raw := <-a.reply:
		return raw, nil
	case <-ctx.Done():
		return nil, r.ended(upstream, what, ctx)
	}
}

// ended is the error of a request the call ended before the client answered.
func (r *clientRelay) ended(upstream, what string, ctx context.Context) error {
	err := fmt.Errorf("the call ended before the gateway's client answered the %s: %w", what, context.Cause(ctx))
	r.note(upstream, fmt.Sprintf("%s asked the client for input (%s), which failed: %s", upstream, what, model.SanitizeLine(err.Error())))
	return &mcpclient.RPCError{Code: mcp.INTERNAL_ERROR, Message: err.Error()}
}

// client returns the calling client's capabilities, or why it cannot be
// asked mid-call.
func (r *clientRelay) client() (mcp.ClientCapabilities, string) {
	if r.park != nil {
		return r.caps, ""
	}
	if info := server.RequestProtocolInfoFromContext(r.ctx); info != nil && info.Modern {
		// 2026-07-28 has no requests from server to client: a server
		// asks by returning input requests, which would need the upstream
		// call held open across the client's retry.
		return mcp.ClientCapabilities{}, "the gateway's client speaks 2026-07-28, where the gateway cannot ask it mid-call yet"
	}
	session := server.ClientSessionFromContext(r.ctx)
	if session == nil {
		return mcp.ClientCapabilities{}, "the call has no client session to ask"
	}
	s, ok := session.(server.SessionWithClientInfo)
	if !ok {
		return mcp.ClientCapabilities{}, "the gateway's client session cannot be asked"
	}
	return s.GetClientCapabilities(), ""
}

func (r *clientRelay) note(server, msg string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.notes == nil {
		r.notes = map[string][]string{}
	}
	if len(r.notes[server]) < maxRelayNotes {
		r.notes[server] = append(r.notes[server], msg)
	}
}

// elicitationParams reads an elicitation's params, its requested schema
// kept as sent (the order of its properties is the order a form asks
// them in), its message and url sanitised; and the url as it was sent,
// which is what a browser would be handed.
func elicitationParams(raw json.RawMessage) (p mcp.ElicitationParams, sentURL string, err error) {
	var in struct {
		mcp.ElicitationParams
		RequestedSchema json.RawMessage `json:"requestedSchema"`
	}
	if err := json.Unmarshal(raw, &in); err != nil {
		return mcp.ElicitationParams{}, "", fmt.Errorf("elicitation/create: %w", err)
	}
	p = in.ElicitationParams
	if len(in.RequestedSchema) > 0 && string(in.RequestedSchema) != "null" {
		p.RequestedSchema = in.RequestedSchema
	}
	sentURL = p.URL
	p.Message = model.Sanitize(p.Message)
	p.URL = model.SanitizeLine(p.URL)
	if err := p.Validate(); err != nil {
		return mcp.ElicitationParams{}, "", fmt.Errorf("elicitation/create: %w", err)
	}
	return p, sentURL, nil
}

// sanitizeSampling sanitises a sampling request's system prompt and text.
func sanitizeSampling(p *mcp.CreateMessageParams) {
	p.SystemPrompt = model.Sanitize(p.SystemPrompt)
	for i := range p.Messages {
		p.Messages[i].Content = sanitizeContent(p.Messages[i].Content)
	}
}

func sanitizeContent(c any) any {
	switch v := c.(type) {
	case map[string]any:
		if t, ok := v["text"].(string); ok && v["type"] == "text" {
			v["text"] = model.Sanitize(t)
		}
	case []any:
		for i := range v {
			v[i] = sanitizeContent(v[i])
		}
	}
	return c
}

package gateway

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A 2026-07-28 client cannot be sent requests: a server asks it for input
// by answering input_required, with the requests and an opaque
// requestState, and the client calls again with the answers. For such a
// client a call of a gateway tool runs on the gateway's lifetime, not the
// request's: when an upstream asks for input, the call is parked and the
// request answers input_required; the client's retry, which names it by
// requestState, hands the answers to the waiting upstream requests and
// waits again. A call nobody resumes still ends at its ops' deadlines; its
// answer is kept for parkedLinger, then forgotten.

// parkedLinger is how long a parked call's answer waits for the retry
// that takes it.
const parkedLinger = time.Minute

// maxParked bounds the calls parked at once.
const maxParked = 256

// inputAsk is one request an upstream made, waiting for the client.
type inputAsk struct {
	id    string
	req   mcp.InputRequest
	reply chan json.RawMessage // the client's answer
}

// parkedCall is a call of a gateway tool that an upstream asked for input
// during.
type parkedCall struct {
	asks   chan *inputAsk
	done   chan *mcp.CallToolResult // the call's result, once
	cancel context.CancelFunc

	mu      sync.Mutex // held by the request waiting on the call
	pending map[string]*inputAsk
	seq     int

	token atomic.Pointer[string] // its requestState, once parked
}

// parking holds the parked calls by requestState.
type parking struct {
	mu    sync.Mutex
	calls map[string]*parkedCall
}

func (p *parking) put(token string, c *parkedCall) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.calls == nil {
		p.calls = map[string]*parkedCall{}
	}
	if len(p.calls) >= maxParked {
		return false
	}
	p.calls[token] = c
	return true
}

func (p *parking) take(token string) *parkedCall {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.calls[token]
}

func (p *parking) drop(token string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.calls, token)
}

// serveParkable runs a call for a 2026-07-28 client (see above): run gets a
// context on the gateway's lifetime with a relay that parks.
func (g *Gateway) serveParkable(ctx context.Context, run func(ctx context.Context) *mcp.CallToolResult) *mcp.CallToolResult {
	var caps mcp.ClientCapabilities
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		caps = *info.ClientCapabilities
	}
	pc := &parkedCall{asks: make(chan *inputAsk), done: make(chan *mcp.CallToolResult, 1), pending: map[string]*inputAsk{}}
	runCtx, cancel := context.WithCancel(g.life)
	stopDrain := func() bool { return false }
	if drain, ok := ctx.Value(drainKey{}).(context.Context); ok {
		// Serving stops: the call ends as one on the request's context does.
		runCtx = context.WithValue(runCtx, drainKey{}, drain)
		stopDrain = context.AfterFunc(drain, cancel)
	}
	pc.cancel = cancel
	r := &clientRelay{srv: g.srv, ctx: runCtx, park: pc, caps: caps}
	go func() {
		defer stopDrain()
		defer cancel()
		pc.done <- run(context.WithValue(runCtx, relayKey{}, r))
		// Forget the call if nobody takes its answer.
		time.AfterFunc(parkedLinger, func() {
			if t := pc.token.Load(); t != nil {
				g.parked.drop(*t)
			}
		})
	}()
	pc.mu.Lock()
	return g.await(ctx, "", pc)
}

// resume is the retry of a parked call: the answers go to the upstream
// requests waiting for them, and the call is waited for again. ok is false
// when the request resumes nothing.
func (g *Gateway) resume(ctx context.Context, req mcp.CallToolRequest) (_ *mcp.CallToolResult, ok bool) {
	token := req.Params.RequestState
	if token == "" {
		return nil, false
	}
	pc := g.parked.take(token)
	if pc == nil {
		return mcp.NewToolResultError("this call's requestState names no call waiting for input: it ended, or its answer was not collected within " +
			parkedLinger.String() + "; call again"), true
	}
	if !pc.mu.TryLock() {
		return mcp.NewToolResultError("this call is already being resumed by another request"), true
	}
	for id, answer := range req.Params.InputResponses {
		ask := pc.pending[id]
		if ask == nil {
			continue
		}
		raw, err := json.Marshal(answer)
		if err != nil {
			continue
		}
		ask.reply <- raw
		delete(pc.pending, id)
	}
	return g.await(ctx, token, pc), true
}

// await waits, holding pc.mu, for the call's result or for requests to pass
// on to the client; the latter park the call under token (a new one when
// "").
func (g *Gateway) await(ctx context.Context, token string, pc *parkedCall) *mcp.CallToolResult {
	defer pc.mu.Unlock()
	collect := func(ask *inputAsk) {
		pc.seq++
		ask.id = "q" + strconv.Itoa(pc.seq)
		pc.pending[ask.id] = ask
	}
	if len(pc.pending) == 0 {
		select {
		case res := <-pc.done:
			if token != "" {
				g.parked.drop(token)
			}
			return res
		case ask := <-pc.asks:
			collect(ask)
		case <-ctx.Done():
			// The client went away: so does the call.
			pc.cancel()
			if token != "" {
				g.parked.drop(token)
			}
			return mcp.NewToolResultError("the call was cancelled")
		}
	}
	// Other requests made at the same time go in the same answer.
	for more := true; more; {
		select {
		case ask := <-pc.asks:
			collect(ask)
		case <-time.After(10 * time.Millisecond):
			more = false
		}
	}
	if token == "" {
		var b [12]byte
		_, _ = rand.Read(b[:])
		token = "mcpeek-call-" + hex.EncodeToString(b[:])
		if !g.parked.put(token, pc) {
			pc.cancel()
			return mcp.NewToolResultError(fmt.Sprintf("too many calls wait for their client's input (%d): try again later", maxParked))
		}
		pc.token.Store(&token)
	}
	requests := make(mcp.InputRequests, len(pc.pending))
	for id, ask := range pc.pending {
		requests[id] = ask.req
	}
	return &mcp.CallToolResult{Result: mcp.Result{ResultType: mcp.ResultTypeInputRequired},
		MultiRoundTripResult: mcp.MultiRoundTripResult{InputRequests: requests, RequestState: token}}
}

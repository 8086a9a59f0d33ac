package mcpclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	"mcpeek/model"
)

// peer answers what one server asks of mcpeek as its client: roots/list,
// elicitation/create, sampling/createMessage and ping. The same answers
// serve the three ways a request arrives: a server-initiated request on
// the transport (until 2025-11-25), an input request inside a tools/call
// result (2026-07-28, see fulfil), and a direct call from an in-process
// server (see inprocAnswers).
//
// Requests on the transport are answered here rather than by mcp-go's
// client, whose handlers decode the params into maps: the requested
// schema of an elicitation would lose the order of its properties, which is
// the order a form asks them in.
type peer struct {
	server string
	roots  []mcp.Root
	h      *handlers
	calls  callBook // the calls in flight, for relay
}

// capabilities are the client capabilities declared to the server, on
// every transport: sampling, elicitation (form and url modes), tasks (see
// tasks.go), and roots when there are roots to offer.
func (p *peer) capabilities() mcp.ClientCapabilities {
	caps := mcp.ClientCapabilities{
		Sampling:    &mcp.SamplingCapability{},
		Elicitation: &mcp.ElicitationCapability{Form: &struct{}{}, URL: &struct{}{}},
		Tasks:       clientTasksCapability(),
		Extensions:  map[string]any{tasksExtension: map[string]any{}},
	}
	if p.offersRoots() {
		// The roots never change during a connection: no listChanged.
		caps.Roots = &struct {
			ListChanged bool `json:"listChanged,omitempty"`
		}{}
	}
	return caps
}

// offersRoots reports whether the server is offered roots: the roots
// capability is declared only then.
func (p *peer) offersRoots() bool { return len(p.roots) > 0 }

// answerError is a JSON-RPC error answer to a server's request.
type answerError struct {
	code int
	msg  string
}

func (e *answerError) Error() string { return e.msg }

// errSamplingRejected is the answer to a declined sampling request.
var errSamplingRejected = &answerError{code: -1, msg: "User rejected sampling request"}

// serve is the transport's handler of requests from the server.
func (p *peer) serve(ctx context.Context, req transport.JSONRPCRequest) (*transport.JSONRPCResponse, error) {
	result, err := p.answer(ctx, req.Method, rawParams(req.Params))
	if err != nil {
		return errorResponse(req.ID, err), nil
	}
	return transport.NewJSONRPCResultResponse(req.ID, result), nil
}

// errorResponse is the JSON-RPC error answer for err: an *answerError's or
// a relayed *RPCError's code, message and data, else an internal error.
func errorResponse(id mcp.RequestId, err error) *transport.JSONRPCResponse {
	var (
		ae  *answerError
		rpc *RPCError
	)
	switch {
	case errors.As(err, &ae):
		return transport.NewJSONRPCErrorResponse(id, ae.code, ae.msg, nil)
	case errors.As(err, &rpc):
		var data any
		if len(rpc.Data) > 0 {
			data = rpc.Data
		}
		return transport.NewJSONRPCErrorResponse(id, rpc.Code, rpc.Message, data)
	}
	return transport.NewJSONRPCErrorResponse(id, mcp.INTERNAL_ERROR, err.Error(), nil)
}

// answer returns the result of one request from the server: through the
// relay of the call it belongs to (see Relay), else the Manager's handlers.
func (p *peer) answer(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
	if res, err, ok := p.relay(ctx, method, params); ok {
		return res, err
	}
	switch mcp.MCPMethod(method) {
	case mcp.MethodPing:
		return json.RawMessage("{}"), nil
	case mcp.MethodListRoots:
		roots := p.roots
		if roots == nil {
			roots = []mcp.Root{}
		}
		return json.Marshal(map[string]any{"roots": roots})
	case mcp.MethodElicitationCreate:
		return p.elicit(ctx, params)
	case mcp.MethodSamplingCreateMessage:
		return p.sample(ctx, params)
	}
	return nil, &answerError{code: mcp.METHOD_NOT_FOUND, msg: "method not found: " + model.SanitizeLine(method)}
}

// elicit hands an elicitation to the Manager's handler.
func (p *peer) elicit(ctx context.Context, params json.RawMessage) (json.RawMessage, error) {
	var in struct {
		Mode            string          `json:"mode"`
		Message         string          `json:"message"`
		RequestedSchema json.RawMessage `json:"requestedSchema"`
		URL             string          `json:"url"`
	}
	if err := json.Unmarshal(params, &in); err != nil {
		return nil, &answerError{code: mcp.INVALID_PARAMS, msg: "elicitation/create: " + err.Error()}
	}
	e := Elicitation{
		Server:  p.server,
		Message: Sanitize(in.Message),
		Mode:    in.Mode,
		Schema:  nonNull(in.RequestedSchema),
	}.withURL(in.URL)
	switch e.Mode {
	case "", mcp.ElicitationModeForm:
		e.Mode = mcp.ElicitationModeForm
		if e.Schema == nil {
			return nil, &answerError{code: mcp.INVALID_PARAMS, msg: "elicitation/create: form mode without requestedSchema"}
		}
	case mcp.ElicitationModeURL:
		if e.URL == "" {
			return nil, &answerError{code: mcp.INVALID_PARAMS, msg: "elicitation/create: url mode without url"}
		}
	default:
		return nil, &answerError{code: mcp.INVALID_PARAMS, msg: "elicitation/create: unknown mode " + model.SanitizeLine(e.Mode)}
	}
	a, err := p.h.elicit(ctx, e)
	if err != nil {
		return nil, err
	}
	out := map[string]any{"action": a.Action}
	switch a.Action {
	case ElicitAccept:
		content := a.Content
		if content == nil {
			content = map[string]any{}
		}
		if e.Mode == mcp.ElicitationModeForm {
			out["content"] = content
		}
	case ElicitDecline, ElicitCancel:
	default:
		return nil, fmt.Errorf("elicitation answered with %q", a.Action)
	}
	return json.Marshal(out)
}

// sample hands a sampling request to the Manager's handler.
func (p *peer) sample(ctx context.Context, params json.RawMessage) (json.RawMessage, error) {
	var in struct {
		Messages []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
		SystemPrompt string `json:"systemPrompt"`
		MaxTokens    int    `json:"maxTokens"`
	}
	if err := json.Unmarshal(params, &in); err != nil {
		return nil, &answerError{code: mcp.INVALID_PARAMS, msg: "sampling/createMessage: " + err.Error()}
	}
	r := SamplingRequest{
		Server:       p.server,
		SystemPrompt: Sanitize(in.SystemPrompt),
		MaxTokens:    in.MaxTokens,
		Params:       params,
	}
	for _, msg := range in.Messages {
		r.Messages = append(r.Messages, SamplingMessage{Role: model.SanitizeLine(msg.Role), Text: Sanitize(contentText(msg.Content))})
	}
	reply, err := p.h.sample(ctx, r)
	switch {
	case err != nil:
		return nil, err
	case reply.Decline:
		return nil, errSamplingRejected
	}
	model := reply.Model
	if model == "" {
		model = "mcpeek"
	}
	return json.Marshal(map[string]any{
		"role":       "assistant",
		"content":    map[string]any{"type": "text", "text": reply.Text},
		"model":      model,
		"stopReason": "endTurn",
	})
}

// contentText reads a sampling message's content, one block or an array of
// them: the text of text blocks, "[type]" for the others.
func contentText(raw json.RawMessage) string {
	type block struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	var blocks []block
	if err := json.Unmarshal(raw, &blocks); err != nil {
		var one block
		if json.Unmarshal(raw, &one) != nil {
			return ""
		}
		blocks = []block{one}
	}
	parts := make([]string, 0, len(blocks))
	for _, b := range blocks {
		if b.Type == "text" {
			parts = append(parts, b.Text)
		} else {
			parts = append(parts, "["+b.Type+"]")
		}
	}
	return strings.Join(parts, "\n")
}

// inputRequired is the part of a 2026-07-28 result that asks the client for
// more input before the request can complete.
type inputRequired struct {
	ResultType    string                     `json:"resultType"`
	InputRequests map[string]json.RawMessage `json:"inputRequests"`
	RequestState  string                     `json:"requestState"`
}

// needsInput reports whether a result, read into its members, asks for
// input, and what for.
func needsInput(fields map[string]json.RawMessage) (inputRequired, bool) {
	if resultType(fields) != string(mcp.ResultTypeInputRequired) {
		return inputRequired{}, false
	}
	in := inputRequired{ResultType: string(mcp.ResultTypeInputRequired)}
	if v, ok := fields["inputRequests"]; ok && json.Unmarshal(v, &in.InputRequests) != nil {
		return inputRequired{}, false
	}
	if v, ok := fields["requestState"]; ok && json.Unmarshal(v, &in.RequestState) != nil {
		return inputRequired{}, false
	}
	return in, true
}

// fulfil answers a result's input requests, one after the other (a person
// may be asked each), and returns the answers by request id.
func (p *peer) fulfil(ctx context.Context, requests map[string]json.RawMessage) (map[string]json.RawMessage, error) {
	answers := make(map[string]json.RawMessage, len(requests))
	for id, raw := range requests {
		var req struct {
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
		}
		if err := json.Unmarshal(raw, &req); err != nil {
			return nil, fmt.Errorf("input request %q: %w", model.SanitizeLine(id), err)
		}
		if len(req.Params) == 0 {
			req.Params = json.RawMessage("{}")
		}
		result, err := p.answer(ctx, req.Method, req.Params)
		if errors.Is(err, errSamplingRejected) {
			return nil, ErrSamplingDeclined
		}
		if err != nil {
			return nil, fmt.Errorf("input request %q (%s): %w", model.SanitizeLine(id), model.SanitizeLine(req.Method), err)
		}
		answers[id] = result
	}
	return answers, nil
}

// rawParams returns a request's params as JSON: as they arrived when the
// transport kept them raw (stdio), else encoded again.
func rawParams(params any) json.RawMessage {
	switch v := params.(type) {
	case nil:
		return json.RawMessage("{}")
	case json.RawMessage:
		return v
	case []byte:
		return v
	}
	b, err := json.Marshal(params)
	if err != nil {
		return json.RawMessage("{}")
	}
	return b
}

// inprocAnswers gives an in-process server the peer's answers: mcp-go calls
// these handlers directly, with typed requests.
type inprocAnswers struct{ p *peer }

func (a inprocAnswers) ListRoots(ctx context.Context, _ mcp.ListRootsRequest) (*mcp.ListRootsResult, error) {
	var out mcp.ListRootsResult
	return &out, a.call(ctx, mcp.MethodListRoots, nil, &out)
}

func (a inprocAnswers) Elicit(ctx context.Context, req mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	var out mcp.ElicitationResult
	return &out, a.call(ctx, mcp.MethodElicitationCreate, req.Params, &out)
}

func (a inprocAnswers) CreateMessage(ctx context.Context, req mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
	var out mcp.CreateMessageResult
	if err := a.call(ctx, mcp.MethodSamplingCreateMessage, req.CreateMessageParams, &out); err != nil {
		return nil, err
	}
	// The server's code expects typed content, as mcp-go's own client
	// hands it.
	content, err := mcp.ParseSamplingContent(out.Content)
	if err != nil {
		return nil, err
	}
	out.Content = content
	return &out, nil
}

func (a inprocAnswers) call(ctx context.Context, method mcp.MCPMethod, params, out any) error {
	result, err := a.p.answer(ctx, string(method), rawParams(params))
	if err != nil {
		return err
	}
	return json.Unmarshal(result, out)
}

package gateway

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"strings"
	"time"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/model/toolargs"
)

// execRequest is tool_exec's arguments (and an exec item of tool_batch).
type execRequest struct {
	Op             string          `json:"op"`
	Args           json.RawMessage `json:"args"`
	IdempotencyKey string          `json:"idempotency_key"`
	DryRun         bool            `json:"dry_run"`
	// TaskID polls the task a call of the op left running (see tasks.go)
	// instead of calling.
	TaskID string `json:"task_id"`
}

// call is what one exec needs to know about where it runs.
type call struct {
	reg     *Registry
	traceID string
	start   time.Time
}

// exec runs tool_exec's steps: resolve, policy, (a task's poll,) validate
// and default, dry run, idempotency, call. It always returns an envelope,
// and the op it resolved (nil when none).
func (g *Gateway) exec(ctx context.Context, c call, req execRequest) (*Envelope, *Op) {
	op, ok := c.reg.Op(req.Op)
	if !ok {
		if strings.TrimSpace(req.Op) == "" {
			return errorEnvelope(clip(req.Op), fail(CodeValidation, "", map[string]any{
				"field_errors": []FieldError{{Path: "/op", Message: "op is required: an op id such as \"<server>.<tool>\""}},
			}, `tool_exec needs an op; tool_help("") lists the groups`)), nil
		}
		return errorEnvelope(clip(req.Op), notFoundPath(ctx, c.reg, req.Op)), nil
	}
	if e := c.reg.policy.check(op); e != nil {
		return errorEnvelope(op.ID, e), op
	}
	if req.TaskID != "" {
		return g.pollTask(ctx, c, op, req.TaskID), op
	}
	args, warnings, e := g.checkArgs(op, req.Args)
	if e != nil {
		return errorEnvelope(op.ID, e), op
	}
	if req.DryRun {
		would := map[string]any{"would_call": map[string]any{"server": op.Server, "tool": op.Tool.Name, "args": args}}
		return g.success(c, op.ID, marshal(would), warnings), op
	}
	var finish func(*Envelope)
	if req.IdempotencyKey != "" {
		// Waiting for the first call with the key is part of this call,
		// and ends by its deadline, whatever the store holds.
		waitCtx, cancel := context.WithTimeout(ctx, g.deadline(op.Server))
		replay, fin, e := g.idem.begin(waitCtx, req.IdempotencyKey, op.ID, args)
		cancel()
		switch {
		case e != nil:
			return errorEnvelope(op.ID, e), op
		case replay != nil:
			return replay, op
		}
		finish = fin
	}
	var env *Envelope
	if op.Server == ToolboxGroup {
		env = g.runToolbox(ctx, c, op, args, warnings)
	} else {
		env = g.callUpstream(ctx, c, op, args, warnings)
	}
	if finish != nil {
		finish(env)
	}
	return env, op
}

// checkArgs validates args against the op's input schema and applies its
// defaults. A schema that cannot check them (it does not compile, it is too
// large, its $refs loop) lets the arguments through, with a warning.
func (g *Gateway) checkArgs(op *Op, raw json.RawMessage) (json.RawMessage, []string, *Error) {
	res := op.schemas.in.Check(raw)
	if res.Problem != toolargs.Accepted {
		return nil, nil, refusal(op, res)
	}
	var warnings []string
	if res.Unchecked != nil {
		warnings = append(warnings, fmt.Sprintf("the input schema of %s cannot be checked (%v): the arguments were passed on unchecked", op.ID, res.Unchecked))
	}
	return res.Args, warnings, nil
}

// refusal is the VALIDATION_ERROR for arguments Check refused.
func refusal(op *Op, res toolargs.Result) *Error {
	details := map[string]any{"field_errors": res.Errors}
	switch res.Problem {
	case toolargs.NotAnObject:
		return fail(CodeValidation, op.ID, details, "args for %s must be a JSON object; tool_help(%q) lists them", op.ID, op.ID)
	case toolargs.NotJSON:
		return fail(CodeValidation, op.ID, details, "args for %s are not valid JSON", op.ID)
	}
	if res.Omitted > 0 {
		details["field_errors_omitted"] = res.Omitted
	}
	return fail(CodeValidation, op.ID, details,
		"args do not match the input schema of %s: %s; tool_help(%q) lists the arguments", op.ID, describeFieldErrors(res.Errors, res.Omitted), op.ID)
}

// describeFieldErrors words the first three field errors, and how many
// more there are (more were left out of errs).
func describeFieldErrors(errs []FieldError, more int) string {
	var parts []string
	for i, e := range errs {
		if i == 3 {
			parts = append(parts, fmt.Sprintf("and %d more", len(errs)-3+more))
			break
		}
		at := e.Path
		if at == "" {
			at = "(args)"
		}
		parts = append(parts, at+": "+e.Message)
	}
	return strings.Join(parts, "; ")
}

// success builds a success envelope.
func (g *Gateway) success(c call, op string, result json.RawMessage, warnings []string) *Envelope {
	if warnings == nil {
		warnings = []string{}
	}
	return &Envelope{Op: op, OK: true, Result: result, Meta: &Meta{
		TraceID:         c.traceID,
		LatencyMS:       sinceMS(g.opts.now(), c.start),
		Warnings:        warnings,
		RegistryVersion: c.reg.Version,
	}}
}

func sinceMS(now, start time.Time) float64 {
	return float64(now.Sub(start).Microseconds()) / 1000
}

// deadline is the per-call deadline for server.
func (g *Gateway) deadline(server string) time.Duration {
	if d, ok := g.opts.ServerDeadlines[server]; ok && d > 0 {
		return d
	}
	return g.opts.Deadline
}

// retryAfter is the wait suggested after an upstream could not answer.
const retryAfter = 2 * time.Second

// upstreamAnswer is an upstream call's raw result, its task still running
// at the deadline, or why there is neither.
type upstreamAnswer struct {
	res  *mcpclient.CallResult
	task *mcpclient.Task
	err  *Error
	d    time.Duration // the deadline it had
	// notes say which requests of the upstream the gateway declined, and why.
	notes []string
}

// callUpstreamRaw calls the op's tool under the server's deadline (and the
// caller's cancellation) and keeps the server's health book.
func (g *Gateway) callUpstreamRaw(ctx context.Context, op *Op, args json.RawMessage) upstreamAnswer {
	d := g.deadline(op.Server)
	// A fresh context: the caller's carries mcp-go's values for the
	// client's request (its protocol era, its HTTP headers), which an
	// in-process upstream would read as its own. Only cancellation passes.
	callCtx, cancel := context.WithTimeout(g.life, d)
	defer cancel()
	stop := context.AfterFunc(ctx, cancel)
	defer stop()
	res, pending, err := g.callTool(ctx, relayed(ctx, callCtx), op, args)
	up := g.settle(ctx, callCtx, op, d, res, pending, err)
	up.notes = notesFor(ctx, op.Server)
	return up
}

// settle books an upstream's answer in the health book and maps its error.
func (g *Gateway) settle(ctx, callCtx context.Context, op *Op, d time.Duration, res *mcpclient.CallResult, pending *mcpclient.Task, err error) upstreamAnswer {
	if err != nil {
		e := g.upstreamError(ctx, callCtx, op, d, err)
		if e.Code == CodeUnavailable {
			g.health.failed(op.Server, e.Message)
		}
		return upstreamAnswer{err: e, d: d}
	}
	g.health.succeeded(op.Server)
	return upstreamAnswer{res: res, task: pending, d: d}
}

// callUpstream calls the op's tool and wraps its answer in an envelope.
func (g *Gateway) callUpstream(ctx context.Context, c call, op *Op, args json.RawMessage, warnings []string) *Envelope {
	return g.envelope(c, op, g.callUpstreamRaw(ctx, op, args), warnings)
}

// envelope wraps an upstream's answer: its error, its task's handle, the
// tool's failure, or its result.
func (g *Gateway) envelope(c call, op *Op, up upstreamAnswer, warnings []string) *Envelope {
	warnings = append(warnings, up.notes...)
	if up.err != nil {
		if len(up.notes) > 0 {
			e := *up.err
			e.Details = maps.Clone(e.Details)
			if e.Details == nil {
				e.Details = map[string]any{}
			}
			e.Details["client_requests"] = up.notes
			return errorEnvelope(op.ID, &e)
		}
		return errorEnvelope(op.ID, up.err)
	}
	if up.task != nil {
		return g.pendingEnvelope(c, op, *up.task, up.d)
	}
	res := up.res
	if res.IsError {
		text := res.Text
		msg := strings.TrimSpace(strings.SplitN(text, "\n", 2)[0])
		if msg == "" {
			msg = "the tool reported an error without text"
		}
		details := map[string]any{"text": text}
		if res.StructuredContent != nil {
			details["structured_content"] = res.StructuredContent
		}
		if len(up.notes) > 0 {
			details["client_requests"] = up.notes
		}
		return errorEnvelope(op.ID, fail(CodeUpstreamError, op.ID, details, "%s failed: %s", op.ID, msg))
	}
	result := resultOf(res)
	warnings = append(warnings, g.checkOutput(op, res, result)...)
	return g.success(c, op.ID, result, warnings)
}

// upstreamError maps a CallTool error to UNAVAILABLE, UPSTREAM_ERROR or
// NOT_FOUND; caller is the caller's context, callCtx the call's own.
func (g *Gateway) upstreamError(caller, callCtx context.Context, op *Op, d time.Duration, err error) *Error {
	retry := map[string]any{"retry_after_ms": retryAfter.Milliseconds()}
	var rpc *mcpclient.RPCError
	switch {
	case g.stopping(caller) || errors.Is(err, mcpclient.ErrClosed):
		return fail(CodeUnavailable, op.ID, retry, "the gateway is shutting down")
	case errors.Is(callCtx.Err(), context.DeadlineExceeded):
		return fail(CodeUnavailable, op.ID, retry, "%s did not answer within the %s deadline", op.Server, d)
	case errors.Is(err, mcpclient.ErrUnavailable), errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return fail(CodeUnavailable, op.ID, retry, "%s is unavailable: %s", op.Server, model.SanitizeLine(err.Error()))
	case errors.Is(err, mcpclient.ErrDisabled):
		return fail(CodeUnavailable, op.ID, retry, "%s is disabled in the config", op.Server)
	case errors.Is(err, mcpclient.ErrUnknownServer):
		return fail(CodeNotFound, "", nil, "%s is no longer configured", op.Server)
	case errors.As(err, &rpc):
		return fail(CodeUpstreamError, op.ID, map[string]any{"rpc_code": rpc.Code, "text": model.Sanitize(rpc.Message)},
			"%s refused the call: %s", op.Server, model.SanitizeLine(rpc.Message))
	}
	return fail(CodeUpstreamError, op.ID, nil, "%s answered badly: %s", op.Server, model.SanitizeLine(err.Error()))
}

// resultOf picks the envelope's result: structuredContent if present, else
// the text parsed as JSON if it parses, else the content blocks.
func resultOf(res *mcpclient.CallResult) json.RawMessage {
	if res.StructuredContent != nil {
		return res.StructuredContent
	}
	if t := bytes.TrimSpace([]byte(res.Text)); len(t) > 0 && json.Valid(t) {
		return t
	}
	if res.Content != nil {
		return res.Content
	}
	return json.RawMessage("[]")
}

// maxOutputWarnings bounds the warnings about one result.
const maxOutputWarnings = 10

// checkOutput validates a result against the op's output schema and
// words the differences as warnings: the call still succeeds.
func (g *Gateway) checkOutput(op *Op, res *mcpclient.CallResult, result json.RawMessage) []string {
	if !op.Tool.HasOutputSchema() {
		return nil
	}
	uncheckable := func(err error) []string {
		return []string{fmt.Sprintf("the output schema of %s cannot be checked (%v): the result was not checked", op.ID, err)}
	}
	sch := op.schemas.out
	switch {
	case sch == nil:
		return nil
	case sch.Err() != nil:
		return uncheckable(sch.Err())
	case res.StructuredContent == nil:
		return []string{fmt.Sprintf("%s declares an output schema but returned no structuredContent", op.ID)}
	}
	errs, more, err := sch.Validate(result)
	switch {
	case errors.Is(err, toolargs.ErrNotJSON):
		return []string{"result is not JSON: " + clip(err.Error())}
	case err != nil:
		return uncheckable(err)
	}
	var out []string
	for i, e := range errs {
		if i == maxOutputWarnings {
			out = append(out, fmt.Sprintf("... and %d more differences from the output schema", len(errs)-i+more))
			break
		}
		at := e.Path
		if at == "" {
			at = "(root)"
		}
		out = append(out, fmt.Sprintf("result does not match the output schema at %s: %s", at, e.Message))
	}
	return out
}

package gateway

import (
	"context"
	"encoding/json"
	"mcpeek/model/toolargs"
	"slices"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// The progressive mode's tools.
const (
	toolHelp  = "tool_help"
	toolExec  = "tool_exec"
	toolBatch = "tool_batch"
)

const toolHelpInput = `{"type":"object","properties":{
"path":{"type":"string","default":"","description":"\"\" or \"root\": every group with its health. A group (\"<server>\", \"toolbox\") or sub-group: its ops. An op (\"<server>.<tool>\"): arguments, output fields, policy and a ready tool_exec call."},
"format":{"type":"string","enum":["short","full"],"default":"short","description":"full adds the op's whole description."},
"include_examples":{"type":"boolean","default":true},
"include_schemas":{"type":"boolean","default":false,"description":"Adds the op's raw inputSchema and outputSchema."}}}`

const toolExecInput = `{"type":"object","properties":{
"op":{"type":"string","description":"The op id from tool_help: \"<server>.<tool>\" or \"toolbox.<op>\"."},
"args":{"type":"object","default":{},"description":"The op's arguments, exactly as tool_help lists them."},
"idempotency_key":{"type":"string","minLength":1,"description":"Makes a retry safe: the same key with the same op and args within 10 minutes replays the first answer."},
"dry_run":{"type":"boolean","default":false,"description":"Validate and fill in defaults, but call nothing: answers {would_call: {server, tool, args}}."},
"task_id":{"type":"string","minLength":1,"description":"Poll the task an earlier call of this op left running (its result.task.task_id): answers the op's result once the task ends within the deadline, else the task again."}},
"required":["op"]}`

const toolBatchInput = `{"type":"object","properties":{
"ops":{"type":"array","minItems":1,"maxItems":20,"description":"Up to 20 help or exec steps.","items":{"type":"object","properties":{
 "type":{"type":"string","enum":["help","exec"]},
 "path":{"type":"string"},"format":{"type":"string","enum":["short","full"]},"include_examples":{"type":"boolean"},"include_schemas":{"type":"boolean"},
 "op":{"type":"string"},"args":{"type":"object"},"idempotency_key":{"type":"string","minLength":1},"dry_run":{"type":"boolean"},"task_id":{"type":"string","minLength":1}},
 "required":["type"]}},
"mode":{"type":"string","enum":["sequential","parallel"],"default":"sequential","description":"parallel runs up to 8 steps at a time."},
"stop_on_error":{"type":"boolean","default":false,"description":"sequential only: skip the steps after the first that fails."}},
"required":["ops"]}`

// envelopeSchema is tool_exec's output schema: every envelope fits it.
const envelopeSchema = `{"type":"object","properties":{
"op":{"type":"string"},"ok":{"type":"boolean"},"result":{"description":"The op's result: the upstream's structuredContent, else its text parsed as JSON, else its content blocks.","anyOf":[{"type":"object"},{"type":"array"},{"type":"string"},{"type":"number"},{"type":"boolean"},{"type":"null"}]},
"error":{"type":"object","properties":{"code":{"type":"string","enum":["VALIDATION_ERROR","PERMISSION_DENIED","NOT_FOUND","CONFLICT","INTERNAL","UPSTREAM_ERROR","UNAVAILABLE"]},"message":{"type":"string"},"details":{"type":"object"},"help_path":{"type":"string"}},"required":["code","message","details","help_path"]},
"meta":{"type":"object","properties":{"trace_id":{"type":"string"},"latency_ms":{"type":"number"},"warnings":{"type":"array","items":{"type":"string"}},"registry_version":{"type":"string"},"replayed":{"type":"boolean"}}}},
"required":["op","ok"]}`

const helpOutput = `{"type":"object","properties":{"path":{"type":"string"},"registry_version":{"type":"string"},"groups":{"type":"array"},"ops":{"type":"array"},"subgroups":{"type":"array"},"op":{"type":"string"},"usage":{"type":"object"},"args":{"type":"array"},"output_fields":{"type":"array","items":{"type":"string"}},"has_hidden_fields":{"type":"boolean"},"ok":{"type":"boolean"},"error":{"type":"object"}}}`

const batchOutput = `{"type":"object","properties":{"ok":{"type":"boolean"},"results":{"type":"array","items":{"type":"object"}},"meta":{"type":"object"}},"required":["ok","results"]}`

// answer is what one gateway tool call produced, for the result and the event.
type answer struct {
	body json.RawMessage
	ok   bool
	code Code
	op   string
	kind string
}

func envelopeAnswer(env *Envelope, kind string) answer {
	a := answer{body: marshal(env), ok: env.OK, op: env.Op, kind: kind}
	if env.Error != nil {
		a.code = env.Error.Code
	}
	return a
}

// progressiveTools are tool_help, tool_exec and tool_batch with handlers.
func (g *Gateway) progressiveTools() []server.ServerTool {
	def := func(name, title, desc, in, out string, readOnly bool) mcp.Tool {
		t := mcp.Tool{Name: name, Title: title, Description: desc,
			RawInputSchema: compactJSON(json.RawMessage(in)), RawOutputSchema: compactJSON(json.RawMessage(out))}
		t.Annotations.ReadOnlyHint = &readOnly
		return t
	}
	return []server.ServerTool{
		{Tool: def(toolHelp, "Discover tools",
			`Discover the tools behind this gateway, progressively: tool_help("") lists the groups with their health, tool_help("<group>") its ops, tool_help("<op>") the op's arguments, output fields and a ready tool_exec call. Answers carry registry_version.`,
			toolHelpInput, helpOutput, true), Handler: g.handler(toolHelp, g.runHelp)},
		{Tool: def(toolExec, "Run an op",
			`Run one op ("<server>.<tool>" from tool_help) with args. Answers an envelope: {op, ok: true, result, meta} or {op, ok: false, error: {code, message, details, help_path}}; on an error, call tool_help(help_path), correct the call and retry. A long-running op that does not end within the deadline answers ok with result.task {task_id, status, poll}: call tool_exec({op, task_id}) until it answers the op's result.`,
			toolExecInput, envelopeSchema, false), Handler: g.handler(toolExec, g.runExec)},
		{Tool: def(toolBatch, "Run several steps",
			`Run up to 20 help and exec steps in one call, in order ("sequential") or up to 8 at a time ("parallel"). Answers {ok, results: [envelope, ...], meta} in the order given.`,
			toolBatchInput, batchOutput, false), Handler: g.handler(toolBatch, g.runBatch)},
	}
}

// handler wraps a progressive tool: its answer goes back as both
// structuredContent and JSON text, isError when it is not ok.
func (g *Gateway) handler(tool string, run func(ctx context.Context, c call, args json.RawMessage) answer) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return g.serveCall(ctx, tool, req, func(ctx context.Context, c call, raw json.RawMessage) (*mcp.CallToolResult, answer) {
			a := run(ctx, c, raw)
			return toolResult(a.body, !a.ok), a
		}), nil
	}
}

// serveCall runs one call of any gateway tool: it takes the registry,
// times the call, ties it to Close and emits its event.
func (g *Gateway) serveCall(ctx context.Context, tool string, req mcp.CallToolRequest, run func(ctx context.Context, c call, raw json.RawMessage) (*mcp.CallToolResult, answer)) *mcp.CallToolResult {
	if res, ok := g.resume(ctx, req); ok {
		return res
	}
	start := g.opts.now()
	raw := rawArguments(req)
	c := call{reg: g.current(), traceID: newTraceID(), start: start}
	serve := func(ctx context.Context) *mcp.CallToolResult {
		res, a := run(ctx, c, raw)
		g.events.emit(Event{
			Time: start, TraceID: c.traceID, Tool: tool, Op: a.op, Kind: a.kind,
			OK: a.ok, Code: a.code, LatencyMS: sinceMS(g.opts.now(), start),
			ArgsBytes: len(raw), ResultBytes: len(a.body), Request: raw, Envelope: a.body,
		})
		return res
	}
	if server.IsModernRequest(ctx) {
		// An upstream's requests reach this client only through its retry.
		return g.serveParkable(ctx, serve)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stop := context.AfterFunc(g.life, cancel)
	defer stop()
	if drain, ok := ctx.Value(drainKey{}).(context.Context); ok {
		stopDrain := context.AfterFunc(drain, cancel)
		defer stopDrain()
	}
	return serve(g.withRelay(ctx))
}

// toolResult returns body as structuredContent and as text.
func toolResult(body json.RawMessage, isError bool) *mcp.CallToolResult {
	return &mcp.CallToolResult{
		Content:              []mcp.Content{mcp.NewTextContent(string(body))},
		StructuredContent:    body,
		RawStructuredContent: body,
		IsError:              isError,
	}
}

// rawArguments returns the call's arguments as sent ({} when none).
func rawArguments(req mcp.CallToolRequest) json.RawMessage {
	if raw := req.Params.RawArguments; len(raw) > 0 && string(raw) != "null" {
		return raw
	}
	if req.Params.Arguments == nil {
		return json.RawMessage("{}")
	}
	b, err := json.Marshal(req.Params.Arguments)
	if err != nil {
		return json.RawMessage("{}")
	}
	return b
}

// lenientArgs is how the gateway reads its own schemas: "args": null is
// taken for {} (the advertised schemas say object, which ports better).
func lenientArgs(schema string) string {
	return strings.ReplaceAll(schema, `"args":{"type":"object"`, `"args":{"type":["object","null"]`)
}

// selfArgs validates a gateway tool's own arguments and applies
// tool_help's defaults. tool_exec's and tool_batch's defaults are the zero
// values their requests decode to anyway, and applying them would copy
// arguments that may be megabytes.
func (g *Gateway) selfArgs(tool string, raw json.RawMessage) (json.RawMessage, *Error) {
	op := g.self[tool]
	check := op.schemas.in.Verify
	if tool == toolHelp {
		check = op.schemas.in.Check
	}
	res := check(raw)
	if res.Problem != toolargs.Accepted {
		e := refusal(op, res)
		e.HelpPath = ""
		e.Message = strings.Replace(e.Message, "tool_help(\""+op.ID+"\") lists the arguments", "see the "+tool+" tool's input schema", 1)
		return nil, e
	}
	return res.Args, nil
}

func (g *Gateway) runHelp(ctx context.Context, c call, raw json.RawMessage) answer {
	args, e := g.selfArgs(toolHelp, raw)
	if e != nil {
		return envelopeAnswer(errorEnvelope(toolHelp, e), "help")
	}
	var req helpRequest
	_ = json.Unmarshal(args, &req)
	body, e := g.help(ctx, c.reg, g.up.Servers(), req)
	if e != nil {
		a := envelopeAnswer(errorEnvelope(toolHelp, e), "help")
		a.op = clip(req.Path)
		return a
	}
	return answer{body: body, ok: true, op: req.Path, kind: "help"}
}

func (g *Gateway) runExec(ctx context.Context, c call, raw json.RawMessage) answer {
	args, e := g.selfArgs(toolExec, raw)
	if e != nil {
		return envelopeAnswer(errorEnvelope(toolExec, e), "")
	}
	var req execRequest
	_ = json.Unmarshal(args, &req)
	env, op := g.exec(ctx, c, req)
	kind := ""
	if op != nil {
		kind = string(op.Kind)
	}
	return envelopeAnswer(env, kind)
}

// orderTools is the tool filter that puts tools/list in the gateway's
// order (mcp-go sorts by name).
func (g *Gateway) orderTools(_ context.Context, tools []mcp.Tool) []mcp.Tool {
	rank := g.order.Load()
	if rank == nil {
		return tools
	}
	out := slices.Clone(tools)
	slices.SortStableFunc(out, func(a, b mcp.Tool) int {
		ra, oka := (*rank)[a.Name]
		rb, okb := (*rank)[b.Name]
		switch {
		case oka && okb:
			return ra - rb
		case oka:
			return -1
		case okb:
			return 1
		}
		return strings.Compare(a.Name, b.Name)
	})
	return out
}

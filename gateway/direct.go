package gateway

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/mcpclient"
	"mcpeek/model"
)

// listDirect makes the direct mode's tools/list from r: inspect_tool_output
// and inspect_tool first (preloaded, so a model can drill into outputs at once), then every upstream
// op the policy allows, as <server>__<tool> with its schemas passed through
// unchanged. mcp-go tells connected clients with tools/list_changed.
func (g *Gateway) listDirect(r *Registry) {
	var tools []server.ServerTool
	var names []string
	for _, name := range []string{opInspectOutput, opInspectTool} {
		op := r.ops[model.ToolID{Server: ToolboxGroup, Tool: name}]
		tools = append(tools, server.ServerTool{Tool: directTool(op), Handler: g.directToolbox(op.Tool.ID())})
		names = append(names, op.Direct)
	}
	for _, op := range r.order {
		if op.Server == ToolboxGroup {
			continue
		}
		if reason, _ := r.policy.denial(op); reason != "" {
			continue
		}
		tools = append(tools, server.ServerTool{Tool: directTool(op), Handler: g.directCall(op.Tool.ID())})
		names = append(names, op.Direct)
	}
	g.setOrder(names)
	g.srv.SetTools(tools...)
}

// directTool is op's tool definition under its direct name: the upstream's
// own definition (annotations, icons, _meta...) with its raw schemas.
func directTool(op *Op) mcp.Tool {
	var t mcp.Tool
	_ = json.Unmarshal(op.Tool.Raw, &t)
	t.Name = op.Direct
	t.InputSchema, t.OutputSchema = mcp.ToolInputSchema{}, mcp.ToolOutputSchema{}
	t.RawInputSchema = op.Tool.InputSchema
	if len(t.RawInputSchema) == 0 {
		t.RawInputSchema = json.RawMessage(`{"type":"object"}`)
	}
	t.RawOutputSchema = nil
	if op.Tool.HasOutputSchema() {
		t.RawOutputSchema = op.Tool.OutputSchema
	}
	t.Execution = nil // the gateway does not run upstream calls as tasks
	return t
}

// directCall passes a call through to the upstream: arguments are checked
// and defaulted as by tool_exec, and the upstream's result is returned as
// it came. A call that never reached the tool answers isError with the
// error envelope as text.
func (g *Gateway) directCall(id model.ToolID) server.ToolHandlerFunc {
	return g.directHandler(id, func(ctx context.Context, c call, op *Op, args json.RawMessage) (*mcp.CallToolResult, answer) {
		if e := c.reg.policy.check(op); e != nil {
			return directError(op, e)
		}
		args, _, e := g.checkArgs(op, args)
		if e != nil {
			return directError(op, e)
		}
		env := g.callUpstreamRaw(ctx, op, args)
		if env.err != nil {
			return directError(op, env.err)
		}
		if env.task != nil {
			// Direct mode has no way to poll: the task is not left behind.
			g.cancelTask(op, env.task.ID)
			return directError(op, fail(CodeUnavailable, op.ID, map[string]any{"retry_after_ms": retryAfter.Milliseconds()},
				"%s ran as a task and did not end within the %s deadline: the task was cancelled (a progressive gateway returns a handle to poll)", op.ID, env.d))
		}
		res, err := passThrough(env.res)
		if err != nil {
			return directError(op, fail(CodeUpstreamError, op.ID, nil, "%s answered badly: %v", op.Server, err))
		}
		return res, answer{body: env.res.Raw, ok: !res.IsError, code: codeIf(res.IsError, CodeUpstreamError), op: op.ID, kind: string(op.Kind)}
	})
}

// passThrough is an upstream's result as mcp-go will send it on: its
// content blocks and structuredContent as they came (bytes, not decoded
// into mcp-go's types and encoded again), its isError and _meta.
func passThrough(up *mcpclient.CallResult) (*mcp.CallToolResult, error) {
	var head struct {
		Meta    *mcp.Meta         `json:"_meta"`
		Content []json.RawMessage `json:"content"`
	}
	if err := json.Unmarshal(up.Raw, &head); err != nil {
		return nil, err
	}
	res := &mcp.CallToolResult{Result: mcp.Result{Meta: head.Meta}, Content: make([]mcp.Content, 0, len(head.Content)),
		RawStructuredContent: up.StructuredContent, IsError: up.IsError}
	for _, b := range head.Content {
		if len(b) == 0 || b[0] != '{' {
			return nil, fmt.Errorf("a content block is not an object: %.40s", b)
		}
		res.Content = append(res.Content, rawBlock{raw: b})
	}
	return res, nil
}

// rawBlock is a content block passed on as its server sent it. The
// embedded TextContent is never set: it makes rawBlock an mcp.Content.
type rawBlock struct {
	mcp.TextContent
	raw json.RawMessage
}

// MarshalJSON is the block as it came.
func (b rawBlock) MarshalJSON() ([]byte, error) { return b.raw, nil }

// directToolbox answers inspect_tool_output and inspect_tool with the bare
// answers of the toolbox ops (no envelope); an error is isError with its message.
func (g *Gateway) directToolbox(id model.ToolID) server.ToolHandlerFunc {
	return g.directHandler(id, func(ctx context.Context, c call, op *Op, args json.RawMessage) (*mcp.CallToolResult, answer) {
		args, _, e := g.checkArgs(op, args)
		if e == nil {
			var body json.RawMessage
			if body, e = g.toolboxResult(ctx, c.reg, op, args); e == nil {
				return toolResult(body, false), answer{body: body, ok: true, op: op.ID, kind: string(op.Kind)}
			}
		}
		return mcp.NewToolResultError(e.Message), answer{body: marshal(errorEnvelope(op.ID, e)), code: e.Code, op: op.ID, kind: string(op.Kind)}
	})
}

// directHandler runs a direct-mode tool for the op it stands for, as the
// registry of the moment knows it.
func (g *Gateway) directHandler(id model.ToolID, run func(ctx context.Context, c call, op *Op, args json.RawMessage) (*mcp.CallToolResult, answer)) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return g.serveCall(ctx, req.Params.Name, req, func(ctx context.Context, c call, raw json.RawMessage) (*mcp.CallToolResult, answer) {
			if op, ok := c.reg.ops[id]; ok {
				return run(ctx, c, op, raw)
			}
			opID := id.String()
			if e := c.reg.pinnedErrorOf(id); e != nil {
				return directError(&Op{ID: opID}, e)
			}
			return directError(&Op{ID: opID}, fail(CodeNotFound, "", nil, "%s is no longer offered by its server", opID))
		}), nil
	}
}

func directError(op *Op, e *Error) (*mcp.CallToolResult, answer) {
	body := marshal(errorEnvelope(op.ID, e))
	return &mcp.CallToolResult{Content: []mcp.Content{mcp.NewTextContent(string(body))}, IsError: true},
		answer{body: body, code: e.Code, op: op.ID, kind: string(op.Kind)}
}

func codeIf(cond bool, c Code) Code {
	if cond {
		return c
	}
	return ""
}

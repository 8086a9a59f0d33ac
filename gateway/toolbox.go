package gateway

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"mcpeek/model"
	"mcpeek/summarizer"
)

// The toolbox ops' tool names.
const (
	opInspectOutput = "inspect_tool_output"
	opInspectTool   = "inspect_tool"
	opSearchTools   = "search_tools"
)

// toolboxDefs are the toolbox ops' definitions, as an upstream would list them.
const toolboxDefs = `[
{"name":"inspect_tool_output","title":"Inspect a tool's output schema","description":"Drill into one field path of a tool's output schema: the node's children and a breadth-first preview of its subtree. Call it on a fold marker such as ` + "`variants[]: object (contains 15 sub-fields; inspect_tool_output(..., field_path=\\\"variants[]\\\"))`" + ` before using a hidden field; never guess paths.",
 "inputSchema":{"type":"object","properties":{
  "tool_id":{"type":"string","description":"The op id of the tool, \"<server>.<tool>\"."},
  "field_path":{"type":"string","default":"","description":"Dot path into the output; [] for arrays (\"variants[].sku\"); \"\" is the root."},
  "max_depth":{"type":"integer","minimum":1,"maximum":64,"default":4,"description":"Levels below the node to preview."},
  "max_fields":{"type":"integer","minimum":1,"maximum":2000,"default":120,"description":"Most preview lines."}},
  "required":["tool_id"]},
 "outputSchema":{"type":"object","properties":{
  "tool_id":{"type":"string"},"field_path":{"type":"string"},"node_type":{"type":"string"},"description":{"type":"string"},
  "children":{"type":"array","items":{"type":"object","properties":{"name":{"type":"string"},"type":{"type":"string"},"children":{"type":"integer"},"unknown_keys":{"type":"boolean"},"required":{"type":"boolean"},"description":{"type":"string"},"enum":{"type":"array"},"format":{"type":"string"}},"required":["name","type"]}},
  "flattened_fields":{"type":"array","items":{"type":"string"}},
  "total_child_fields":{"type":"integer"},"truncated":{"type":"boolean"}},
  "required":["field_path","node_type","children","flattened_fields","total_child_fields","truncated"]},
 "annotations":{"readOnlyHint":true,"destructiveHint":false,"idempotentHint":true,"openWorldHint":false}},
{"name":"inspect_tool","title":"Read a tool's definition","description":"Returns a tool's name, description, inputSchema and outputSchema exactly as its server declared them (outputSchema null, with a note, when it declares none).",
 "inputSchema":{"type":"object","properties":{
  "tool_name":{"type":"string","description":"The op id of the tool, \"<server>.<tool>\"."}},
  "required":["tool_name"]},
 "outputSchema":{"type":"object","properties":{
  "name":{"type":"string"},"description":{"type":"string"},"inputSchema":{"type":"object"},"outputSchema":{"anyOf":[{"type":"object"},{"type":"null"}]},"note":{"type":"string"}},
  "required":["name","inputSchema","outputSchema"]},
 "annotations":{"readOnlyHint":true,"destructiveHint":false,"idempotentHint":true,"openWorldHint":false}},
{"name":"search_tools","title":"Search every tool","description":"Ranked search over op ids, tool names, descriptions and parameter names. Returns planner descriptors: signature, description, input parameters and folded output fields.",
 "inputSchema":{"type":"object","properties":{
  "query":{"type":"string","minLength":1,"description":"Words to look for, e.g. \"refund order\"."},
  "limit":{"type":"integer","minimum":1,"maximum":50,"default":8,"description":"Most results."}},
  "required":["query"]},
 "outputSchema":{"type":"object","properties":{
  "query":{"type":"string"},
  "results":{"type":"array","items":{"type":"object","properties":{"tool_id":{"type":"string"},"server":{"type":"string"},"signature":{"type":"string"},"description":{"type":"string"},"input_params":{"type":"object"},"output_fields":{"type":"array","items":{"type":"string"}},"has_hidden_fields":{"type":"boolean"}},"required":["tool_id","signature"]}},
  "hint":{"type":"string"}},
  "required":["query","results"]},
 "annotations":{"readOnlyHint":true,"destructiveHint":false,"idempotentHint":true,"openWorldHint":false}}
]`

// toolboxTools returns the toolbox ops as tools of the "toolbox" server.
func toolboxTools() []model.Tool {
	var raws []json.RawMessage
	if err := json.Unmarshal([]byte(toolboxDefs), &raws); err != nil {
		panic("gateway: toolbox definitions: " + err.Error()) // a constant: caught by every test
	}
	tools := make([]model.Tool, 0, len(raws))
	for _, raw := range raws {
		var def struct {
			Name         string          `json:"name"`
			Title        string          `json:"title"`
			Description  string          `json:"description"`
			InputSchema  json.RawMessage `json:"inputSchema"`
			OutputSchema json.RawMessage `json:"outputSchema"`
		}
		_ = json.Unmarshal(raw, &def)
		compact := compactJSON(raw)
		tools = append(tools, model.Tool{
			Server: ToolboxGroup, Name: def.Name, Title: def.Title, Description: def.Description,
			InputSchema: compactJSON(def.InputSchema), OutputSchema: compactJSON(def.OutputSchema), Raw: compact,
		})
	}
	return tools
}

// runToolbox answers a toolbox op whose args are already validated.
func (g *Gateway) runToolbox(ctx context.Context, c call, op *Op, args json.RawMessage, warnings []string) *Envelope {
	result, e := g.toolboxResult(ctx, c.reg, op, args)
	if e != nil {
		return errorEnvelope(op.ID, e)
	}
	return g.success(c, op.ID, result, warnings)
}

func (g *Gateway) toolboxResult(ctx context.Context, r *Registry, op *Op, args json.RawMessage) (json.RawMessage, *Error) {
	switch op.Tool.Name {
	case opInspectOutput:
		var a struct {
			ToolID    string `json:"tool_id"`
			FieldPath string `json:"field_path"`
			MaxDepth  int    `json:"max_depth"`
			MaxFields int    `json:"max_fields"`
		}
		if err := json.Unmarshal(args, &a); err != nil {
			return nil, fail(CodeValidation, op.ID, nil, "args: %v", err)
		}
		in, e := inspectOutput(ctx, r, a.ToolID, a.FieldPath, summarizer.Options{MaxDepth: a.MaxDepth, MaxFields: a.MaxFields})
		if e != nil {
			return nil, e
		}
		return marshal(in), nil
	case opInspectTool:
		var a struct {
			ToolName string `json:"tool_name"`
		}
		if err := json.Unmarshal(args, &a); err != nil {
			return nil, fail(CodeValidation, op.ID, nil, "args: %v", err)
		}
		target, e := findTool(ctx, r, a.ToolName)
		if e != nil {
			return nil, e
		}
		return marshal(summarizer.Info(target.Tool)), nil
	case opSearchTools:
		var a struct {
			Query string `json:"query"`
			Limit int    `json:"limit"`
		}
		if err := json.Unmarshal(args, &a); err != nil {
			return nil, fail(CodeValidation, op.ID, nil, "args: %v", err)
		}
		return marshal(search(r, a.Query, a.Limit)), nil
	}
	return nil, fail(CodeInternal, op.ID, nil, "toolbox op %s has no implementation", op.ID)
}

// findTool resolves a tool id (an op id, or a direct-mode name) for the
// toolbox, with the "[Tool not found]" message planners know (the id clipped
// to maxEcho bytes).
func findTool(ctx context.Context, r *Registry, id string) (*Op, *Error) {
	if op := r.opNamed(id); op != nil {
		return op, nil
	}
	e := notFoundPath(ctx, r, id)
	e.Message = (&summarizer.ToolNotFoundError{ID: clip(id)}).Error()
	if near, _ := e.Details["did_you_mean"].([]string); len(near) > 0 {
		e.Message += fmt.Sprintf("; did you mean %q?", near[0])
	}
	return nil, e
}

// inspectOutput is inspect_tool_output.
func inspectOutput(ctx context.Context, r *Registry, toolID, fieldPath string, opts summarizer.Options) (*summarizer.Inspection, *Error) {
	op, e := findTool(ctx, r, toolID)
	if e != nil {
		return nil, e
	}
	if !op.Tool.HasOutputSchema() {
		return nil, fail(CodeNotFound, op.ID, map[string]any{"output_schema": nil},
			"%s declares no output schema, so there is nothing to inspect. %s", op.ID, summarizer.NoOutputSchemaNote)
	}
	parsed := op.schemas.parsed()
	s, err := parsed.Out, parsed.OutErr
	if err != nil {
		return nil, fail(CodeUpstreamError, op.ID, nil, "the output schema of %s cannot be read: %v", op.ID, err)
	}
	in, err := summarizer.Inspect(s, fieldPath, opts)
	var pe *summarizer.PathError
	switch {
	case errors.As(err, &pe):
		pe.Path = clip(pe.Path)
		return nil, fail(CodeNotFound, op.ID, map[string]any{
			"field_path": clip(fieldPath), "valid_prefix": pe.Prefix, "children": nonNil(pe.ChildNames()),
		}, "%s", pe.Error())
	case err != nil:
		return nil, fail(CodeInternal, op.ID, nil, "inspecting %s: %v", op.ID, err)
	}
	in.ToolID = op.ID
	return &in, nil
}

func compactJSON(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 {
		return nil
	}
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return raw
	}
	return b.Bytes()
}

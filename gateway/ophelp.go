package gateway

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"mcpeek/model"
	"mcpeek/summarizer"
)

// maxArgDescription bounds an argument's description in the short format.
const maxArgDescription = 300

func (g *Gateway) opHelp(r *Registry, op *Op, req helpRequest) opHelp {
	t := op.Tool
	inErr := op.schemas.in.Err()
	parsed := op.schemas.parsed()
	tree := parsed.In
	out := opHelp{
		Op:              op.ID,
		Summary:         summarizer.FirstSentence(t.Description),
		Kind:            op.Kind,
		Args:            args(tree, req.Format == "full"),
		Notes:           []string{},
		OutputFields:    []string{},
		RegistryVersion: r.Version,
	}
	if req.Format == "full" {
		out.Description = summarizer.PlainText(t.Description)
	}
	out.Usage = ExecCall{Op: op.ID, Args: op.schemas.in.Usage()}
	if req.IncludeExamples {
		out.Examples = []ExecCall{}
		for _, args := range op.schemas.in.Examples() {
			out.Examples = append(out.Examples, ExecCall{Op: op.ID, Args: args})
		}
	}
	if req.IncludeSchemas {
		out.InputSchema = t.InputSchema
		if len(out.InputSchema) == 0 {
			out.InputSchema = json.RawMessage(`{"type":"object"}`)
		}
		out.OutputSchema = json.RawMessage("null")
		if t.HasOutputSchema() {
			out.OutputSchema = t.OutputSchema
		}
	}
	if inErr != nil {
		out.Notes = append(out.Notes, "Its input schema could not be compiled ("+inErr.Error()+"): arguments are passed on unchecked.")
	}
	switch out.OutputFields, out.HasHiddenFields = outputSummary(parsed); {
	case !t.HasOutputSchema():
		out.Notes = append(out.Notes, "The server declares no output schema: result is its structured content, else its text parsed as JSON, else its content blocks.")
	case out.HasHiddenFields:
		out.Notes = append(out.Notes, fmt.Sprintf(`output_fields is folded. Before relying on a hidden field, call tool_exec({"op": "toolbox.inspect_tool_output", "args": {"tool_id": %q, "field_path": "<path from a fold marker>"}}). Do not guess paths.`, op.ID))
	}
	out.Policy = opPolicy(op, r.policy)
	return out
}

// outputSummary folds the op's output schema; none gives no lines.
func outputSummary(p model.ParsedTool) ([]string, bool) {
	if !p.Tool.HasOutputSchema() {
		return []string{}, false
	}
	if p.OutErr != nil {
		return []string{"(root): any"}, false
	}
	sum := summarizer.Summarize(p.Out, summarizer.Options{})
	return sum.OutputFields(), sum.HasHiddenFields
}

// args lists the input schema's top-level properties in declaration order.
func args(tree *model.Schema, full bool) []Arg {
	out := []Arg{}
	if tree == nil || tree.Root().Shape != model.Object {
		return out
	}
	root := tree.Root()
	for i, p := range root.Props {
		child := root.Child(i)
		term, levels := child.Unwrap(nil)
		a := Arg{Name: p.Name, Type: term.Label() + strings.Repeat("[]", levels), Required: p.Required}
		if child.Default != nil {
			a.Default = child.Default.AppendJSON(nil)
		}
		desc := strings.Join(strings.Fields(summarizer.PlainText(child.Description)), " ")
		if desc == "" {
			desc = strings.Join(strings.Fields(summarizer.PlainText(term.Description)), " ")
		}
		if !full && utf8.RuneCountInString(desc) > maxArgDescription {
			desc = string([]rune(desc)[:maxArgDescription-1]) + "…"
		}
		if len(term.Enum) > 0 {
			var vals []string
			for j, v := range term.Enum {
				if j == 20 {
					vals = append(vals, "...")
					break
				}
				vals = append(vals, string(v.AppendJSON(nil)))
			}
			desc = strings.TrimSpace(desc + " One of: " + strings.Join(vals, ", ") + ".")
		}
		a.Description = desc
		out = append(out, a)
	}
	return out
}

// opPolicy derives do / don't / edge cases from the tool's annotations
// (MCP defaults: not read-only, destructive, not idempotent, open world)
// and from the gateway's policy.
func opPolicy(op *Op, p Policy) OpPolicy {
	out := OpPolicy{Do: []string{}, Dont: []string{}, EdgeCases: []string{}}
	h := op.Hints
	is := func(b *bool, dflt bool) bool {
		if b == nil {
			return dflt
		}
		return *b
	}
	if reason, _ := p.denial(op); reason != "" {
		out.Dont = append(out.Dont, "Do not call it: the gateway's policy denies it ("+reason+"); tool_exec answers PERMISSION_DENIED.")
	}
	if op.Kind == KindRead {
		out.Do = append(out.Do, "Safe to call to look things up: it only reads.")
	} else {
		out.Do = append(out.Do, "Get ids and current values from read ops first; never guess them.")
		if is(h.Destructive, true) {
			out.Dont = append(out.Dont, "Do not call it without the user's clear intent: it may delete or overwrite data.")
		}
		if is(h.Idempotent, false) {
			out.EdgeCases = append(out.EdgeCases, "Idempotent: repeating the same call has no further effect.")
		} else {
			out.EdgeCases = append(out.EdgeCases, "Not idempotent: pass an idempotency_key so that a retry replays the first answer instead of acting twice.")
		}
	}
	if op.Server != ToolboxGroup && is(h.OpenWorld, true) {
		out.EdgeCases = append(out.EdgeCases, "Reaches systems outside the server: results can change between calls and may be slow.")
	}
	if op.Server != ToolboxGroup {
		out.EdgeCases = append(out.EdgeCases, "If the server is down or slow, tool_exec answers UNAVAILABLE with details.retry_after_ms; retry later or use another op.")
	}
	return out
}

package summarizer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"mcpeek/internal/par"
	"mcpeek/model"
)

// NoOutputSchemaNote is the note for a tool without an output schema.
const NoOutputSchemaNote = "No output schema defined by the upstream server. Inspect the return value in your script (e.g., print(type(result), result[:1])) to determine the structure."

// ToolNotFoundError is the answer for an unknown tool id.
type ToolNotFoundError struct{ ID string }

func (e *ToolNotFoundError) Error() string {
	return fmt.Sprintf("[Tool not found] '%s' is not available", e.ID)
}

// Descriptor is the planner descriptor: what an LLM planner is shown of a tool.
type Descriptor struct {
	ToolID          string      `json:"tool_id"` // the tool's model.ToolID written out
	Server          string      `json:"server"`
	Signature       string      `json:"signature"`
	Description     string      `json:"description"`
	InputParams     InputParams `json:"input_params"`
	OutputFields    []string    `json:"output_fields"`
	HasHiddenFields bool        `json:"has_hidden_fields"`
	// Steps are the steps that chose the output_fields, one per line in
	// order, for front ends. Not the Lines themselves: a Line holds its
	// schema node, and a descriptor must not keep its tool's parsed schema
	// alive (DescribeAll over a big server would hold every one at once).
	Steps        []Step          `json:"-"`
	OutputSchema json.RawMessage `json:"output_schema,omitempty"`
	Note         string          `json:"note,omitempty"`
}

// InputParams lists a tool's parameters, required first, in declaration order.
type InputParams struct {
	Required []Param `json:"required"`
	Optional []Param `json:"optional"`
}

// Param is one input parameter.
type Param struct {
	Name    string          `json:"name"`
	Type    string          `json:"type"`
	Default json.RawMessage `json:"default,omitempty"`
}

// Describe builds the planner descriptor of a tool. A schema that cannot be
// read does not stop it: the descriptor is still built from what can be,
// and the error says what was wrong.
func Describe(t model.Tool, opts Options) (Descriptor, error) {
	return DescribeParsed(model.ParseTool(t), opts)
}

// DescribeParsed is Describe on schemas already parsed.
func DescribeParsed(p model.ParsedTool, opts Options) (Descriptor, error) {
	t := p.Tool
	d := Descriptor{
		ToolID:       t.ID().String(),
		Server:       t.Server,
		Description:  PlainText(t.Description),
		InputParams:  InputParams{Required: []Param{}, Optional: []Param{}},
		OutputFields: []string{},
	}
	var errs []error
	if p.InErr != nil {
		errs = append(errs, fmt.Errorf("input schema: %w", p.InErr))
	}
	d.InputParams, d.Signature = params(t.Name, p.In)

	switch {
	case !t.HasOutputSchema():
		d.OutputSchema = json.RawMessage("null")
		d.Note = NoOutputSchemaNote
	case p.OutErr != nil:
		errs = append(errs, fmt.Errorf("output schema: %w", p.OutErr))
	case p.Out != nil:
		sum := Summarize(p.Out, opts)
		d.OutputFields, d.HasHiddenFields = sum.OutputFields(), sum.HasHiddenFields
		d.Steps = make([]Step, len(sum.Lines))
		for i, l := range sum.Lines {
			d.Steps[i] = l.Step
		}
	}
	if len(errs) > 0 {
		return d, fmt.Errorf("tool %s: %w", t.ID(), joinErrors(errs))
	}
	return d, nil
}

// params reads the input schema's properties into the descriptor's
// parameter lists and the signature "name(a: string, b?: integer = 3)".
func params(name string, in *model.Schema) (InputParams, string) {
	ps := InputParams{Required: []Param{}, Optional: []Param{}}
	if in == nil || in.Root().Shape != model.Object {
		return ps, name + "()"
	}
	root := in.Root()
	var sig []string
	for i, p := range root.Props {
		child := root.Child(i)
		param := Param{Name: p.Name, Type: paramType(child)}
		if child.Default != nil {
			param.Default = json.RawMessage(child.Default.AppendJSON(nil))
		}
		s := p.Name
		if !p.Required {
			s += "?"
		}
		s += ": " + param.Type
		if param.Default != nil {
			s += " = " + string(param.Default)
		}
		sig = append(sig, s)
		if p.Required {
			ps.Required = append(ps.Required, param)
		} else {
			ps.Optional = append(ps.Optional, param)
		}
	}
	return ps, name + "(" + strings.Join(sig, ", ") + ")"
}

// paramType labels a parameter: arrays as "string[]", others as in summaries.
func paramType(n *model.Node) string {
	term, levels := n.Unwrap(nil)
	return term.Label() + strings.Repeat("[]", levels)
}

func joinErrors(errs []error) error {
	if len(errs) == 1 {
		return errs[0]
	}
	msgs := make([]string, len(errs))
	for i, e := range errs {
		msgs[i] = e.Error()
	}
	return fmt.Errorf("%s", strings.Join(msgs, "; "))
}

// ToolInfo is the inspect_tool answer: the tool's definition with its
// schemas exactly as the server sent them.
type ToolInfo struct {
	Name         string
	Description  string
	InputSchema  json.RawMessage
	OutputSchema json.RawMessage // nil: none, written as null with the note
}

// Info builds the inspect_tool object for a tool.
func Info(t model.Tool) ToolInfo {
	info := ToolInfo{Name: t.ID().String(), Description: t.Description, InputSchema: t.InputSchema}
	if t.HasOutputSchema() {
		info.OutputSchema = t.OutputSchema
	}
	return info
}

// MarshalJSON writes the object with the schemas' bytes untouched (the
// standard encoder would compact them).
func (ti ToolInfo) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{"name":`)
	writeJSONString(&b, ti.Name)
	b.WriteString(`,"description":`)
	writeJSONString(&b, ti.Description)
	b.WriteString(`,"inputSchema":`)
	if len(bytes.TrimSpace(ti.InputSchema)) == 0 {
		b.WriteString(`{"type":"object"}`)
	} else {
		b.Write(ti.InputSchema)
	}
	b.WriteString(`,"outputSchema":`)
	if ti.OutputSchema == nil {
		b.WriteString(`null,"note":`)
		writeJSONString(&b, NoOutputSchemaNote)
	} else {
		b.Write(ti.OutputSchema)
	}
	b.WriteString("}")
	return b.Bytes(), nil
}

func writeJSONString(b *bytes.Buffer, s string) {
	enc, _ := json.Marshal(s)
	b.Write(enc)
}

// DescribeAll builds the descriptors of many tools, in order, spreading the
// work over the machine's cores. errs[i] is Describe's error for tools[i].
func DescribeAll(tools []model.Tool, opts Options) (ds []Descriptor, errs []error) {
	ds, errs = make([]Descriptor, len(tools)), make([]error, len(tools))
	par.Each(len(tools), func(i int) { ds[i], errs[i] = Describe(tools[i], opts) })
	return ds, errs
}

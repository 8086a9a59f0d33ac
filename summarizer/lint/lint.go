// Package lint checks MCP tool definitions against what each client
// accepts: the MCP specification's own rules and the JSON Schema features
// any client relies on, then each client's published limits (function-name
// patterns and lengths, prefixed names, description caps, schema subsets).
// Every rule names the document it comes from; docs/lint.md lists them.
package lint

import (
	"cmp"
	"fmt"
	"slices"

	"mcpeek/internal/par"
	"mcpeek/model"
)

// Severity says whether a client refuses a tool (Error) or may mishandle it
// (Warning).
type Severity uint8

// The severities, in increasing order.
const (
	Warning Severity = iota + 1
	Error
)

// String returns "warning" or "error".
func (s Severity) String() string {
	if s == Error {
		return "error"
	}
	return "warning"
}

// MarshalText writes the severity as its name.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Finding is one rule a tool breaks for one client.
type Finding struct {
	// Tool is the tool's id, written SERVER.TOOL.
	Tool   model.ToolID `json:"tool"`
	Client string       `json:"client"`
	// Severity is the rule's: error when the client refuses the tool.
	Severity Severity `json:"severity"`
	// Pointer is an RFC 6901 JSON pointer into the tool's definition
	// ("/inputSchema/properties/when"), or "/name" and the like.
	Pointer string `json:"pointer"`
	Rule    string `json:"rule"`
	Why     string `json:"why"`
	Fix     string `json:"fix"`
}

// Client is one client's profile: its name on the command line and its
// rules, in the order they are checked.
type Client struct {
	Name  string
	Title string
	// OptIn says the profile is a mode a client chooses, or a schema
	// subset it converts tools to, rather than what it does with a tool as
	// listed: OpenAI's strict mode, Gemini's OpenAPI `parameters`. They
	// disagree (strict mode wants `additionalProperties: false` on every
	// object, Gemini refuses the keyword), so nearly every tool breaks one.
	OptIn bool
	rules []Rule
}

// Rules returns the client's rules.
func (c Client) Rules() []Rule { return c.rules }

// Rule is one check, with where it comes from.
type Rule struct {
	ID       string
	Severity Severity
	// Summary says what the rule requires, in one line.
	Summary string
	// Source is the URL of the document the rule and its numbers come from.
	Source string
	check  func(t *tool, report func(pointer, why, fix string))
}

// ClientNamed returns the profile called name.
func ClientNamed(name string) (Client, bool) {
	for _, c := range Clients() {
		if c.Name == name {
			return c, true
		}
	}
	return Client{}, false
}

// ClientNames lists the profiles' names, in order.
func ClientNames() []string {
	var names []string
	for _, c := range Clients() {
		names = append(names, c.Name)
	}
	return names
}

// Lint checks each tool for each client, tool by tool in the order given,
// then client by client and rule by rule.
func Lint(tools []model.Tool, clients []Client) []Finding {
	var out []Finding
	for _, mt := range tools {
		t := newTool(mt)
		for _, c := range clients {
			for _, r := range c.rules {
				r.check(t, func(pointer, why, fix string) {
					out = append(out, Finding{Tool: mt.ID(), Client: c.Name, Severity: r.Severity,
						Pointer: pointer, Rule: r.ID, Why: why, Fix: fix})
				})
			}
		}
	}
	return out
}

// RefusedAsListed reports whether a client refuses the tool as it is
// listed: some finding of a profile that is not OptIn is an error.
func RefusedAsListed(findings []Finding) bool {
	for _, f := range findings {
		if c, ok := ClientNamed(f.Client); f.Severity == Error && ok && !c.OptIn {
			return true
		}
	}
	return false
}

// Worst returns the most serious severity among findings, or 0 for none.
func Worst(findings []Finding) Severity {
	var w Severity
	for _, f := range findings {
		w = max(w, f.Severity)
	}
	return w
}

// Count counts findings by severity: errors, and the rest (warnings).
func Count(findings []Finding) (errors, warnings int) {
	for _, f := range findings {
		if f.Severity == Error {
			errors++
		}
	}
	return errors, len(findings) - errors
}

// tool is a definition read once for every rule.
type tool struct {
	model.Tool
	// def is the decoded definition when it had to be decoded (a schema
	// missing or unreadable); input and output its schemas (nil when
	// absent or not JSON).
	def, input, output *model.Value
	// in and out are the schemas as parsed for every reader, when they
	// could be: their $refs are looked up there.
	in, out *model.Schema
	// readErr says why the definition could not be read, if it could not.
	readErr error
}

func newTool(mt model.Tool) *tool {
	t := &tool{Tool: mt}
	// The schemas as the rest of the program reads them (parsed once,
	// shared), when both read: the usual case.
	if p := model.ParseTool(mt); p.In != nil && p.InErr == nil && p.OutErr == nil {
		t.in, t.input = p.In, p.In.Source()
		if p.Out != nil {
			t.out, t.output = p.Out, p.Out.Source()
		}
		return t
	}
	// Else the definition itself says what is wrong with them.
	def, err := model.DecodeJSON(mt.Raw)
	if err != nil {
		t.readErr = fmt.Errorf("the definition is not JSON: %w", err)
		return t
	}
	t.def = def
	t.input = nonNull(def.Get("inputSchema"))
	t.output = nonNull(def.Get("outputSchema"))
	return t
}

func nonNull(v *model.Value) *model.Value {
	if v == nil || v.Kind == model.JSONNull {
		return nil
	}
	return v
}

// schemas lists the tool's schemas with their pointers: the input schema,
// then the output schema when withOutput is set.
func (t *tool) schemas(withOutput bool) []located {
	var out []located
	if t.input != nil {
		out = append(out, located{t.input, "/inputSchema", t.in})
	}
	if withOutput && t.output != nil {
		out = append(out, located{t.output, "/outputSchema", t.out})
	}
	return out
}

// located is a JSON value and its pointer in the definition, with its
// parsed schema when there is one.
type located struct {
	v      *model.Value
	ptr    string
	parsed *model.Schema
}

// EachTool lints each tool for the clients, tools spread over the cores:
// findings[i] are tools[i]'s, errors first, each severity in Lint's order.
func EachTool(tools []model.Tool, clients []Client) (findings [][]Finding) {
	findings = make([][]Finding, len(tools))
	par.Each(len(tools), func(i int) {
		fs := Lint(tools[i:i+1], clients)
		slices.SortStableFunc(fs, func(a, b Finding) int { return cmp.Compare(b.Severity, a.Severity) })
		findings[i] = fs
	})
	return findings
}

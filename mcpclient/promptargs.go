package mcpclient

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"mcpeek/internal/similar"
)

// CheckArgs refuses values for arguments p does not take and missing
// required ones, before anything is sent.
func (p Prompt) CheckArgs(values map[string]string) error {
	var known, problems []string
	for _, arg := range p.Arguments {
		known = append(known, arg.Name)
		if _, ok := values[arg.Name]; arg.Required && !ok {
			problems = append(problems, fmt.Sprintf("%q is required", arg.Name))
		}
	}
	var unknown []string
	for k := range values {
		if !slices.Contains(known, k) {
			unknown = append(unknown, k)
		}
	}
	slices.Sort(unknown)
	for _, k := range unknown {
		problems = append(problems, fmt.Sprintf("%q is not an argument of it%s", k, similar.DidYouMean(k, known)))
	}
	if len(problems) == 0 {
		return nil
	}
	takes := "it takes none"
	if len(known) > 0 {
		takes = "it takes: " + strings.Join(known, ", ")
	}
	return fmt.Errorf("prompt %s: %s (%s)", p.Name, strings.Join(problems, "; "), takes)
}

// PromptArgs reads a prompt's arguments given as a JSON object (mcpeek
// prompt --args) as the strings prompts/get takes: a number or a
// boolean is sent as its JSON text; an object, array or null is refused.
func PromptArgs(raw json.RawMessage) (map[string]string, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		return nil, fmt.Errorf("--args must be a JSON object: %v", err)
	}
	out := make(map[string]string, len(obj))
	for k, v := range obj {
		var s string
		switch {
		case len(v) > 0 && (v[0] == '{' || v[0] == '[' || v[0] == 'n'):
			return nil, fmt.Errorf("--args: %q is %s; prompt arguments are strings", k, v)
		case json.Unmarshal(v, &s) == nil:
		default:
			s = string(v)
		}
		out[k] = s
	}
	return out, nil
}

// FindPrompt looks name up among a server's prompts, with the nearest
// names when it is not there.
func FindPrompt(server string, ps []Prompt, name string) (Prompt, error) {
	names := make([]string, len(ps))
	for i, p := range ps {
		if p.Name == name {
			return p, nil
		}
		names[i] = p.Name
	}
	return Prompt{}, fmt.Errorf("%s lists no prompt named %q%s (mcpeek prompts %s lists them)", server, name, similar.DidYouMeanIn(server, name, names), server)
}

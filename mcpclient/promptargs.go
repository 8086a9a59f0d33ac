package mcpclient

import (
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

package mcpclient

import (
	"strings"
	"testing"
)

// TestCheckPromptArgs: a missing required argument and one the prompt
// does not take are refused, the nearest name suggested.
func TestCheckPromptArgs(t *testing.T) {
	t.Parallel()
	p := Prompt{Name: "weather", Arguments: []PromptArgument{{Name: "city", Required: true}, {Name: "state"}}}
	for _, c := range []struct {
		args map[string]string
		want string // "" for accepted
	}{
		{map[string]string{"city": "Paris"}, ""},
		{map[string]string{"city": "Paris", "state": "x"}, ""},
		{map[string]string{}, `prompt weather: "city" is required (it takes: city, state)`},
		{map[string]string{"city": "P", "stat": "x"}, `"stat" is not an argument of it (did you mean state?)`},
	} {
		err := p.CheckArgs(c.args)
		if (c.want == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.args, err, c.want)
		}
	}
	if err := (Prompt{Name: "none"}).CheckArgs(map[string]string{"x": "1"}); err == nil || !strings.Contains(err.Error(), "it takes none") {
		t.Errorf("a prompt without arguments: %v", err)
	}
}

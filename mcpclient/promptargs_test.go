package mcpclient

import (
	"encoding/json"
	"maps"
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

func TestPromptArgs(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   string
		want map[string]string
		err  string
	}{
		{`{}`, map[string]string{}, ""},
		{`{"a": "x", "n": 1.5, "b": true}`, map[string]string{"a": "x", "n": "1.5", "b": "true"}, ""},
		{`{"o": {"k": 1}}`, nil, `"o" is {"k": 1}; prompt arguments are strings`},
		{`{"l": [1]}`, nil, "prompt arguments are strings"},
		{`{"z": null}`, nil, "prompt arguments are strings"},
	} {
		got, err := PromptArgs(json.RawMessage(c.in))
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: error %v, want %q", c.in, err, c.err)
		case c.err == "" && (err != nil || !maps.Equal(got, c.want)):
			t.Errorf("%s = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
}

func TestFindPromptSuggestsNearNames(t *testing.T) {
	t.Parallel()
	ps := []Prompt{{Name: "simple-prompt"}, {Name: "args-prompt"}}
	if p, err := FindPrompt("everything", ps, "args-prompt"); err != nil || p.Name != "args-prompt" {
		t.Errorf("found %+v, %v", p, err)
	}
	_, err := FindPrompt("everything", ps, "args-promp")
	if err == nil || !strings.Contains(err.Error(), `everything lists no prompt named "args-promp"; did you mean everything.args-prompt?`) {
		t.Errorf("error %v", err)
	}
}

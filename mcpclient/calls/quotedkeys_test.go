package calls

import (
	"encoding/json"
	"strings"
	"testing"
)

// A calls file names any key of a result: one that holds ".", "[" or "]"
// is written quoted, as every path of mcpeek writes it (["a.x"]), so a
// key named "a.x" is never the field x of an object a.
func TestPathsNameKeysThatHoldDotsAndBrackets(t *testing.T) {
	t.Parallel()
	file := `{"mcpeek_calls": 1, "calls": [{"name": "odd", "tool": "s.t", "expect": {"paths": [
		{"path": "[\"a.x\"]", "equals": 1},
		{"path": "a.x", "equals": 2},
		{"path": "m[\"k[0]\"][].v", "equals": 3},
		{"path": "[\"<any key>\"]", "equals": 4},
		{"path": "[\"\"]", "equals": 5}]}}]}`
	f, err := Decode([]byte(file))
	if err != nil {
		t.Fatal(err)
	}
	res := Result{Structured: json.RawMessage(`{"a.x": 1, "a": {"x": 2}, "m": {"k[0]": [{"v": 3}]}, "<any key>": 4, "": 5}`)}
	equals := 0
	for _, v := range f.Calls[0].Check(nil, res) {
		if v.Kind == "equals" {
			equals++
		}
		if !v.OK && v.Kind != "output_schema" {
			t.Errorf("%s %s: expected %s, got %s", v.Path, v.Kind, v.Expected, v.Got)
		}
	}
	if equals != 5 {
		t.Errorf("%d equals verdicts, want 5", equals)
	}
	for _, key := range []string{"a.x", "k[0]", "]", "<any key>", ""} {
		if why := Writable(key); why != "" {
			t.Errorf("Writable(%q): %s", key, why)
		}
	}
	if _, err := Decode([]byte(strings.Replace(file, `"path": "[\"a.x\"]"`, `"path": "a]x"`, 1))); err == nil || !strings.Contains(err.Error(), "quote the name") {
		t.Errorf("a bare ] in a name: %v", err)
	}
}

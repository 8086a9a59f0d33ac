package tui

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"
)

// Argument sets are the same when they mean the same JSON value (members
// in any order, numbers however spelled), and different when they do not,
// even where float64 would round them together.
func TestRememberKeepsSetsThatDifferAsJSON(t *testing.T) {
	t.Parallel()
	at := time.Unix(0, 0)
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{`{"a":1,"b":[2]}`, `{"b":[2], "a":1}`, true},
		{`{"n":1}`, `{"n":1.0}`, true},
		{`{"id":12345678901234567890}`, `{"id":12345678901234567891}`, false},
		{`{"id":"x"}`, `{"id":"y"}`, false},
	} {
		sets := remember(remember(nil, json.RawMessage(c.a), at), json.RawMessage(c.b), at)
		if got := len(sets) == 1; got != c.same {
			t.Errorf("%s then %s: %d sets kept, want the same: %v", c.a, c.b, len(sets), c.same)
		}
	}
}

// The file keeps the arguments readable: "<", ">" and "&" are written as
// they were given, not as \u003c escapes.
func TestArgStoreWritesArgumentsAsGiven(t *testing.T) {
	t.Parallel()
	if err := argsOf(t).save("demo.t", json.RawMessage(`{"q":"<a & b>"}`), time.Unix(0, 0)); err != nil {
		t.Fatal(err)
	}
	path, _ := argsOf(t).path()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"<a & b>"`) {
		t.Errorf("the file holds:\n%s", b)
	}
	sets, err := argsOf(t).load("demo.t")
	var args struct{ Q string }
	if err != nil || len(sets) != 1 || json.Unmarshal(sets[0].Args, &args) != nil || args.Q != "<a & b>" {
		t.Errorf("read back %s, %v", sets, err)
	}
}

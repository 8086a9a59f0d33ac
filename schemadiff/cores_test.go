package schemadiff

import (
	"strings"
	"testing"
)

// TestDecodeToolFaultBeforeLaterSyntaxError: the tools are parsed apart
// from reading the file, but a broken tool is still told before a syntax
// error that follows it, and counted in the whole server.
func TestDecodeToolFaultBeforeLaterSyntaxError(t *testing.T) {
	in := `{"mcpeek_snapshot": 1, "servers": [{"name": "s", "tools": [{"name": "a"}], "tools": [{"name": "b"}, {"x": 1}, {"name": "c"} oops`
	_, err := Decode([]byte(in))
	if err == nil || !strings.Contains(err.Error(), `server "s", tool 3: a tool definition has no name`) {
		t.Errorf("got %v, want the third tool's fault", err)
	}
	in = `{"mcpeek_snapshot": 1, "servers": [{"name": "s", "tools": [{"name": "b"}, {"name": "c"} oops`
	if _, err := Decode([]byte(in)); err == nil || !strings.Contains(err.Error(), "invalid character 'o'") {
		t.Errorf("got %v, want the syntax error", err)
	}
}

// TestSameWithoutSpace: the same as comparing both texts compacted.
func TestSameWithoutSpace(t *testing.T) {
	texts := []string{
		`{"a":"x y"}`, `{ "a" : "x y" }`, `{"a":"xy"}`, `{"a":"x  y"}`,
		`{"a":"\\"}`, `{"a": "\\" }`, `{"a":"\""}`, `{"a" :"\" "}`, `{"a":1}`, `{"a":1 }`, `{"a":1,"b":2}`,
	}
	for _, a := range texts {
		for _, b := range texts {
			want := string(compact([]byte(a))) == string(compact([]byte(b)))
			if got := sameWithoutSpace([]byte(a), []byte(b)); got != want {
				t.Errorf("sameWithoutSpace(%s, %s) = %v, want %v", a, b, got, want)
			}
		}
	}
}

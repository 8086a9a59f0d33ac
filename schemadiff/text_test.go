package schemadiff

import "testing"

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

package schemadiff

import (
	"encoding/json"
	"mcpeek/assets"
	"testing"
)

// TestSameWithoutSpace: the same as comparing both texts compacted.
func TestSameWithoutSpace(t *testing.T) {
	t.Parallel()
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

// TestWithoutSpace: white space between tokens goes, what strings hold
// stays (escaped quotes and backslashes included), as with Compact; white
// space that keeps two tokens apart is refused.
func TestWithoutSpace(t *testing.T) {
	t.Parallel()
	for _, in := range []string{
		`{}`,
		"{\n  \"a\" : [ 1 , 2.50 ,\t-3e5 ],\r\n  \"b\": \"x  y\"\n}",
		"{\n                \"deep\":                  [true, false, null]}",
		`{ "q": "say \"hi\" ", "bs": "ends with \\", "after": " : , " }`,
		`[ "\\\"" , { "k" : null , "t" : true } ]`,
		`"a string \u00e9 "`,
	} {
		want := string(compact([]byte(in)))
		if got, ok := withoutSpace(nil, []byte(in)); !ok || string(got) != want {
			t.Errorf("withoutSpace(%q) = %s, %v; want %s", in, got, ok, want)
		}
		own := []byte(in)
		if got, ok := withoutSpace(own[:0], own); !ok || string(got) != want {
			t.Errorf("withoutSpace(%q) in place = %s, %v; want %s", in, got, ok, want)
		}
	}
	for _, in := range []string{`[1 2]`, `{"a": tru e}`, `[- 1]`, `[1. 5]`, `[null null]`} {
		if got, ok := withoutSpace(nil, []byte(in)); ok {
			t.Errorf("withoutSpace(%q) = %s, want refused", in, got)
		}
	}
}

// TestDecodeJoinsNoTokens: a lock file that is wrong only because of white
// space between two tokens stays wrong.
func TestDecodeJoinsNoTokens(t *testing.T) {
	t.Parallel()
	in := `{"mcpeek_snapshot": 1 0, "servers": []}`
	if _, err := Decode([]byte(in)); err == nil {
		t.Errorf("Decode(%s) read it", in)
	}
}

// TestAnnotations: finding a tool's annotations by bracket counting tells
// what decoding the definition tells.
func TestAnnotations(t *testing.T) {
	t.Parallel()
	raws := []string{
		`{"name":"a"}`,
		`{"name":"a","annotations":{"readOnlyHint":true}}`,
		`{ "annotations" : { "title" : "T" } , "inputSchema": {"properties": {"annotations": {"type": "string"}}} }`,
		`{"inputSchema":{"description":"a } ] \" { [ string"},"annotations":{"x":[1,{"y":"}"}]}}`,
		`{"annotations":{"a":1},"annotations":{"b":2}}`,
		`{"annotations":{"a":1},"annotations":null}`,
		`{"annotations":"not an object","n":-1.5e3,"t":true,"f":false,"z":null}`,
		`{"annot\u0061tions":{"escaped":true}}`,
		`{"x":[],"y":{},"annotations":[ ]}`,
		`{}`, `[]`, `"tool"`, `{"annotations":{"cut":`, `{"a" 1}`,
	}
	var demo []json.RawMessage
	if err := json.Unmarshal(assets.DemoTools(), &demo); err != nil {
		t.Fatal(err)
	}
	for _, d := range demo {
		raws = append(raws, string(d), string(compact(d)))
	}
	for _, raw := range raws {
		if got, want := topMember([]byte(raw), "annotations"), member([]byte(raw), "annotations"); string(got) != string(want) {
			t.Errorf("annotations(%.80s) = %s, want %s", raw, got, want)
		}
	}
}

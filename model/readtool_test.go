package model

import (
	"bytes"
	"strings"
	"testing"
	"unsafe"

	"github.com/go-json-experiment/json/jsontext"
)

func readOne(t *testing.T, in string) (Tool, error) {
	t.Helper()
	b := []byte(in)
	dec := jsontext.NewDecoder(bytes.NewBuffer(b), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	return ReadTool(dec, b)
}

// TestReadToolIsLenient: the one reader of a tool definition that the
// client and the lock file share keeps the definition and its schemas byte
// for byte, and reads a member of the wrong type as absent.
func TestReadToolIsLenient(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in                 string
		name, title, desc  string
		input, output, raw string
	}{
		{in: `{"name":"a","title":"A","description":"d","inputSchema":{"type":"object"},"outputSchema":{ "type" : "object" }}`,
			name: "a", title: "A", desc: "d", input: `{"type":"object"}`, output: `{ "type" : "object" }`},
		{in: `{"name":"a","annotations":{"readOnlyHint":true,"title":"Old"}}`, name: "a", title: "Old"},
		{in: `{"title":"New","name":"a","annotations":{"title":"Old"}}`, name: "a", title: "New"},
		{in: `{"name":"a","annotations":["title"],"outputSchema":null}`, name: "a"},
		{in: `{"name":"a","annotations":{"title":7}}`, name: "a"},
		{in: `{"name":7,"title":null,"description":{"x":1}}`},
		{in: `{"name":null}`},
		{in: `{"description":"caf\u00e9 \u003c","name":"a","_meta":{"k":[1,2]}}`, name: "a", desc: "café <"},
	} {
		got, err := readOne(t, c.in)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if got.Name != c.name || got.Title != c.title || got.Description != c.desc ||
			string(got.InputSchema) != c.input || string(got.OutputSchema) != c.output || string(got.Raw) != c.in {
			t.Errorf("%s: read %+v", c.in, got)
		}
	}
}

// A definition that is not an object, or not JSON, is an error.
func TestReadToolRefusesWhatIsNotAnObject(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`[1]`:           "want an object",
		`"a"`:           "want an object",
		`{"name":"a"`:   "EOF",
		`{"name":"a",}`: "invalid character",
	} {
		if _, err := readOne(t, in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an error containing %q", in, err, want)
		}
	}
}

// TestReadToolSharingReadsTheSame: sharing the input's bytes changes no
// word read: escapes, invalid UTF-8 (replaced), annotations' title, a
// member of the wrong type; a plain word is a view of the input.
func TestReadToolSharingReadsTheSame(t *testing.T) {
	t.Parallel()
	for _, in := range []string{
		`{"name":"a","title":"A","description":"plain words"}`,
		`{"name":"a\u00e9","description":"tab\there \"quoted\" \\ back"}`,
		"{\"name\":\"a\",\"description\":\"bad \xff byte\"}",
		`{"name":"a","annotations":{"title":"Old"},"description":7}`,
		`{"name":"","title":null}`,
	} {
		want, errWant := readOne(t, in)
		b := []byte(in)
		dec := jsontext.NewDecoder(bytes.NewBuffer(b), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
		got, err := ReadToolSharing(dec, b)
		if (err == nil) != (errWant == nil) || got.Name != want.Name || got.Title != want.Title || got.Description != want.Description {
			t.Errorf("%q: shared %q %q %q (%v), copied %q %q %q (%v)", in, got.Name, got.Title, got.Description, err,
				want.Name, want.Title, want.Description, errWant)
		}
	}
	b := []byte(`{"name":"a","description":"plain words"}`)
	dec := jsontext.NewDecoder(bytes.NewBuffer(b), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	got, _ := ReadToolSharing(dec, b)
	if p := unsafe.StringData(got.Description); p != &b[strings.Index(string(b), "plain")] {
		t.Error("a plain description is a copy, not a view of the input")
	}
}

package model

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/go-json-experiment/json/jsontext"
)

// FuzzParseSchema: any bytes are read or refused with an error, and every
// node reachable from the root resolves without panic or endless work.
func FuzzParseSchema(f *testing.F) {
	files, _ := filepath.Glob("../summarizer/testdata/*.json")
	for _, name := range files {
		// Large files make poor seeds: the fuzzer spends its time
		// minimising them instead of exploring.
		if b, err := os.ReadFile(name); err == nil && len(b) <= 16<<10 {
			f.Add(b)
		}
	}
	for _, s := range []string{`{}`, `[`, `{"$ref":"#"}`, `{"a":"str"}`, `{"type":["object","null"],"properties":{"x":{"$ref":"#/properties"}}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		defer hangGuard(b)()
		s, err := ParseSchema(b)
		if err != nil {
			return
		}
		visited := 0
		var walk func(n *Node, depth int)
		walk = func(n *Node, depth int) {
			if visited > 2000 || depth > 20 {
				return
			}
			visited++
			_ = n.Label()
			term, _ := n.Unwrap(nil)
			for i := range term.Props {
				walk(term.Child(i), depth+1)
			}
			for i := range term.Alts {
				walk(term.Alt(i), depth+1)
			}
		}
		walk(s.Root(), 0)
		s.DataRoot()
	})
}

// FuzzDecodeJSON holds DecodeJSON to what a reader built on jsontext's
// decoder (the reference below, which DecodeJSON replaced for speed) makes
// of the same bytes: the same inputs refused, the same values read.
func FuzzDecodeJSON(f *testing.F) {
	files, _ := filepath.Glob("../summarizer/testdata/*.json")
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil && len(b) <= 16<<10 {
			f.Add(b)
		}
	}
	for _, s := range []string{``, ` `, `{}`, `[]`, `[`, `{"a":1,}`, `[1,]`, `{"a" 1}`, `{"a":1 "b":2}`,
		`01`, `-`, `-0.5e+10`, `1.`, `1e`, `.5`, `tru`, `truex`, `nul`, `[true,false,null]`, `"\u00e9\ud800x\uDC00"`,
		`"\x"`, `"\u12"`, `"a` + "\x01" + `b"`, "\"\xff\xfe\"", "\"é\"", `{"a":1,"a":2}`, `{"":[{}]}`, `"a\/b\"c\\"`,
		` [ 1 , { "x" : [ ] } ] `, `{} x`, `[1] [2]`, "\ufeff{}", `{"a":{"b":[1,2,{"c":"d"}]}}`} {
		f.Add([]byte(s))
	}
	for _, n := range []int{MaxNesting, MaxNesting + 1} {
		f.Add([]byte(strings.Repeat("[", n) + strings.Repeat("]", n)))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		defer hangGuard(b)()
		got, err := DecodeJSON(b)
		want, wantErr := referenceDecodeJSON(b)
		if (err == nil) != (wantErr == nil) {
			t.Fatalf("DecodeJSON(%q): error %v, the reference's %v", b, err, wantErr)
		}
		if err == nil && !sameValue(got, want) {
			t.Fatalf("DecodeJSON(%q) = %s, the reference's %s", b, got.AppendJSON(nil), want.AppendJSON(nil))
		}
	})
}

// hangGuard panics, naming the input, when the call it guards takes over
// 5 s; the fuzzer reports a panic where it would wait on a hang for ever.
func hangGuard(b []byte) (stop func()) {
	done := make(chan struct{})
	go func() {
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			buf := make([]byte, 1<<20)
			n := runtime.Stack(buf, true)
			panic(fmt.Sprintf("input took over 5s (%d bytes): %q\n%s", len(b), b, buf[:n]))
		}
	}()
	return func() { close(done) }
}

func sameValue(a, b *Value) bool {
	if a.Kind != b.Kind || a.Str != b.Str || a.Bool != b.Bool ||
		len(a.Items) != len(b.Items) || len(a.Members) != len(b.Members) {
		return false
	}
	for i := range a.Items {
		if !sameValue(a.Items[i], b.Items[i]) {
			return false
		}
	}
	for i := range a.Members {
		if a.Members[i].Name != b.Members[i].Name || !sameValue(a.Members[i].Value, b.Members[i].Value) {
			return false
		}
	}
	return true
}

func referenceDecodeJSON(b []byte) (*Value, error) {
	dec := jsontext.NewDecoder(bytes.NewReader(b),
		jsontext.AllowDuplicateNames(true),
		jsontext.AllowInvalidUTF8(true))
	v, err := referenceDecodeValue(dec, 0)
	if err != nil {
		return nil, err
	}
	if _, err := dec.ReadToken(); err != io.EOF {
		return nil, errors.New("unexpected data after the top-level value")
	}
	return v, nil
}

func referenceDecodeValue(dec *jsontext.Decoder, depth int) (*Value, error) {
	tok, err := dec.ReadToken()
	if err != nil {
		return nil, err
	}
	switch tok.Kind() {
	case 'n':
		return &Value{Kind: JSONNull}, nil
	case 't', 'f':
		return &Value{Kind: JSONBool, Bool: tok.Bool()}, nil
	case '"':
		return &Value{Kind: JSONString, Str: tok.String()}, nil
	case '0':
		return &Value{Kind: JSONNumber, Str: tok.String()}, nil
	case '[':
		if depth >= MaxNesting {
			return nil, errors.New("too deep")
		}
		v := &Value{Kind: JSONArray}
		for dec.PeekKind() != ']' {
			item, err := referenceDecodeValue(dec, depth+1)
			if err != nil {
				return nil, err
			}
			v.Items = append(v.Items, item)
		}
		_, err := dec.ReadToken()
		return v, err
	case '{':
		if depth >= MaxNesting {
			return nil, errors.New("too deep")
		}
		v := &Value{Kind: JSONObject}
		for dec.PeekKind() != '}' {
			name, err := dec.ReadToken()
			if err != nil {
				return nil, err
			}
			key := name.String()
			val, err := referenceDecodeValue(dec, depth+1)
			if err != nil {
				return nil, err
			}
			v.Members = append(v.Members, Member{Name: key, Value: val})
		}
		_, err := dec.ReadToken()
		return v, err
	}
	return nil, fmt.Errorf("unexpected token %q", tok.Kind())
}

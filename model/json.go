package model

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/go-json-experiment/json/jsontext"
)

// Kind is the kind of a decoded JSON value.
type Kind uint8

// The JSON kinds.
const (
	JSONNull Kind = iota
	JSONBool
	JSONNumber
	JSONString
	JSONArray
	JSONObject
)

// Value is a JSON value decoded with the order of object members kept.
//
// Schemas are read from Values rather than from Go maps because property
// declaration order is part of what a summary shows.
type Value struct {
	Kind Kind
	// Str holds a string's text, or a number's literal exactly as written.
	Str  string
	Bool bool
	// Items are an array's elements.
	Items []*Value
	// Members are an object's members in declaration order. Duplicate names
	// are kept as written; Get returns the last, as encoding/json would.
	Members []Member
}

// Member is one name/value pair of a JSON object.
type Member struct {
	Name  string
	Value *Value
}

// MaxNesting is the deepest nesting of arrays and objects DecodeJSON accepts.
const MaxNesting = 1000

// DecodeJSON decodes one JSON value from b, keeping object member order.
// It rejects trailing data and nesting deeper than MaxNesting. Invalid UTF-8
// and duplicate member names are accepted, so that nothing a server sends
// is refused for a fault a reader can live with.
func DecodeJSON(b []byte) (*Value, error) {
	dec := jsontext.NewDecoder(bytes.NewReader(b),
		jsontext.AllowDuplicateNames(true),
		jsontext.AllowInvalidUTF8(true))
	v, err := decodeValue(dec, 0)
	if err != nil {
		return nil, describeJSONError(b, err)
	}
	if _, err := dec.ReadToken(); err != io.EOF {
		if err == nil {
			err = errors.New("unexpected data after the top-level value")
		}
		return nil, describeJSONError(b, fmt.Errorf("%w (at byte %d)", err, dec.InputOffset()))
	}
	return v, nil
}

func decodeValue(dec *jsontext.Decoder, depth int) (*Value, error) {
	tok, err := dec.ReadToken()
	if err != nil {
		if err == io.EOF {
			return nil, io.ErrUnexpectedEOF
		}
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
			return nil, fmt.Errorf("nesting deeper than %d levels", MaxNesting)
		}
		v := &Value{Kind: JSONArray}
		for dec.PeekKind() != ']' {
			item, err := decodeValue(dec, depth+1)
			if err != nil {
				return nil, err
			}
			v.Items = append(v.Items, item)
		}
		_, err := dec.ReadToken()
		return v, err
	case '{':
		if depth >= MaxNesting {
			return nil, fmt.Errorf("nesting deeper than %d levels", MaxNesting)
		}
		v := &Value{Kind: JSONObject}
		for dec.PeekKind() != '}' {
			name, err := dec.ReadToken()
			if err != nil {
				return nil, err
			}
			if name.Kind() != '"' {
				return nil, fmt.Errorf("object member name is not a string (at byte %d)", dec.InputOffset())
			}
			key := name.String()
			val, err := decodeValue(dec, depth+1)
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

// describeJSONError adds the line and column of a syntax error to its text.
func describeJSONError(b []byte, err error) error {
	var se *jsontext.SyntacticError
	if errors.As(err, &se) {
		line, col := lineCol(b, int(se.ByteOffset))
		return fmt.Errorf("invalid JSON at line %d, column %d: %w", line, col, err)
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("invalid JSON: the input ends before the value is complete")
	}
	return fmt.Errorf("invalid JSON: %w", err)
}

func lineCol(b []byte, off int) (line, col int) {
	off = min(max(off, 0), len(b))
	line = 1 + bytes.Count(b[:off], []byte{'\n'})
	col = off - bytes.LastIndexByte(b[:off], '\n')
	return line, col
}

// Get returns the value of the object member called name, or nil.
func (v *Value) Get(name string) *Value {
	if v == nil || v.Kind != JSONObject {
		return nil
	}
	for i := len(v.Members) - 1; i >= 0; i-- {
		if v.Members[i].Name == name {
			return v.Members[i].Value
		}
	}
	return nil
}

// Has reports whether v is an object with a member called name.
func (v *Value) Has(name string) bool { return v.Get(name) != nil }

// Text returns a string value's text, or "" for any other value.
func (v *Value) Text() string {
	if v == nil || v.Kind != JSONString {
		return ""
	}
	return v.Str
}

// AppendJSON appends v encoded as compact JSON, members in their order.
func (v *Value) AppendJSON(dst []byte) []byte {
	if v == nil {
		return append(dst, "null"...)
	}
	switch v.Kind {
	case JSONNull:
		return append(dst, "null"...)
	case JSONBool:
		return strconv.AppendBool(dst, v.Bool)
	case JSONNumber:
		return append(dst, v.Str...)
	case JSONString:
		out, err := jsontext.AppendQuote(dst, v.Str)
		if err != nil { // invalid UTF-8 is replaced, never fatal
			out, _ = jsontext.AppendQuote(dst, string(bytes.ToValidUTF8([]byte(v.Str), []byte("\uFFFD"))))
		}
		return out
	case JSONArray:
		dst = append(dst, '[')
		for i, item := range v.Items {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = item.AppendJSON(dst)
		}
		return append(dst, ']')
	case JSONObject:
		dst = append(dst, '{')
		for i, m := range v.Members {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst, _ = jsontext.AppendQuote(dst, m.Name)
			dst = append(dst, ':')
			dst = m.Value.AppendJSON(dst)
		}
		return append(dst, '}')
	}
	return dst
}

// MarshalJSON encodes v as compact JSON with its member order kept.
func (v *Value) MarshalJSON() ([]byte, error) { return v.AppendJSON(nil), nil }

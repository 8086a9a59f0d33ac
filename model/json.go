package model

import (
	"bytes"
	"errors"
	"fmt"
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
	Bool bool
	// Str holds a string's text, or a number's literal exactly as written.
	Str string
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

// describeJSONError adds the line and column of a syntax error to its text.
func describeJSONError(b []byte, err error) error {
	var se *syntaxError
	if errors.As(err, &se) {
		line, col := lineCol(b, se.offset)
		return fmt.Errorf("invalid JSON at line %d, column %d: %w", line, col, err)
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

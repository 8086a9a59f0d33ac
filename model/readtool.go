package model

import (
	"bytes"
	"cmp"
	"fmt"
	"unicode/utf8"
	"unsafe"

	"github.com/go-json-experiment/json/jsontext"
)

// ReadTool reads one tool definition, which dec is at, the lenient way
// both the client (a tools/list page) and the lock file reader take it.
// dec must read in in place (jsontext.NewDecoder over a bytes.Buffer of
// in), so that Raw, InputSchema and OutputSchema are slices of in, byte for
// byte. Only the name, title, description, icons and the MCP Apps fields of
// _meta are decoded, and the input schema's x-mcp-header annotations
// checked (CheckHeaders); a member of the wrong type reads as absent (a
// name that is not a string as no name, which the caller decides about), a
// null schema as none. The title falls back to
// annotations.title, where it lived before 2025-06-18. Server is left to
// the caller.
func ReadTool(dec *jsontext.Decoder, in []byte) (Tool, error) { return readTool(dec, in, false) }

// ReadToolSharing is ReadTool for a reader that keeps in, never changed,
// for as long as the tool: the name, title and description are views of
// in's bytes where they are written without escapes, rather than copies,
// as Raw and the schemas are. A lock file is read so: its words are often
// most of it. (A client's tools/list page is not: a description kept after
// its tool would keep the whole page.)
func ReadToolSharing(dec *jsontext.Decoder, in []byte) (Tool, error) { return readTool(dec, in, true) }

func readTool(dec *jsontext.Decoder, in []byte, share bool) (Tool, error) {
	var t Tool
	str := func() (string, error) { return lenientString(dec, in, share) }
	if k := dec.PeekKind(); k != '{' {
		if _, err := dec.ReadToken(); err != nil {
			return t, err
		}
		return t, fmt.Errorf("want an object, found %s", k)
	}
	if _, err := dec.ReadToken(); err != nil {
		return t, err
	}
	start := int(dec.InputOffset()) - 1
	var annotationsTitle string
	for dec.PeekKind() != '}' {
		name, err := dec.ReadToken()
		if err != nil {
			return t, err
		}
		switch name.String() {
		case "name":
			t.Name, err = str()
		case "title":
			t.Title, err = str()
		case "description":
			t.Description, err = str()
		case "inputSchema":
			t.InputSchema, err = rawValue(dec, in)
		case "outputSchema":
			t.OutputSchema, err = rawValue(dec, in)
		case "annotations":
			annotationsTitle, err = readAnnotationsTitle(dec)
		case "icons", "_meta":
			err = readToolMeta(dec, name.String(), &t)
		default:
			err = dec.SkipValue()
		}
		if err != nil {
			return t, err
		}
	}
	if _, err := dec.ReadToken(); err != nil {
		return t, err
	}
	end := int(dec.InputOffset())
	t.Raw = in[start:end:end]
	t.Title = cmp.Or(t.Title, annotationsTitle)
	t.HeaderFault = CheckHeaders(t.InputSchema)
	return t.ReadOnce(), nil
}

// lenientString reads a string, or skips any other value as "". With
// share, a string written without escapes, in valid UTF-8, is a view of
// in (which dec reads in place).
func lenientString(dec *jsontext.Decoder, in []byte, share bool) (string, error) {
	if dec.PeekKind() != '"' {
		return "", dec.SkipValue()
	}
	if !share {
		tok, err := dec.ReadToken()
		return tok.String(), err
	}
	v, err := dec.ReadValue()
	if err != nil {
		return "", err
	}
	end := int(dec.InputOffset())
	body := in[end-len(v)+1 : end-1]
	if bytes.IndexByte(body, '\\') < 0 && utf8.Valid(body) {
		return unsafe.String(unsafe.SliceData(body), len(body)), nil
	}
	// The decoder checked the string; the only error left is invalid
	// UTF-8, replaced by U+FFFD as ReadToken does.
	text, _ := jsontext.AppendUnquote(nil, v)
	return string(text), nil
}

// rawValue reads the next value and returns its bytes as a slice of in, or
// nil for null.
func rawValue(dec *jsontext.Decoder, in []byte) ([]byte, error) {
	v, err := dec.ReadValue()
	if err != nil || v.Kind() == 'n' {
		return nil, err
	}
	end := int(dec.InputOffset())
	return in[end-len(v) : end : end], nil
}

// readAnnotationsTitle reads the annotations member's title, "" when it has
// none or the annotations are not an object.
func readAnnotationsTitle(dec *jsontext.Decoder) (title string, err error) {
	if dec.PeekKind() != '{' {
		return "", dec.SkipValue()
	}
	if _, err := dec.ReadToken(); err != nil {
		return "", err
	}
	for dec.PeekKind() != '}' {
		name, err := dec.ReadToken()
		if err != nil {
			return "", err
		}
		if name.String() == "title" {
			title, err = lenientString(dec, nil, false)
		} else {
			err = dec.SkipValue()
		}
		if err != nil {
			return "", err
		}
	}
	_, err = dec.ReadToken()
	return title, err
}

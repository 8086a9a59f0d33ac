package mcpclient

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mcpeek/internal/jsonscan"
	"unicode/utf8"
)

// stripJSONC returns data with // and /* */ comments and trailing commas
// replaced by spaces, so that JSON-with-comments files (VS Code's mcp.json)
// decode with encoding/json while every byte keeps its offset, and with it the
// line:col of any error. Valid JSON comes back unchanged.
func stripJSONC(data []byte) []byte {
	if bytes.IndexByte(data, '/') < 0 && bytes.IndexByte(data, ',') < 0 {
		return data
	}
	out := bytes.Clone(data)
	blank := func(from, to int) int {
		for i := from; i < to; i++ {
			if out[i] != '\n' && out[i] != '\r' {
				out[i] = ' '
			}
		}
		return to - from
	}
	// Pass 1: comments.
	eachOutsideStrings(out, func(i int) int {
		switch {
		case bytes.HasPrefix(out[i:], []byte("//")):
			end := bytes.IndexByte(out[i:], '\n')
			if end < 0 {
				end = len(out) - i
			}
			return blank(i, i+end) + 1
		case bytes.HasPrefix(out[i:], []byte("/*")):
			end := bytes.Index(out[i+2:], []byte("*/"))
			stop := len(out)
			if end >= 0 {
				stop = i + 2 + end + 2
			}
			return blank(i, stop)
		}
		return 1
	})
	// Pass 2: a comma followed (after whitespace) by } or ].
	eachOutsideStrings(out, func(i int) int {
		if out[i] == ',' {
			j := i + 1
			for j < len(out) && jsonscan.IsSpace(out[j]) {
				j++
			}
			if j < len(out) && (out[j] == '}' || out[j] == ']') {
				out[i] = ' '
			}
		}
		return 1
	})
	return out
}

// eachOutsideStrings calls visit with every index of b that is not inside
// a JSON string; visit returns how many bytes it consumed (at least 1).
func eachOutsideStrings(b []byte, visit func(i int) int) {
	for i := 0; i < len(b); {
		if b[i] != '"' {
			i += max(visit(i), 1)
			continue
		}
		for i++; i < len(b) && b[i] != '"'; i++ {
			if b[i] == '\\' {
				i++
			}
		}
		i++ // the closing quote
	}
}

// member is one key of a JSON object with its raw value, in file order.
type member struct {
	Key    string
	Value  json.RawMessage
	Offset int // byte offset of the key in the whole file
	// ValueOffset is the byte offset of the value in the whole file.
	ValueOffset int
}

// objectMembers decodes the JSON object data (which starts at byte base of
// the file) into its members in declaration order. A repeated key keeps its
// first value, matching the "first definition wins" rule of merging.
func objectMembers(data []byte, base int) ([]member, error) {
	return objectMembersWhere(data, base, nil)
}

// topKeys are the top-level members of a config file that some reader
// looks at: the other members of a settings file (Claude Code's history,
// an editor's settings) are passed over without being kept.
var topKeys = map[string]bool{"mcpServers": true, "servers": true, "context_servers": true, "mcp": true, "projects": true}

// topMembers returns the members of a config file's top-level object
// that some reader looks at (topKeys), in file order.
func topMembers(data []byte) ([]member, error) {
	return objectMembersWhere(data, 0, func(key string) bool { return topKeys[key] })
}

// objectMembersWhere is objectMembers keeping only the members whose key
// keep accepts (all when keep is nil), so that an object of a million
// small members costs a scan, not a million members. Values are slices of
// data.
func objectMembersWhere(data []byte, base int, keep func(key string) bool) ([]member, error) {
	if at := skipSpace(data, 0); at < len(data) && data[at] == '{' && json.Valid(data) {
		return validObjectMembers(data, base, keep), nil
	}
	return decodeObjectMembers(data, base, keep)
}

// decodeObjectMembers is objectMembersWhere with a decoder, which locates
// what is wrong in text that is not a valid object.
func decodeObjectMembers(data []byte, base int, keep func(key string) bool) ([]member, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return nil, offsetError(err, base)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, &posError{Offset: base + skipSpace(data, 0), Msg: fmt.Sprintf("expected an object, found %s", describeToken(tok))}
	}
	var out []member
	seen := map[string]bool{}
	var scratch json.RawMessage // each value is read into it, then kept as a slice of data
	for dec.More() {
		keyAt := skipSpaceComma(data, int(dec.InputOffset()))
		tok, err := dec.Token()
		if err != nil {
			return nil, offsetError(err, base)
		}
		key, _ := tok.(string)
		valueAt := skipSpaceColon(data, int(dec.InputOffset()))
		if err := dec.Decode(&scratch); err != nil {
			return nil, offsetError(err, base)
		}
		if seen[key] || keep != nil && !keep(key) {
			continue
		}
		seen[key] = true
		raw := data[valueAt:int(dec.InputOffset())]
		out = append(out, member{Key: key, Value: raw[:len(raw):len(raw)], Offset: base + keyAt, ValueOffset: base + valueAt})
	}
	if _, err := dec.Token(); err != nil && !errors.Is(err, io.EOF) {
		return nil, offsetError(err, base)
	}
	return out, nil
}

// validObjectMembers is objectMembersWhere for an object already known to
// be valid JSON: it steps over the values it does not keep without copying
// them (Claude Code's ~/.claude.json holds hundreds of megabytes of
// history beside the few servers read from it).
func validObjectMembers(data []byte, base int, keep func(key string) bool) []member {
	var out []member
	seen := map[string]bool{}
	for i := skipSpace(data, 0) + 1; ; {
		i = skipSpaceComma(data, i)
		if i >= len(data) || data[i] != '"' {
			return out // the closing brace
		}
		keyAt := i
		keyEnd, _ := jsonscan.StringEnd(data, i)
		var key string
		_ = json.Unmarshal(data[keyAt:keyEnd], &key) // valid JSON: a string
		valueAt := skipSpaceColon(data, keyEnd)
		i = jsonscan.ValueEnd(data, valueAt)
		if seen[key] || keep != nil && !keep(key) {
			continue
		}
		seen[key] = true
		raw := data[valueAt:i]
		out = append(out, member{Key: key, Value: raw[:len(raw):len(raw)], Offset: base + keyAt, ValueOffset: base + valueAt})
	}
}

// checkJSON returns nil for valid JSON, else the decoder's error, with
// its offset. Valid text is only scanned, not copied.
func checkJSON(data []byte) error {
	if json.Valid(data) {
		return nil
	}
	var whole json.RawMessage
	return json.Unmarshal(data, &whole)
}

// posError is a problem at a byte offset of a file.
type posError struct {
	Offset int
	Msg    string
}

func (e *posError) Error() string { return e.Msg }

// offsetError turns a decoding error into a posError at its file offset.
func offsetError(err error, base int) error {
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		// Offset counts the bad byte itself.
		return &posError{Offset: base + max(int(syn.Offset)-1, 0), Msg: "malformed JSON: " + syn.Error()}
	}
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) {
		return &posError{Offset: base + int(typ.Offset), Msg: typeErrorText(typ)}
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return &posError{Offset: base, Msg: "malformed JSON: unexpected end of input"}
	}
	return &posError{Offset: base, Msg: err.Error()}
}

func typeErrorText(e *json.UnmarshalTypeError) string {
	if e.Field != "" {
		return fmt.Sprintf("%q: JSON %s cannot be used as %s", e.Field, e.Value, goTypeName(e.Type.String()))
	}
	return fmt.Sprintf("JSON %s cannot be used as %s", e.Value, goTypeName(e.Type.String()))
}

// goTypeName words a Go type of the entry struct for a config author.
func goTypeName(t string) string {
	switch t {
	case "string":
		return "a string"
	case "[]string":
		return "an array of strings"
	case "map[string]string":
		return "an object of strings"
	case "bool":
		return "true or false"
	}
	return t
}

func describeToken(tok json.Token) string {
	switch v := tok.(type) {
	case json.Delim:
		return string(v)
	case string:
		return "a string"
	case nil:
		return "null"
	case bool:
		return "a boolean"
	default:
		return "a number"
	}
}

func skipSpace(data []byte, i int) int {
	for i < len(data) && jsonscan.IsSpace(data[i]) {
		i++
	}
	return i
}

func skipSpaceColon(data []byte, i int) int {
	for i < len(data) && (jsonscan.IsSpace(data[i]) || data[i] == ':') {
		i++
	}
	return i
}

func skipSpaceComma(data []byte, i int) int {
	for i < len(data) && (jsonscan.IsSpace(data[i]) || data[i] == ',') {
		i++
	}
	return i
}

// lineCol returns the 1-based line and column (in characters) of offset.
func lineCol(data []byte, offset int) (line, col int) {
	offset = min(max(offset, 0), len(data))
	before := data[:offset]
	line = bytes.Count(before, []byte{'\n'}) + 1
	start := bytes.LastIndexByte(before, '\n') + 1
	return line, utf8.RuneCount(before[start:]) + 1
}

package mcpclient

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// ErrServerExists is why AddJSONMember did not add a server.
var ErrServerExists = errors.New("is already there")

// AddJSONMember returns data, a JSON settings file that may hold comments
// and trailing commas, with key: value added as the last member of its
// top-level object member container ("mcpServers", "servers", ...),
// which is made when it is missing. Nothing else changes: comments, order,
// indentation and the other members stay byte for byte. An empty data is
// a new file. A key already in container is an error wrapping
// ErrServerExists. With array set, container is an array and value is
// appended to it (key unused).
func AddJSONMember(data []byte, container, key string, value any, array bool) ([]byte, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		data = []byte("{}\n")
	}
	data = withoutBOM(data)
	clean := stripJSONC(data)
	if err := checkJSON(clean); err != nil {
		return nil, fmt.Errorf("not JSON: %w", err)
	}
	top, err := objectMembers(clean, 0)
	if err != nil {
		return nil, err
	}
	for _, m := range top {
		if m.Key != container {
			continue
		}
		open, close := byte('{'), byte('}')
		if array {
			open, close = '[', ']'
		}
		if t := bytes.TrimSpace(m.Value); len(t) == 0 || t[0] != open {
			return nil, fmt.Errorf("%q is not a JSON %s", container, map[bool]string{false: "object", true: "array"}[array])
		}
		if !array {
			members, err := objectMembers(m.Value, m.ValueOffset)
			if err != nil {
				return nil, err
			}
			for _, e := range members {
				if e.Key == key {
					return nil, fmt.Errorf("%q %w in %q", key, ErrServerExists, container)
				}
			}
		}
		end := m.ValueOffset + bytes.LastIndexByte(m.Value, close)
		indent := lineIndent(data, m.Offset)
		text, err := memberText(key, value, indent+"  ", array)
		if err != nil {
			return nil, err
		}
		return insertLast(data, clean, end, open, indent, text), nil
	}
	// No container: it becomes the top object's last member.
	end := bytes.LastIndexByte(clean, '}')
	inner, err := memberText(key, value, "    ", array)
	if err != nil {
		return nil, err
	}
	open, close := "{", "}"
	if array {
		open, close = "[", "]"
	}
	text := fmt.Sprintf("  %q: %s\n%s\n  %s", container, open, inner, close)
	return insertLast(data, clean, end, '{', "", text), nil
}

// memberText is "key": value (or value alone, in an array) indented.
func memberText(key string, value any, indent string, array bool) (string, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent(indent, "  ")
	if err := enc.Encode(value); err != nil {
		return "", err
	}
	v := strings.TrimRight(b.String(), "\n")
	if array {
		return indent + v, nil
	}
	k, _ := json.Marshal(key)
	return indent + string(k) + ": " + v, nil
}

// insertLast puts text as the last element of the object or array that
// closes at data[end], after a comma when it has elements already. What
// follows the last element on its line (a comment) stays with it, and
// the closing bracket keeps its own line when it had one.
func insertLast(data, clean []byte, end int, open byte, indent, text string) []byte {
	last := end - 1
	for last >= 0 && isSpace(clean[last]) {
		last--
	}
	pos := last + 1
	var b bytes.Buffer
	b.Write(data[:pos])
	// A trailing comma the file had (JSONC allows one) serves.
	if after := bytes.TrimLeft(data[pos:end], " \t"); clean[last] != open && (len(after) == 0 || after[0] != ',') {
		b.WriteByte(',')
	}
	if nl := bytes.IndexByte(data[pos:end], '\n'); nl >= 0 {
		b.Write(data[pos : pos+nl])
		pos += nl
	}
	b.WriteString("\n" + text)
	if rest := data[pos:end]; bytes.IndexByte(rest, '\n') >= 0 {
		b.Write(rest)
	} else {
		if len(bytes.TrimSpace(rest)) > 0 {
			b.WriteString(" " + string(bytes.TrimSpace(rest)))
		}
		b.WriteString("\n" + indent)
	}
	b.Write(data[end:])
	return b.Bytes()
}

// lineIndent is the white space that starts the line holding offset.
func lineIndent(data []byte, offset int) string {
	start := bytes.LastIndexByte(data[:offset], '\n') + 1
	i := start
	for i < offset && (data[i] == ' ' || data[i] == '\t') {
		i++
	}
	return string(data[start:i])
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// JSONArrayHas reports whether the top-level array member container of
// data (JSON with comments) has an object whose field is value: VS Code's
// "inputs" with an "id" already there.
func JSONArrayHas(data []byte, container, field, value string) bool {
	clean := stripJSONC(withoutBOM(data))
	top, err := objectMembers(clean, 0)
	if err != nil {
		return false
	}
	for _, m := range top {
		if m.Key != container {
			continue
		}
		var items []map[string]any
		if json.Unmarshal(m.Value, &items) != nil {
			return false
		}
		for _, it := range items {
			if it[field] == value {
				return true
			}
		}
	}
	return false
}

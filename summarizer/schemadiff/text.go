package schemadiff

import (
	"bytes"
	"encoding/binary"
	"mcpeek/internal/jsonscan"
	"mcpeek/model"

	"github.com/go-json-experiment/json/jsontext"
)

// compact returns b without white space (a copy), or b itself when it is
// not JSON.
func compact(b []byte) []byte {
	if len(b) == 0 {
		return nil
	}
	v := jsontext.Value(bytes.Clone(b))
	if v.Compact() != nil {
		return b
	}
	return v
}

// sameText reports whether two schemas are the same bytes once compacted.
// Most that differ still do with only their white space taken out, which
// is cheaper to find out than compacting them.
func sameText(a, b []byte) bool {
	if bytes.Equal(a, b) {
		return true
	}
	if !sameWithoutSpace(a, b) {
		return false
	}
	return bytes.Equal(compact(a), compact(b))
}

// sameWithoutSpace reports whether a and b are the same bytes once the
// white space between their tokens is taken out, reading both only up to
// their first difference.
func sameWithoutSpace(a, b []byte) bool {
	i, j, inString := 0, 0, false
	for {
		if !inString {
			for i < len(a) && jsonscan.IsSpace(a[i]) {
				i++
			}
			for j < len(b) && jsonscan.IsSpace(b[j]) {
				j++
			}
		}
		if i == len(a) || j == len(b) {
			return i == len(a) && j == len(b)
		}
		c := a[i]
		if c != b[j] {
			return false
		}
		i, j = i+1, j+1
		switch {
		case inString && c == '\\': // the escaped byte, whatever it is
			if i == len(a) || j == len(b) || a[i] != b[j] {
				return i == len(a) && j == len(b)
			}
			i, j = i+1, j+1
		case c == '"':
			inString = !inString
		}
	}
}

// withoutSpace appends to out the JSON text b without the white space
// between its tokens, as Compact would, but without checking it: false
// when taking some out would join two tokens into one (`1 2`), which could
// make a wrong text right. A wrong text stays wrong, to be read as written.
// out may be b[:0]: the text is then compacted where it lies (each byte is
// written at or before where it was read), and b is lost when it fails.
func withoutSpace(out, b []byte) ([]byte, bool) {
	start := 0 // the first byte not copied yet
	for i := 0; i < len(b); {
		switch c := b[i]; {
		case c == '"':
			i, _ = jsonscan.StringEnd(b, i)
		case jsonscan.IsSpace(c):
			out = append(out, b[start:i]...)
			i++
			for i+8 <= len(b) && binary.LittleEndian.Uint64(b[i:]) == eightSpaces {
				i += 8 // indentation
			}
			for i < len(b) && jsonscan.IsSpace(b[i]) {
				i++
			}
			if len(out) > 0 && i < len(b) && inWord[out[len(out)-1]] && inWord[b[i]] {
				return nil, false
			}
			start = i
		default:
			i++
		}
	}
	return append(out, b[start:]...), true
}

const eightSpaces = 0x2020202020202020

// inWord are the bytes of numbers and of true, false and null, which white
// space must keep apart.
var inWord = func() (t [256]bool) {
	for _, c := range []byte("0123456789+-.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") {
		t[c] = true
	}
	return t
}()

// topMember returns the member called want of a tool definition
// (annotations, _meta), compacted, or nil when it has none (or null); of a
// name written twice, the last.
func topMember(raw []byte, want string) []byte { return memberOf(topMembers(raw), want) }

// memberOf returns the value of the last member called want, compacted, or
// nil when there is none (or null).
func memberOf(members []rawMember, want string) []byte {
	if v := lastRaw(members, want); len(v) > 0 && string(v) != "null" {
		return compact(v)
	}
	return nil
}

// rawMember is one member of a JSON object, its value as written.
type rawMember struct {
	name  string
	value []byte
}

// lastRaw returns the value of the last member called name, or nil.
func lastRaw(members []rawMember, name string) []byte {
	for i := len(members) - 1; i >= 0; i-- {
		if members[i].name == name {
			return members[i].value
		}
	}
	return nil
}

// topMembers lists the members of a tool definition, each value a slice of
// raw, nil when raw is no object. It finds them by bracket counting, far
// faster than decoding the definition (its schemas may be large), which
// tells the same on any JSON the decoders accepted, and it is: every
// definition was read by one. Where the count goes wrong (or a name holds
// an escape), the definition is decoded after all.
func topMembers(raw []byte) []rawMember {
	var out []rawMember
	i := skipSpace(raw, 0)
	if i == len(raw) || raw[i] != '{' {
		return decodedMembers(raw)
	}
	i = skipSpace(raw, i+1)
	for i < len(raw) && raw[i] == '"' {
		end, _ := jsonscan.StringEnd(raw, i)
		name := raw[i+1 : max(end-1, i+1)]
		if bytes.IndexByte(name, '\\') >= 0 {
			return decodedMembers(raw) // an escaped name: let the decoder read it
		}
		i = skipSpace(raw, end)
		if i == len(raw) || raw[i] != ':' {
			return decodedMembers(raw)
		}
		start := skipSpace(raw, i+1)
		i = valueEnd(raw, start)
		if i < 0 {
			return decodedMembers(raw)
		}
		out = append(out, rawMember{name: string(name), value: raw[start:i:i]})
		i = skipSpace(raw, i)
		if i < len(raw) && raw[i] == ',' {
			i = skipSpace(raw, i+1)
		}
	}
	if i == len(raw) || raw[i] != '}' {
		return decodedMembers(raw)
	}
	return out
}

// decodedMembers is topMembers by decoding: the members read before the
// decoder stops, nil when raw is no object.
func decodedMembers(raw []byte) []rawMember {
	var out []rawMember
	dec := newDecoder(raw)
	_ = eachMember(dec, func(name string) error {
		v, err := dec.ReadValue()
		if err == nil {
			out = append(out, rawMember{name: name, value: v})
		}
		return err
	})
	return out
}

// valueEnd returns the index just after the JSON value that starts at
// b[i], by bracket counting, or -1 when it does not end.
func valueEnd(b []byte, i int) int {
	depth := 0
	for i < len(b) {
		switch b[i] {
		case '"':
			i, _ = jsonscan.StringEnd(b, i)
			if depth == 0 {
				return i
			}
			continue
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return i // the end of a number or word before the object's end
			}
			if depth--; depth == 0 {
				return i + 1
			}
		case ',', ' ', '\t', '\n', '\r':
			if depth == 0 {
				return i
			}
		}
		i++
	}
	if depth == 0 {
		return i
	}
	return -1
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && jsonscan.IsSpace(b[i]) {
		i++
	}
	return i
}

// canonical returns a JSON text in one spelling per meaning (see
// model.Value.AppendCanonical), or its compacted bytes when it is not JSON.
func canonical(b []byte) []byte {
	if len(b) == 0 {
		return nil
	}
	v, err := model.DecodeJSON(b)
	if err != nil {
		return compact(b)
	}
	return v.AppendCanonical(nil)
}

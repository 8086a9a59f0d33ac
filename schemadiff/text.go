package schemadiff

import (
	"bytes"

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
			for i < len(a) && isSpace(a[i]) {
				i++
			}
			for j < len(b) && isSpace(b[j]) {
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

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

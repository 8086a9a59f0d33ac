// Package jsonscan holds the byte-level steps that the hand-written JSON
// scanners of mcpeek share (the schema decoder's value count, the lock
// file's white-space stripping, the stdio transport's id lookup): each
// walks JSON text that a real decoder reads or has read, and only needs
// to step over strings and white space.
//
// It is a leaf below model: it imports the standard library only, so that
// model, which imports nothing else of ours, may use it.
package jsonscan

import "bytes"

// StringEnd returns the index just after the string whose opening quote is
// b[i], and whether the string is closed; an unclosed string ends at
// len(b).
func StringEnd(b []byte, i int) (end int, closed bool) {
	for j := i + 1; j < len(b); {
		k := bytes.IndexByte(b[j:], '"')
		if k < 0 {
			break
		}
		q := j + k
		backslashes := 0
		for p := q - 1; p > i && b[p] == '\\'; p-- {
			backslashes++
		}
		if backslashes%2 == 0 {
			return q + 1, true
		}
		j = q + 1
	}
	return len(b), false
}

// IsSpace reports whether c is JSON white space.
func IsSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// ValueEnd returns the index just after the JSON value that starts at
// b[i] (after any white space), for text already known to be valid JSON:
// it steps over strings and counts brackets, and checks nothing else. An
// unclosed value ends at len(b).
func ValueEnd(b []byte, i int) int {
	for i < len(b) && IsSpace(b[i]) {
		i++
	}
	depth := 0
	for i < len(b) {
		switch c := b[i]; {
		case c == '"':
			i, _ = StringEnd(b, i)
			if depth == 0 {
				return i
			}
			continue
		case depth == 0 && (c == ',' || c == '}' || c == ']' || IsSpace(c)):
			return i // the end of a number or literal
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
		i++
	}
	return len(b)
}

package model

import (
	"io"
	"unicode/utf8"
)

// JSONWriter passes JSON text written in pieces to W through EscapeJSON,
// holding back the start of a character that a piece cuts; Flush writes
// what is held (only text that is not UTF-8 leaves any).
type JSONWriter struct {
	W    io.Writer
	tail []byte
}

// Write escapes p, but for the start of a character it cuts.
func (j *JSONWriter) Write(p []byte) (int, error) {
	b := append(j.tail, p...)
	cut := len(b)
	for back := 1; back <= min(utf8.UTFMax-1, len(b)); back++ {
		if c := b[len(b)-back]; utf8.RuneStart(c) {
			if !utf8.FullRune(b[len(b)-back:]) {
				cut = len(b) - back
			}
			break
		}
	}
	j.tail = append([]byte(nil), b[cut:]...)
	if _, err := j.W.Write(EscapeJSON(b[:cut])); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes the bytes held back.
func (j *JSONWriter) Flush() error {
	if len(j.tail) == 0 {
		return nil
	}
	_, err := j.W.Write(j.tail)
	j.tail = nil
	return err
}

// Package textpos turns byte offsets in a text into lines and columns, for
// reports that point into a file (SARIF locations, errors naming a line).
package textpos

import "bytes"

// Counter turns increasing byte offsets of one text into 1-based lines and
// columns, counting each newline once however many offsets are asked.
// Offsets must not decrease.
type Counter struct {
	text             []byte
	off, line, line0 int
}

// NewCounter counts in text.
func NewCounter(text []byte) *Counter { return &Counter{text: text, line: 1} }

// At is the line and column (in bytes, 1-based) of off.
func (c *Counter) At(off int) (line, col int) {
	for c.off < off {
		i := bytes.IndexByte(c.text[c.off:off], '\n')
		if i < 0 {
			break
		}
		c.off += i + 1
		c.line++
		c.line0 = c.off
	}
	c.off = max(c.off, off)
	return c.line, off - c.line0 + 1
}

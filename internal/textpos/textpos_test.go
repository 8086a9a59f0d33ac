package textpos

import "testing"

func TestCounter(t *testing.T) {
	text := []byte("ab\ncd\n\nefg")
	c := NewCounter(text)
	for _, tc := range []struct{ off, line, col int }{{0, 1, 1}, {1, 1, 2}, {3, 2, 1}, {4, 2, 2}, {7, 4, 1}, {9, 4, 3}} {
		if l, col := c.At(tc.off); l != tc.line || col != tc.col {
			t.Errorf("At(%d) = %d:%d, want %d:%d", tc.off, l, col, tc.line, tc.col)
		}
	}
}

package model

import "strings"

// errorWords are what makes a line of a server's stderr look like an
// error, lower-cased.
var errorWords = []string{"error", "exception", "fatal", "panic", "traceback", "cannot ", "can't ", "failed", "not found", "enoent", "eacces", "denied", "refused", "invalid"}

// LooksLikeError reports whether a line of a server's stderr reads like
// the error that stopped it ("Error: Cannot find module 'x'").
func LooksLikeError(line string) bool {
	l := strings.ToLower(line)
	for _, w := range errorWords {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// StderrTail is at most n lines of a server's stderr for a person to
// read: the last ones, and, when the first error-looking line would be
// cut off, that line first and "…" after it. A crash's first line (the
// error) is kept over its last (a stack, "Node.js v20.11.0").
func StderrTail(lines []string, n int) []string {
	if n <= 0 {
		return nil
	}
	if len(lines) <= n {
		return lines
	}
	first := -1
	for i, l := range lines {
		if LooksLikeError(l) {
			first = i
			break
		}
	}
	if first < 0 || first >= len(lines)-n || n < 3 {
		return lines[len(lines)-n:]
	}
	out := make([]string, 0, n)
	out = append(out, lines[first], "…")
	return append(out, lines[len(lines)-(n-2):]...)
}

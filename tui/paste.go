package tui

import (
	"strings"

	"mcpeek/model"
)

// pasteText makes a bracketed paste safe for an input: line ends of every
// kind become newlines, escape sequences and other control characters go,
// and in a one-line input (oneLine) the newlines and tabs become spaces
// (a trailing line end, which most copies carry, goes).
func pasteText(s string, oneLine bool) string {
	s = strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(s)
	s = model.Sanitize(s)
	if oneLine {
		s = strings.TrimRight(s, "\n")
		s = strings.NewReplacer("\n", " ", "\t", " ").Replace(s)
	}
	return s
}

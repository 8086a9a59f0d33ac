package resultview

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// plural is n and word, made plural unless n is 1 ("3 items", "1 match",
// "2 matches"), as the explorer writes counts.
func plural(n int, word string) string {
	switch {
	case n == 1:
		return "1 " + word
	case strings.HasSuffix(word, "ch"), strings.HasSuffix(word, "s"):
		return strconv.Itoa(n) + " " + word + "es"
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// wrapText wraps plain text to width cells, at spaces where it can.
func wrapText(text string, width int) []string {
	return strings.Split(ansi.Wrap(text, max(width, 1), " "), "\n")
}

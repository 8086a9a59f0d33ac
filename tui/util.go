package tui

import (
	"strconv"

	"mcpeek/tui/uitext"
)

func itoa(n int) string { return strconv.Itoa(n) }

// The explorer's files call uitext's helpers by these short names.

func fit(s string, width int) string           { return uitext.Fit(s, width) }
func cells(s string) int                       { return uitext.Width(s) }
func wrapText(text string, width int) []string { return uitext.Wrap(text, width) }
func plural(n int, word string) string         { return uitext.Plural(n, word) }

// padLines makes s exactly height lines, each fit to width.
func padLines(s string, width, height int) string { return uitext.PadLines(s, width, height) }

package tui

import (
	"strconv"

	"mcpeek/tui/uitext"
)

func itoa(n int) string { return strconv.Itoa(n) }

// seg is a run of text in one style; a line is a few of them.
type seg = uitext.Seg

// The explorer's files call uitext's helpers by these short names.

func fit(s string, width int) string           { return uitext.Fit(s, width) }
func cells(s string) int                       { return uitext.Width(s) }
func wrapText(text string, width int) []string { return uitext.Wrap(text, width) }
func plural(n int, word string) string         { return uitext.Plural(n, word) }
func thousands(n int) string                   { return uitext.Thousands(n) }
func padLeft(s string, w int) string           { return uitext.PadLeft(s, w) }
func padRight(s string, w int) string          { return uitext.PadRight(s, w) }

// padLines makes s exactly height lines, each fit to width.
func padLines(s string, width, height int) string { return uitext.PadLines(s, width, height) }

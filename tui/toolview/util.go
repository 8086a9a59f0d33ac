package toolview

import (
	"strconv"

	"mcpeek/tui/kit"
	"mcpeek/tui/uitext"
)

// The views' files call these short names.

type ticket = kit.Ticket

func stale(got, want ticket) bool { return kit.Stale(got, want) }

func itoa(n int) string                        { return strconv.Itoa(n) }
func fit(s string, width int) string           { return uitext.Fit(s, width) }
func cells(s string) int                       { return uitext.Width(s) }
func wrapText(text string, width int) []string { return uitext.Wrap(text, width) }
func plural(n int, word string) string         { return uitext.Plural(n, word) }

func padLines(s string, width, height int) string { return uitext.PadLines(s, width, height) }

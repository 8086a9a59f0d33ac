package dialog

import (
	"strings"

	"mcpeek/tui/kit"
	"mcpeek/tui/uitext"
)

// listLine draws a line of a dialog's list cut to width cells, the
// cursor's line as one run in the cursor style.
func listLine(s *kit.Styles, segs []uitext.Seg, width int, cursor bool) string {
	var b strings.Builder
	switch {
	case width <= 0:
	case cursor:
		uitext.DrawCursorLine(&b, segs, width, s.Cursor)
	default:
		uitext.DrawLine(&b, segs, width)
	}
	return b.String()
}

package main

import (
	"fmt"
	"strings"

	"mcpeek/summarizer"
	"mcpeek/summarizer/reach"
)

// stepColumn is the width of the column of steps before the lines of
// `summary --explain`: the longest step name and a space.
const stepColumn = 31 // used with padTo, which adds nothing past it

// needs prints how a planner reaches each needed path.
func (p printer) needs(needs []reach.Need) {
	if len(needs) == 0 {
		return
	}
	p.println("")
	p.println(p.head.Render("needed paths") + p.faint.Render(fmt.Sprintf(" (inspect_tool_output at max_fields %d, max_depth %d)",
		summarizer.DefaultInspectMaxField, summarizer.DefaultInspectMaxDepth)))
	width := 0
	for _, n := range needs {
		width = max(width, len([]rune(clean(n.Path))))
	}
	for _, n := range needs {
		p.println("  " + p.path.Render(padTo(clean(n.Path), min(width, 48))) + "  " + n.Words())
	}
}

// padTo pads s with spaces to w cells (s is plain text).
func padTo(s string, w int) string {
	if n := w - len([]rune(s)); n > 0 {
		return s + strings.Repeat(" ", n)
	}
	return s
}

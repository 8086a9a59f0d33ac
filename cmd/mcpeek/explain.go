package main

import (
	"fmt"
	"strconv"
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
		p.println("  " + p.path.Render(padTo(clean(n.Path), min(width, 48))) + "  " + neededText(n))
	}
}

// neededText says in words how a needed path is reached.
func neededText(n reach.Need) string {
	calls := func() string {
		quoted := make([]string, len(n.Via))
		for i, v := range n.Via {
			quoted[i] = strconv.Quote(clean(v))
		}
		return "field_path " + strings.Join(quoted, " then ")
	}
	fold := ""
	if n.Fold != "" {
		fold = " (fold " + clean(n.Fold) + ")"
	}
	switch n.Reach {
	case reach.Listed:
		return "listed, by " + n.Step
	case reach.OneCall:
		return "one inspect call: " + calls() + " lists it" + fold
	case reach.TwoCalls:
		return "two inspect calls: " + calls() + fold
	case reach.Hidden:
		if n.Fold == "" {
			return "hidden: no fold marker holds it"
		}
		return "hidden: in fold " + clean(n.Fold) + ", but no two inspect calls list it"
	}
	return "not in the schema: " + clean(n.Error)
}

// padTo pads s with spaces to w cells (s is plain text).
func padTo(s string, w int) string {
	if n := w - len([]rune(s)); n > 0 {
		return s + strings.Repeat(" ", n)
	}
	return s
}

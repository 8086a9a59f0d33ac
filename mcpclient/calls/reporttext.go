package calls

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"mcpeek/internal/styled"
	"mcpeek/model"
)

// Text prints a run for reading: a line per call, then each failed
// assertion under its call with the path, what was expected and what came.
func (r Report) Text(p styled.Printer) {
	nameWidth, toolWidth := 0, 0
	for _, run := range r.Calls {
		nameWidth = max(nameWidth, ansi.StringWidth(model.SanitizeLine(run.Name)))
		toolWidth = max(toolWidth, ansi.StringWidth(model.SanitizeLine(run.Tool)))
	}
	nameWidth, toolWidth = min(nameWidth, 40), min(toolWidth, 48)
	for _, run := range r.Calls {
		word := "PASS"
		switch run.Status {
		case StatusFailed:
			word = p.Fold.Render("FAIL")
		case StatusNotRun:
			word = p.Fold.Render("DOWN")
		}
		p.Println(fmt.Sprintf("%s  %s  %s%s", word, p.Path.Render(padCells(model.SanitizeLine(run.Name), nameWidth)), padCells(model.SanitizeLine(run.Tool), toolWidth),
			p.Faint.Render(fmt.Sprintf("  %d ms", run.ElapsedMS))))
		if run.Error != "" {
			p.Println("      " + model.SanitizeLine(run.Error))
		}
		for _, f := range run.Failures() {
			p.Println("      " + model.SanitizeLine(f.Line()))
		}
	}
	p.Println(r.Totals())
}

// padCells fills s with spaces to width cells, leaving a longer s whole.
func padCells(s string, width int) string {
	return s + strings.Repeat(" ", max(0, width-ansi.StringWidth(s)))
}

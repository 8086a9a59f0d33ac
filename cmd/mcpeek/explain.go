package main

import (
	"fmt"
	"strconv"
	"strings"

	"mcpeek/model"
	"mcpeek/summarizer"
)

// summaryExplain is what `summary --explain` adds: the step that chose
// each line, and for each --need path how a planner reaches it.
type summaryExplain struct {
	Lines []explainedLine `json:"lines"`
	Needs []neededPath    `json:"needs,omitempty"`
}

type explainedLine struct {
	Line string `json:"line"`
	Step string `json:"step"`
}

// neededPath says how the summary lets a planner reach one path.
type neededPath struct {
	Path      string `json:"path"`                 // as given
	FieldPath string `json:"field_path,omitempty"` // normalised
	// Reach is listed, one_call, two_calls, hidden, or not_found.
	Reach string `json:"reach"`
	// Step chose the line that lists the path (listed).
	Step string `json:"step,omitempty"`
	// Fold is the path of the summary line whose marker holds the path
	// ("*" for the top-level overflow line).
	Fold string `json:"fold,omitempty"`
	// Via are the field_paths of the inspect calls that list the path.
	Via   []string `json:"via,omitempty"`
	Error string   `json:"error,omitempty"`
}

// The ways a needed path is reached, as --explain and reach write them.
const (
	reachListed   = "listed"
	reachOneCall  = "one_call"
	reachTwoCalls = "two_calls"
	reachHidden   = "hidden"
	reachNotFound = "not_found"
)

func reachName(calls int) string {
	switch calls {
	case 0:
		return reachListed
	case 1:
		return reachOneCall
	case 2:
		return reachTwoCalls
	}
	return reachHidden
}

// explainSummary names each line's step and finds each needed path, the
// inspector at its defaults.
func explainSummary(s *model.Schema, sum summarizer.Summary, needs []string) *summaryExplain {
	e := &summaryExplain{Lines: make([]explainedLine, len(sum.Lines))}
	for i, l := range sum.Lines {
		e.Lines[i] = explainedLine{Line: l.String(), Step: l.Step.String()}
	}
	for _, p := range needs {
		e.Needs = append(e.Needs, findNeeded(s, sum.Lines, p))
	}
	return e
}

func findNeeded(s *model.Schema, lines []summarizer.Line, path string) neededPath {
	n := neededPath{Path: path}
	w, err := summarizer.Where(s, lines, path, summarizer.Options{})
	if err != nil {
		n.Reach, n.Error = reachNotFound, err.Error()
		return n
	}
	n.FieldPath, n.Reach, n.Via = w.Path.String(), reachName(w.Calls), w.Via
	if w.Line != nil {
		n.Step = w.Line.Step.String()
	}
	if w.Fold != nil {
		n.Fold = w.Fold.Written()
	}
	return n
}

// stepColumn is the width of the column of steps before the lines of
// `summary --explain`: the longest step name and a space.
const stepColumn = 31 // used with padTo, which adds nothing past it

// needs prints how a planner reaches each needed path.
func (p printer) needs(needs []neededPath) {
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
func neededText(n neededPath) string {
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
	case reachListed:
		return "listed, by " + n.Step
	case reachOneCall:
		return "one inspect call: " + calls() + " lists it" + fold
	case reachTwoCalls:
		return "two inspect calls: " + calls() + fold
	case reachHidden:
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

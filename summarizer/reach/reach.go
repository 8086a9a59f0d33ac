// Package reach measures how folded summaries let a planner reach the
// output fields it needs: listed in the summary, one or two
// inspect_tool_output calls away, or hidden (`mcpeek reach`, and
// `mcpeek summary --explain --need`).
package reach

import (
	"fmt"
	"strconv"
	"strings"

	"mcpeek/model"
	"mcpeek/summarizer"
)

// Explanation is what `summary --explain` adds: the step that chose
// each line, and for each --need path how a planner reaches it.
type Explanation struct {
	Lines []ExplainedLine `json:"lines"`
	Needs []Need          `json:"needs,omitempty"`
}

// ExplainedLine is a summary line and the step that chose it.
type ExplainedLine struct {
	Line string `json:"line"`
	Step string `json:"step"`
}

// Need says how the summary lets a planner reach one path.
type Need struct {
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
	Listed   = "listed"
	OneCall  = "one_call"
	TwoCalls = "two_calls"
	Hidden   = "hidden"
	NotFound = "not_found"
)

// name is how a path calls inspect calls away is reached.
func name(calls int) string {
	switch calls {
	case 0:
		return Listed
	case 1:
		return OneCall
	case 2:
		return TwoCalls
	}
	return Hidden
}

// Explain names each line's step and finds each needed path, the
// inspector at its defaults.
func Explain(s *model.Schema, sum summarizer.Summary, needs []string) *Explanation {
	e := &Explanation{Lines: make([]ExplainedLine, len(sum.Lines))}
	for i, l := range sum.Lines {
		e.Lines[i] = ExplainedLine{Line: l.String(), Step: l.Step.String()}
	}
	for _, p := range needs {
		e.Needs = append(e.Needs, Find(s, sum.Lines, p))
	}
	return e
}

// Find says how the summary lines of s let a planner reach path.
func Find(s *model.Schema, lines []summarizer.Line, path string) Need {
	n := Need{Path: path}
	w, err := summarizer.Where(s, lines, path, summarizer.Options{})
	if err != nil {
		n.Reach, n.Error = NotFound, err.Error()
		return n
	}
	n.FieldPath, n.Reach, n.Via = w.Path.String(), name(w.Calls), w.Via
	if w.Line != nil {
		n.Step = w.Line.Step.String()
	}
	if w.Fold != nil {
		n.Fold = w.Fold.Written()
	}
	return n
}

// Task is one planner task of a task file: the tool it calls and the
// output fields it needs.
type Task struct {
	Tool  string   `json:"tool"`
	Task  string   `json:"task"`
	Paths []string `json:"paths"`
}

// Total counts, at one budget, how the summaries let a planner reach
// the needed paths of every task.
type Total struct {
	MaxFields int `json:"max_fields"`
	MaxDepth  int `json:"max_depth"`
	Paths     int `json:"paths"`
	Listed    int `json:"listed"`
	OneCall   int `json:"one_call"`
	TwoCalls  int `json:"two_calls"`
	Hidden    int `json:"hidden"`
	NotFound  int `json:"not_found"`
}

// add counts one path reached as reach.
func (t *Total) add(reach string) {
	t.Paths++
	switch reach {
	case Listed:
		t.Listed++
	case OneCall:
		t.OneCall++
	case TwoCalls:
		t.TwoCalls++
	case Hidden:
		t.Hidden++
	default:
		t.NotFound++
	}
}

// Result is one task's detail: per budget, each needed path.
type Result struct {
	Task
	Error   string   `json:"error,omitempty"` // the tool is missing or has no output schema
	Budgets []Budget `json:"budgets"`
}

// Budget is one task's paths at one budget.
type Budget struct {
	MaxFields int    `json:"max_fields"`
	Needs     []Need `json:"needs"`
}

// Report is what `mcpeek reach --json` prints: the counts per budget and
// each task's detail.
type Report struct {
	Tasks   int            `json:"tasks"`
	Inspect map[string]int `json:"inspect"`
	Totals  []Total        `json:"totals"`
	Detail  []Result       `json:"detail"`
}

// Measure folds each task's tool (from tools, by SERVER.TOOL) at each
// budget and finds its paths. A tool is parsed once, by schema, which
// reads its output schema or says why there is none; its summary at a
// budget is made once.
func Measure(tasks []Task, tools map[string]model.Tool, budgets []int, maxDepth int, schema func(model.Tool) (*model.Schema, error)) Report {
	rep := Report{Tasks: len(tasks), Inspect: map[string]int{
		"max_fields": summarizer.DefaultInspectMaxField, "max_depth": summarizer.DefaultInspectMaxDepth}}
	for _, b := range budgets {
		rep.Totals = append(rep.Totals, Total{MaxFields: b, MaxDepth: maxDepth})
	}
	type folded struct {
		schema    *model.Schema
		err       error
		summaries map[int]summarizer.Summary
	}
	parsed := map[string]*folded{}
	for _, task := range tasks {
		res := Result{Task: task}
		f := parsed[task.Tool]
		if f == nil {
			f = &folded{summaries: map[int]summarizer.Summary{}}
			if t, ok := tools[task.Tool]; !ok {
				f.err = fmt.Errorf("no tool %s", task.Tool)
			} else {
				f.schema, f.err = schema(t)
			}
			parsed[task.Tool] = f
		}
		if f.err != nil {
			res.Error = f.err.Error()
		}
		for i, b := range budgets {
			rb := Budget{MaxFields: b}
			for _, p := range task.Paths {
				n := Need{Path: p, Reach: NotFound, Error: res.Error}
				if f.err == nil {
					sum, ok := f.summaries[b]
					if !ok {
						sum = summarizer.Summarize(f.schema, summarizer.Options{MaxFields: b, MaxDepth: maxDepth})
						f.summaries[b] = sum
					}
					n = Find(f.schema, sum.Lines, p)
				}
				rep.Totals[i].add(n.Reach)
				rb.Needs = append(rb.Needs, n)
			}
			res.Budgets = append(res.Budgets, rb)
		}
		rep.Detail = append(rep.Detail, res)
	}
	return rep
}

// Words says how the path is reached: "listed, by 3.5 wrapped entity,
// leaf", `one inspect call: field_path "order" lists it (fold order)`,
// its text sanitised.
func (n Need) Words() string {
	calls := func() string {
		quoted := make([]string, len(n.Via))
		for i, v := range n.Via {
			quoted[i] = strconv.Quote(model.SanitizeLine(v))
		}
		return "field_path " + strings.Join(quoted, " then ")
	}
	fold := ""
	if n.Fold != "" {
		fold = " (fold " + model.SanitizeLine(n.Fold) + ")"
	}
	switch n.Reach {
	case Listed:
		return "listed, by " + n.Step
	case OneCall:
		return "one inspect call: " + calls() + " lists it" + fold
	case TwoCalls:
		return "two inspect calls: " + calls() + fold
	case Hidden:
		if n.Fold == "" {
			return "hidden: no fold marker holds it"
		}
		return "hidden: in fold " + model.SanitizeLine(n.Fold) + ", but no two inspect calls list it"
	}
	return "not in the schema: " + model.SanitizeLine(n.Error)
}

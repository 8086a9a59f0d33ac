package toolview

import (
	"bytes"
	"strings"

	"mcpeek/internal/jsonfmt"
	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/tui/docview"
	"mcpeek/tui/kit"
)

// plannerDoc is the planner view of a tool at one budget: the descriptor
// exactly as `mcpeek summary --json` prints it, under a table of what it
// costs in a prompt beside the tool's full raw definition.
type plannerDoc struct {
	budget  summarizer.Options
	lines   int    // output_fields lines
	hidden  bool   // has_hidden_fields
	compact string // the descriptor as sent to a planner: what is measured
	json    *docview.JSON
	err     string // a schema problem Describe reported
	// why is the step that chose each output_fields line, by the line's
	// index in json.
	why map[int]summarizer.Step
}

// The column on the right that says why each output_fields line is listed:
// the step's name ("← 3.1 Tier 1 top level") from plannerWhyWide cells
// on, its number ("← 3.1") from plannerWhyNarrow; narrower, none.
const (
	plannerWhyWide   = 96
	plannerWhyNarrow = 56
)

// plannerHeadRows are the rows of the size table above the JSON.
const plannerHeadRows = 5

func newPlannerDoc(t model.ParsedTool, budget summarizer.Options) *plannerDoc {
	d, err := summarizer.DescribeParsed(t, budget)
	p := &plannerDoc{budget: budget, lines: len(d.OutputFields), hidden: d.HasHiddenFields}
	if err != nil {
		p.err = model.SanitizeLine(err.Error())
	}
	// Measured as `summary --stats` measures it: compact, as a planner
	// receives it.
	compact, _ := jsonfmt.MarshalCompact(d)
	p.compact = string(compact)
	indented, _ := jsonfmt.MarshalIndent(d)
	p.json = docview.NewJSON(bytes.TrimSuffix(indented, []byte("\n"))) // the last newline ends a line, it makes none
	p.why = whyLines(p.json, d.Steps)
	return p
}

// whyLines finds the output_fields lines in the descriptor's JSON (one
// array element a line, as MarshalIndent writes them) and the step that
// chose each.
func whyLines(doc *docview.JSON, steps []summarizer.Step) map[int]summarizer.Step {
	for i := range doc.Len() {
		if strings.TrimSpace(doc.LineText(i)) != `"output_fields": [` {
			continue
		}
		why := make(map[int]summarizer.Step, len(steps))
		for k, step := range steps {
			why[i+1+k] = step
		}
		return why
	}
	return nil
}

// whyText is what the column says of a step at a view's width, and the
// column's width (0: no column).
func whyText(step summarizer.Step, width int) (string, int) {
	switch {
	case width >= plannerWhyWide:
		return "  ← " + step.String(), 34
	case width >= plannerWhyNarrow:
		code, _, _ := strings.Cut(step.String(), " ")
		return "  ← " + code, 9
	}
	return "", 0
}

// renderBody draws the JSON, with the column of reasons on the right when
// the view is wide enough.
func (p *plannerDoc) renderBody(s *kit.Styles, width, height int) string {
	_, col := whyText(summarizer.StepNone, width)
	if len(p.why) == 0 || col == 0 {
		return p.json.Render(&s.JSON, width, height)
	}
	rows := strings.Split(p.json.Render(&s.JSON, width-col, height), "\n")
	top, _ := p.json.Span()
	for k, row := range rows {
		if step, ok := p.why[top+k]; ok {
			text, _ := whyText(step, width)
			rows[k] = row + s.Faint.Render(fit(text, col))
		}
	}
	return strings.Join(rows, "\n")
}

func (p *plannerDoc) Scroll(n, height int) { p.json.Scroll(n, max(height-plannerHeadRows, 1)) }
func (p *plannerDoc) Span() (int, int)     { return p.json.Span() }
func (p *plannerDoc) Rows(height int) int  { return max(height-plannerHeadRows, 1) }
func (p *plannerDoc) Pan(n, width int)     { p.json.Pan(n, width) }
func (p *plannerDoc) Left() int            { return p.json.Left() }

// tokenText writes a token count; -1 means the vocabulary did not load.
func tokenText(n int) string {
	if n < 0 {
		return "n/a"
	}
	return thousands(n)
}

// Percent writes a as a share of b: "4.8%".
func Percent(a, b int) string {
	if a < 0 || b <= 0 {
		return ""
	}
	x := float64(a) * 100 / float64(b)
	if x >= 10 {
		return itoa(int(x+0.5)) + "%"
	}
	tenths := int(x*10 + 0.5)
	return itoa(tenths/10) + "." + itoa(tenths%10) + "%"
}

// BudgetText writes the knobs as the status bar and views show them.
func BudgetText(b summarizer.Options) string {
	return "max_fields " + itoa(b.MaxFields) + " · max_depth " + itoa(b.MaxDepth)
}

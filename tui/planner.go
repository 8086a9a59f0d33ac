package tui

import (
	"bytes"

	"mcpeek/model"
	"mcpeek/summarizer"
)

// plannerDoc is the planner view of a tool at one budget: the descriptor
// exactly as `mcpeek summary --json` prints it, under a table of what it
// costs in a prompt beside the tool's full raw definition.
type plannerDoc struct {
	budget  summarizer.Options
	lines   int    // output_fields lines
	hidden  bool   // has_hidden_fields
	compact string // the descriptor as sent to a planner: what is measured
	json    *rawDoc
	err     string // a schema problem Describe reported
}

// plannerHeadRows are the rows of the size table above the JSON.
const plannerHeadRows = 5

func newPlannerDoc(t summarizer.ParsedTool, budget summarizer.Options) *plannerDoc {
	d, err := summarizer.DescribeParsed(t, budget)
	p := &plannerDoc{budget: budget, lines: len(d.OutputFields), hidden: d.HasHiddenFields}
	if err != nil {
		p.err = model.SanitizeLine(err.Error())
	}
	// Measured as `summary --stats` measures it: compact, as a planner
	// receives it.
	compact, _ := summarizer.MarshalCompact(d)
	p.compact = string(compact)
	indented, _ := summarizer.MarshalIndent(d)
	p.json = newRawDoc(bytes.TrimSuffix(indented, []byte("\n"))) // the last newline ends a line, it makes none
	return p
}

func (p *plannerDoc) scroll(n, height int) { p.json.scroll(n, max(height-plannerHeadRows, 1)) }
func (p *plannerDoc) span() (int, int)     { return p.json.span() }
func (p *plannerDoc) rows(height int) int  { return max(height-plannerHeadRows, 1) }
func (p *plannerDoc) pan(n, width int)     { p.json.pan(n, width) }
func (p *plannerDoc) left() int            { return p.json.left() }

// tokenText writes a token count; -1 means the vocabulary did not load.
func tokenText(n int) string {
	if n < 0 {
		return "n/a"
	}
	return thousands(n)
}

// percent writes a as a share of b: "4.8%".
func percent(a, b int) string {
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

// budgetText writes the knobs as the status bar and views show them.
func budgetText(b summarizer.Options) string {
	return "max_fields " + itoa(b.MaxFields) + " · max_depth " + itoa(b.MaxDepth)
}

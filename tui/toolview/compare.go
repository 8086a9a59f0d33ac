package toolview

import (
	"strings"

	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/tui/docview"
	"mcpeek/tui/kit"
)

// compareWide is the right pane's width from which the compare view puts
// its two columns side by side; narrower, it stacks them.
const compareWide = 100

// compareDoc is the side-by-side view: the legacy hard cut (the first N
// leaf paths, no markers) and the folded summary at the same budget, each
// with the counts summarizer.Reach gives (listed, one inspect call away,
// further) and the leaves it hides listed by path.
type compareDoc struct {
	budget    summarizer.Options
	legacy    []DocLine // the left column: counts, lines, hidden leaves
	folded    []DocLine // the right column
	stacked   []DocLine // narrow: both heads first, then both lists
	legacyCov summarizer.Coverage
	foldedCov summarizer.Coverage
	wide      bool // side by side; set from the layout in Update
	top       int
	x         int // the first cell shown (← →)
}

func newCompareDoc(s *model.Schema, budget summarizer.Options) *compareDoc {
	legacy := summarizer.Legacy(s, budget)
	folded := summarizer.Summarize(s, budget).Lines
	d := &compareDoc{budget: budget, legacyCov: summarizer.Reach(s, legacy), foldedCov: summarizer.Reach(s, folded)}
	legacyLeaves := summarizer.Leaves(s, legacy)
	foldedLeaves := summarizer.Leaves(s, folded)

	d.legacy = append(d.legacy,
		DocLine{{"legacy: first " + itoa(budget.MaxFields) + " leaf paths, hard cut", RoleHead}},
		reachLine(d.legacyCov),
		DocLine{{"one call away " + itoa(d.legacyCov.OneStep), RoleText}, {" · hidden, no marker " + itoa(d.legacyCov.BeyondCount), RoleErr}},
		DocLine{})
	for _, l := range legacy {
		d.legacy = append(d.legacy, lineSpans(l))
	}
	d.legacy = append(d.legacy, DocLine{})
	legacyHead := len(d.legacy)
	d.legacy = appendLeaves(d.legacy, "hidden, no marker says so", legacyLeaves, summarizer.Beyond)

	d.folded = append(d.folded,
		DocLine{{"folded: " + BudgetText(budget), RoleHead}},
		reachLine(d.foldedCov),
		DocLine{{"one call away " + itoa(d.foldedCov.OneStep), RoleText}, {" · further " + itoa(d.foldedCov.BeyondCount), RoleDim}},
		DocLine{})
	for _, l := range folded {
		d.folded = append(d.folded, lineSpans(l))
	}
	d.folded = append(d.folded, DocLine{})
	foldedHead := len(d.folded)
	d.folded = appendLeaves(d.folded, "one inspect call away", foldedLeaves, summarizer.OneStep)
	d.folded = append(d.folded, DocLine{})
	d.folded = appendLeaves(d.folded, "two or more inspect calls away", foldedLeaves, summarizer.Beyond)

	// Stacked, both views' lines come before the long lists of leaves.
	d.stacked = append(d.stacked, d.legacy[:legacyHead]...)
	d.stacked = append(d.stacked, d.folded[:foldedHead]...)
	d.stacked = append(d.stacked, d.legacy[legacyHead:]...)
	d.stacked = append(d.stacked, DocLine{})
	d.stacked = append(d.stacked, d.folded[foldedHead:]...)
	return d
}

// leaves writes "1 leaf", "12 leaves".
func leaves(n int) string {
	if n == 1 {
		return "1 leaf"
	}
	return itoa(n) + " leaves"
}

// reachLine is a view's first count: its listed leaves out of all.
func reachLine(c summarizer.Coverage) DocLine {
	if c.Leaves == 0 {
		return DocLine{{"no leaves: the data root is not an object", RoleDim}}
	}
	return DocLine{{"listed " + itoa(c.Listed), RoleCount}, {" of " + leaves(c.Leaves) + " (" + Percent(c.Listed, c.Leaves) + ")", RoleDim}}
}

// appendLeaves adds a heading and the paths of the leaves reached in r.
func appendLeaves(lines []DocLine, title string, leaves []summarizer.Leaf, r summarizer.Reachability) []DocLine {
	n := 0
	for _, l := range leaves {
		if l.Reach == r {
			n++
		}
	}
	lines = append(lines, DocLine{{title + " (" + itoa(n) + "):", RoleDim}})
	for _, l := range leaves {
		if l.Reach == r {
			lines = append(lines, DocLine{{"  " + model.SanitizeLine(l.Path), RoleFaint}})
		}
	}
	return lines
}

// lineSpans writes a summary line short: path, label, and what its fold
// marker says without the call ("▸ contains 6 sub-fields").
func lineSpans(l summarizer.Line) DocLine {
	path := model.SanitizeLine(l.Written())
	if l.Fold == summarizer.FoldOverflow {
		return DocLine{{"  " + path, RoleFold}, {" ▸ " + l.What(), RoleFold}}
	}
	line := DocLine{{"  " + path, RoleName}, {": ", RoleDim}, {l.Label, RoleType}}
	if l.Folded() {
		line = append(line, Span{"  ▸ " + l.What(), RoleFold})
	}
	return line
}

func (d *compareDoc) Rows(height int) int { return height }

// lines is how many screen lines the document takes.
func (d *compareDoc) lines() int {
	if d.wide {
		return max(len(d.legacy), len(d.folded))
	}
	return len(d.stacked)
}

func (d *compareDoc) Scroll(n, height int) {
	d.top = min(max(d.top+n, 0), max(d.lines()-height, 0))
}

func (d *compareDoc) Span() (int, int) { return d.top, d.lines() }

// pan moves the document sideways; stacked, its lines are the widest.
func (d *compareDoc) Pan(n, _ int) {
	widest := 0
	for i := range d.lines() {
		widest = max(widest, cells(d.LineText(i)))
	}
	d.x = min(max(d.x+n, 0), max(widest-docview.PanStep, 0))
}

func (d *compareDoc) Left() int { return d.x }

// render draws the rows on screen: two columns split by a rule when wide,
// stacked otherwise.
func (d *compareDoc) render(s *kit.Styles, width, height int) string {
	var b strings.Builder
	colW := (width - 3) / 2
	sep := s.Separator.Render(" │ ")
	for r := d.top; r < d.top+height && r < d.lines(); r++ {
		if r > d.top {
			b.WriteByte('\n')
		}
		if !d.wide {
			var line strings.Builder
			DrawLine(s, &line, d.stacked[r], 1<<20)
			b.WriteString(docview.Panned(line.String(), d.x, width))
			continue
		}
		var left, right strings.Builder
		if r < len(d.legacy) {
			DrawLine(s, &left, d.legacy[r], 1<<20)
		}
		b.WriteString(docview.Panned(left.String(), d.x, colW) + sep)
		if r < len(d.folded) {
			DrawLine(s, &right, d.folded[r], 1<<20)
		}
		b.WriteString(docview.Panned(right.String(), d.x, width-colW-3))
	}
	return b.String()
}

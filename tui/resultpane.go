package tui

import (
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/progress"
	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/resultcheck"
	"mcpeek/schematree"
	"mcpeek/tui/resultview"
)

// resultPane is the result view: the tool's last call (header, then its
// result as a tree: structuredContent as values, the content blocks, the
// raw result), and while a call runs, its progress. Before the first call
// it says how to make one.
type resultPane struct {
	treePane
	out    *callOutcome // nil before the first call
	call   *runningCall // the call under way, or nil
	height int
	bar    progress.Model
}

func newResultPane(v *toolView) toolPane { return resultPaneOf(v, nil) }

// resultPaneOf is the result view of v's last outcome, drawn with tree
// when it is built already (off the UI loop, with the outcome).
func resultPaneOf(v *toolView, tree *schematree.Tree) *resultPane {
	p := &resultPane{out: v.last, bar: progress.New(progress.WithoutPercentage(), progress.WithFillCharacters('█', '░'))}
	p.id = v.id
	switch {
	case tree != nil:
		p.t = tree
	case v.last != nil && v.last.result != nil:
		if v.last.structured == nil { // an outcome made without runCall
			v.last.structured = decodeStructured(v.last.result, v.last.check)
		}
		p.t = resultview.NewTree(v.last.result, v.last.structured, v.enveloped, v.last.check)
	default:
		p.t = schematree.NewTree(nil)
	}
	if v.enveloped {
		p.prefix = "data"
	}
	return p
}

// resultView is the result view's place in toolViews.
func resultView() viewKind {
	for i, v := range toolViews {
		if v.name == "result" {
			return viewKind(i)
		}
	}
	return 0
}

// showOutcome shows the tool's last outcome in its result view, with its
// tree when it was built with the outcome (nil: the view keeps the tree
// it has, or builds one).
func (v *toolView) showOutcome(tree *schematree.Tree) { v.setResultPane(nil, tree) }

// showRunning shows a call under way in the tool's result view, above
// the last outcome.
func (v *toolView) showRunning(rc *runningCall) { v.setResultPane(rc, nil) }

func (v *toolView) setResultPane(rc *runningCall, tree *schematree.Tree) {
	k := resultView()
	old, _ := v.panes[k].(*resultPane)
	if tree == nil && old != nil && old.out == v.last {
		tree = old.t // the same outcome: keep its tree and its folds
	}
	p := resultPaneOf(v, tree)
	p.call = rc
	if old != nil {
		p.resize(old.width, old.height)
	}
	v.panes[k] = p
}

func (p *resultPane) headline() string {
	switch {
	case p.call != nil:
		return "calling…"
	case p.out == nil:
		return "no call yet"
	}
	return "last call's result"
}

// header is the lines above the tree.
func (p *resultPane) header(s *Styles) []string {
	var lines []string
	if rc := p.call; rc != nil {
		elapsed := time.Since(rc.started).Truncate(time.Second)
		lines = append(lines, s.Accent.Render("calling… ")+s.Dim.Render(elapsed.String()+"  esc cancels"))
		if t := rc.task.Load(); t != nil {
			lines = append(lines, s.Dim.Render(taskLine(*t, time.Now())))
		}
		if rc.reported {
			pr := rc.progress
			line := s.Dim.Render(model.SanitizeLine(pr.String()))
			if pr.Total > 0 {
				p.bar.SetWidth(max(min(p.width-2-cells(pr.String()), 40), 10))
				line = p.bar.ViewAs(min(pr.Progress/pr.Total, 1)) + " " + line
			}
			lines = append(lines, line)
		} else {
			lines = append(lines, s.Faint.Render("no progress reported yet"))
		}
	}
	o := p.out
	if o == nil {
		if p.call == nil {
			lines = append(lines, s.Dim.Render("no call yet: press x to call this tool, X to call it with {}"))
		}
		return lines
	}
	verdict, state := "ok", s.StateConnected
	switch {
	case o.err != nil:
		verdict, state = "failed", s.StateError
	case o.result.IsError:
		verdict, state = "isError", s.StateError
	}
	if p.call != nil {
		verdict = "last call: " + verdict
	}
	lines = append(lines, state.Render(verdict)+s.Dim.Render("  "+roundLatency(o.latency)+"  at "+o.at.Format("15:04:05")+"  args ")+
		s.Faint.Render(model.SanitizeLine(string(o.args))))
	if o.err != nil {
		lines = append(lines, s.ErrText.Render(model.SanitizeLine(o.err.Error())))
	}
	if c := o.check; c != nil {
		text, breaks := checkVerdict(c)
		st := s.Dim
		if breaks {
			st = s.StatusErr
		}
		// Wrapped, as the findings below: its counts are never cut.
		for _, l := range wrapText(model.SanitizeLine(text), max(p.width, 20)) {
			lines = append(lines, st.Render(l))
		}
		if c.Report != nil {
			lines = append(lines, s.Dim.Render("declared fields: "+itoa(c.Report.Present)+" present, "+itoa(c.Report.Absent)+" absent · o: on the summary"))
		}
	}
	return lines
}

// checkVerdict is a check in one line: "matches its output schema" or
// "breaks its output schema: 2 missing required, 1 type mismatch".
func checkVerdict(c *resultcheck.Outcome) (string, bool) {
	switch {
	case !c.Checked:
		return c.Note, false
	case c.NoPayload:
		return "breaks its output schema: " + c.Note, true
	}
	r := c.Report
	if !c.Breaks() {
		return "matches its output schema", false
	}
	// Each count is of the findings the check section lists below.
	var counts []string
	for k := resultcheck.MissingRequired; k <= resultcheck.NotAllowed; k++ {
		if n := r.Marked(k); n > 0 {
			counts = append(counts, itoa(n)+" "+k.String())
		}
	}
	if n := len(c.Unexplained()) + c.Validation.Omitted; n > 0 {
		counts = append(counts, plural(n, "more schema error"))
	}
	return "breaks its output schema: " + strings.Join(counts, ", "), true
}

func (p *resultPane) render(f frame) string {
	head := p.header(f.styles)
	for i, l := range head {
		head[i] = fit(l, p.width)
	}
	p.t.SetHeight(max(p.height-len(head), 1))
	if p.out == nil || p.out.result == nil {
		return strings.Join(head, "\n")
	}
	return strings.Join(head, "\n") + "\n" + p.treePane.render(f)
}

func (p *resultPane) resize(width, height int) {
	p.width, p.height = width, height // the header wraps to the width
	p.treePane.resize(width, max(height-p.headerRows(), 1))
	// The findings are wrapped to the width: wrapped again when it moves.
	if n := p.t.First(); n != nil {
		if d, ok := n.Data().(*resultview.FindingList); ok && d.Width != width {
			d.Width = width
			p.t.Reload(n)
		}
	}
}

// headerRows is how many rows the header takes.
func (p *resultPane) headerRows() int { return len(p.header(&Styles{})) }

func (p *resultPane) click(row int) action { return p.treePane.click(row - p.headerRows()) }

func (p *resultPane) key(msg tea.KeyPressMsg, k *keyMap) action {
	switch {
	case key.Matches(msg, k.Toggle) && p.onFinding():
		d := p.t.Cursor().Data().(*resultview.FindingLine)
		return showField{path: d.F.Path, envelope: d.F.Envelope}
	case key.Matches(msg, k.CopyValue):
		d, ok := resultview.ValueOf(p.t.Cursor())
		if !ok {
			return showStatus{"no value under the cursor", true}
		}
		return copyText{text: string(d.V.AppendJSON(nil)), what: "value"}
	case key.Matches(msg, k.Assert):
		structured := false
		if o := p.out; o != nil && o.result != nil {
			_, from, ok := resultcheck.Payload(o.result.StructuredContent, o.result.Text)
			structured = ok && from == resultcheck.FromStructured
		}
		return assertOn(p.t.Cursor(), structured)
	}
	return p.treePane.key(msg, k)
}

// onFinding reports whether the cursor is on a line of a finding about a
// field.
func (p *resultPane) onFinding() bool {
	c := p.t.Cursor()
	if c == nil {
		return false
	}
	d, ok := c.Data().(*resultview.FindingLine)
	return ok && d.F.Field
}

// where is the path of the value under the cursor; on any other line (a
// section, a content block, a line of text), what it is.
func (p *resultPane) where(s *Styles) string {
	c := p.t.Cursor()
	if p.out == nil || p.out.result == nil || c == nil {
		return s.Dim.Render(p.id)
	}
	if _, ok := resultview.ValueOf(c); ok {
		return p.treePane.where(s)
	}
	for a := c; a != nil; a = a.Parent() {
		if a.Kind == schematree.KindSection {
			return s.Dim.Render(p.id+" › ") + s.PathBar.Render(a.Name)
		}
	}
	return s.Dim.Render(p.id)
}

func (p *resultPane) help(k *keyMap) []key.Binding {
	// S and A first: the footer of a narrow screen shows the first few.
	return []key.Binding{k.Down, k.Unfold, k.SaveCall, k.Assert, k.Fold, k.Filter, k.Copy, k.CopyValue, k.Save, k.CallAgain, k.View, k.Help, k.Quit}
}

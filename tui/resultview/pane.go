package resultview

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/progress"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/summarizer/resultcheck"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/uitext"
)

// Pane is the result view of a tool: its last call (a header, then the
// result's tree) and, while a call runs, that call's progress above it;
// before the first call it says how to make one. The explorer moves,
// folds, searches and draws the tree as it does every tree; Pane adds the
// header above it and the keys that act on a result's lines.
type Pane struct {
	// Tree is the result's tree (NewTree), an empty one before the first
	// call.
	Tree *schematree.Tree
	// Out is the call shown, nil before the first call.
	Out *Outcome
	// Call is the call under way, nil when none runs.
	Call Running

	width, height int
	bar           progress.Model
}

// Outcome is a call that ended, as the header shows it.
type Outcome struct {
	Args    json.RawMessage
	Result  *mcpclient.CallResult // nil when the call failed
	Err     error                 // why the call failed
	Latency time.Duration
	At      time.Time
	// Check is the result laid over the output schema; nil when the tool
	// declares none or there is no result.
	Check *resultcheck.Outcome
}

// Running is a call under way, read each time the header is drawn: its
// progress and its task change while it runs.
type Running interface {
	// Started is when the call began.
	Started() time.Time
	// Progress is the last progress report, and whether one came.
	Progress() (mcpclient.Progress, bool)
	// Task is the line of the task the call became, "" while it is none.
	Task(now time.Time) string
}

// Styles are the explorer's styles the result view is drawn with.
type Styles struct {
	// OK and Failed draw the call's verdict.
	Accent, Dim, Faint, OK, Failed, ErrText, StatusErr lipgloss.Style
}

// Keys are the bindings Pane answers itself; the explorer declares them
// with its other keys and hands them in.
type Keys struct {
	// Toggle on a finding shows its field; CopyValue copies the value
	// under the cursor; Assert asserts on it.
	Toggle, CopyValue, Assert key.Binding
}

// Action is what the result view asks of the explorer after a key: one of the types below.
type Action interface{ action() }

type (
	// ShowField asks to show a field of the tool's output schema (enter
	// on a finding); Path is the check's, inside an envelope's data
	// unless Envelope.
	ShowField struct {
		Path     string
		Envelope bool
	}
	// CopyValue asks to put the value under the cursor on the clipboard,
	// as JSON.
	CopyValue struct{ JSON string }
	// Refused says why a key did nothing.
	Refused struct{ Why string }
	// Assert asks to assert on the value of Line; Structured says the
	// result carries structuredContent (which mcpeek test reads).
	Assert struct {
		Line       *schematree.Node
		Structured bool
	}
	// Save asks to save Result to Path (SaveFiles), the dialog closed.
	Save struct {
		Path   string
		Result *mcpclient.CallResult
	}
)

func (ShowField) action() {}
func (CopyValue) action() {}
func (Refused) action()   {}
func (Assert) action()    {}
func (Save) action()      {}

// NewPane is the result view of out (nil before the first call), drawn
// with tree.
func NewPane(tree *schematree.Tree, out *Outcome) *Pane {
	return &Pane{Tree: tree, Out: out, bar: progress.New(progress.WithoutPercentage(), progress.WithFillCharacters('█', '░'))}
}

// HasResult reports whether there is a result to draw below the header.
func (p *Pane) HasResult() bool { return p.Out != nil && p.Out.Result != nil }

// Headline is what the view shows, written under the tool's name.
func (p *Pane) Headline() string {
	switch {
	case p.Call != nil:
		return "calling…"
	case p.Out == nil:
		return "no call yet"
	}
	return "last call's result"
}

// Header is the lines above the tree, each cut to the width.
func (p *Pane) Header(s Styles) []string {
	head := p.header(s)
	for i, l := range head {
		head[i] = uitext.Fit(l, p.width)
	}
	return head
}

func (p *Pane) header(s Styles) []string {
	var lines []string
	if rc := p.Call; rc != nil {
		elapsed := time.Since(rc.Started()).Truncate(time.Second)
		lines = append(lines, s.Accent.Render("calling… ")+s.Dim.Render(elapsed.String()+"  esc cancels"))
		if t := rc.Task(time.Now()); t != "" {
			lines = append(lines, s.Dim.Render(t))
		}
		if pr, reported := rc.Progress(); reported {
			line := s.Dim.Render(model.SanitizeLine(pr.String()))
			if pr.Total > 0 {
				p.bar.SetWidth(max(min(p.width-2-uitext.Width(pr.String()), 40), 10))
				line = p.bar.ViewAs(min(pr.Progress/pr.Total, 1)) + " " + line
			}
			lines = append(lines, line)
		} else {
			lines = append(lines, s.Faint.Render("no progress reported yet"))
		}
	}
	o := p.Out
	if o == nil {
		if p.Call == nil {
			lines = append(lines, s.Dim.Render("no call yet: press x to call this tool, X to call it with {}"))
		}
		return lines
	}
	verdict, state := "ok", s.OK
	switch {
	case o.Err != nil:
		verdict, state = "failed", s.Failed
	case o.Result.IsError:
		verdict, state = "isError", s.Failed
	}
	if p.Call != nil {
		verdict = "last call: " + verdict
	}
	lines = append(lines, state.Render(verdict)+s.Dim.Render("  "+RoundLatency(o.Latency)+"  at "+o.At.Format("15:04:05")+"  args ")+
		s.Faint.Render(model.SanitizeLine(string(o.Args))))
	if o.Err != nil {
		lines = append(lines, s.ErrText.Render(model.SanitizeLine(o.Err.Error())))
	}
	if c := o.Check; c != nil {
		text, breaks := CheckVerdict(c)
		st := s.Dim
		if breaks {
			st = s.StatusErr
		}
		// Wrapped, as the findings below: its counts are never cut.
		for _, l := range uitext.Wrap(model.SanitizeLine(text), max(p.width, 20)) {
			lines = append(lines, st.Render(l))
		}
		if c.Report != nil {
			lines = append(lines, s.Dim.Render("declared fields: "+strconv.Itoa(c.Report.Present)+" present, "+
				strconv.Itoa(c.Report.Absent)+" absent · o: on the summary"))
		}
	}
	return lines
}

// HeaderRows is how many rows the header takes.
func (p *Pane) HeaderRows() int { return len(p.header(Styles{})) }

// RoundLatency writes a call's latency to a useful precision: µs under a
// millisecond, ms under a second, then tenths of seconds.
func RoundLatency(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return d.Round(time.Microsecond).String()
	case d < time.Second:
		return d.Round(time.Millisecond).String()
	}
	return d.Round(100 * time.Millisecond).String()
}

// CheckVerdict is a check in one line: "matches its output schema" or
// "breaks its output schema: 2 missing required, 1 type mismatch", and
// whether it breaks.
func CheckVerdict(c *resultcheck.Outcome) (string, bool) {
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
			counts = append(counts, strconv.Itoa(n)+" "+k.String())
		}
	}
	if n := len(c.Unexplained()) + c.Validation.Omitted; n > 0 {
		counts = append(counts, uitext.Plural(n, "more schema error"))
	}
	return "breaks its output schema: " + strings.Join(counts, ", "), true
}

// Resize gives the view width x height cells: the header wraps to the
// width and the tree has the rows below it, which it returns. The
// findings are wrapped to the width, again when it moves: a finding is
// never cut.
func (p *Pane) Resize(width, height int) (treeRows int) {
	p.width, p.height = width, height
	treeRows = max(height-p.HeaderRows(), 1)
	p.Tree.SetHeight(treeRows)
	if n := p.Tree.First(); n != nil {
		if d, ok := n.Data().(*FindingList); ok && d.Width != width {
			d.Width = width
			p.Tree.Reload(n)
		}
	}
	return treeRows
}

// Render draws the header, then below it the tree as drawTree draws it
// (the explorer's tree lines) in the rows the header leaves.
func (p *Pane) Render(s Styles, drawTree func() string) string {
	head := p.Header(s)
	p.Tree.SetHeight(max(p.height-len(head), 1))
	if !p.HasResult() {
		return strings.Join(head, "\n")
	}
	return strings.Join(head, "\n") + "\n" + drawTree()
}

// Key handles the keys that act on a result's line: the toggle key on a
// finding shows its field, the copy key copies the value under the
// cursor, the assert key asserts on it. ok is false for any other key,
// which the explorer handles as on every tree.
func (p *Pane) Key(msg tea.KeyPressMsg, k Keys) (a Action, ok bool) {
	switch {
	case key.Matches(msg, k.Toggle) && p.onFinding():
		d := p.Tree.Cursor().Data().(*FindingLine)
		return ShowField{Path: d.F.Path, Envelope: d.F.Envelope}, true
	case key.Matches(msg, k.CopyValue):
		d, ok := ValueOf(p.Tree.Cursor())
		if !ok {
			return Refused{"no value under the cursor"}, true
		}
		return CopyValue{string(d.V.AppendJSON(nil))}, true
	case key.Matches(msg, k.Assert):
		structured := false
		if p.HasResult() {
			_, from, ok := resultcheck.Payload(p.Out.Result.StructuredContent, p.Out.Result.Text)
			structured = ok && from == resultcheck.FromStructured
		}
		return Assert{Line: p.Tree.Cursor(), Structured: structured}, true
	}
	return nil, false
}

// onFinding reports whether the cursor is on a line of a finding about a
// field.
func (p *Pane) onFinding() bool {
	c := p.Tree.Cursor()
	if c == nil {
		return false
	}
	d, ok := c.Data().(*FindingLine)
	return ok && d.F.Field
}

// Place says where the cursor is, for the status bar: on a value (the
// tree's path says which), else in which section; neither on no line.
func (p *Pane) Place() (section string, onValue bool) {
	c := p.Tree.Cursor()
	if !p.HasResult() || c == nil {
		return "", false
	}
	if _, ok := ValueOf(c); ok {
		return "", true
	}
	for a := c; a != nil; a = a.Parent() {
		if a.Kind == schematree.KindSection {
			return a.Name, false
		}
	}
	return "", false
}

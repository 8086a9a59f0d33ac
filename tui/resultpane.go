package tui

import (
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/kit"
	"mcpeek/tui/resultview"
)

// resultPane is a tool's result view on the screen: resultview.Pane (the
// header of the last call and of the one under way, the keys on a
// result's lines) over the tree pane every tree view has.
type resultPane struct {
	treePane
	view   *resultview.Pane
	out    *callOutcome // the outcome shown, nil before the first call
	height int          // the pane's rows, the header's included
}

func newResultPane(v *toolView) kit.ToolPane { return resultPaneOf(v, nil) }

// resultPaneOf is the result view of v's last outcome, drawn with tree
// when it is built already (off the UI loop, with the outcome).
func resultPaneOf(v *toolView, tree *schematree.Tree) *resultPane {
	p := &resultPane{out: v.last}
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
	var out *resultview.Outcome
	if o := v.last; o != nil {
		out = &resultview.Outcome{Args: o.args, Result: o.result, Err: o.err, Latency: o.latency, At: o.at, Check: o.check}
	}
	p.view = resultview.NewPane(p.t, out)
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
	if rc != nil { // a nil *runningCall would be a Running that is not nil
		p.view.Call = rc
	}
	if old != nil {
		p.Resize(old.width, old.height)
	}
	v.panes[k] = p
}

// The header reads the call under way through these.

func (rc *runningCall) Started() time.Time                   { return rc.started }
func (rc *runningCall) Progress() (mcpclient.Progress, bool) { return rc.progress, rc.reported }
func (rc *runningCall) Task(now time.Time) string {
	if t := rc.task.Load(); t != nil {
		return taskLine(*t, now)
	}
	return ""
}

func (p *resultPane) Headline() string { return p.view.Headline() }

func (p *resultPane) Render(f kit.Frame) string {
	return p.view.Render(resultViewStyles(f.Styles), func() string { return p.treePane.Render(f) })
}

func (p *resultPane) Resize(width, height int) {
	p.height = height
	p.width, p.treePane.height = width, p.view.Resize(width, height)
}

func (p *resultPane) Click(row int) kit.Action { return p.treePane.Click(row - p.view.HeaderRows()) }

func (p *resultPane) Key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
	a, ok := p.view.Key(msg, resultview.Keys{Toggle: k.Toggle, CopyValue: k.CopyValue, Assert: k.Assert})
	if !ok {
		return p.treePane.Key(msg, k)
	}
	switch a := a.(type) {
	case resultview.ShowField:
		return kit.ShowField{Path: a.Path, Envelope: a.Envelope}
	case resultview.CopyValue:
		return kit.CopyText{Text: a.JSON, What: "value"}
	case resultview.Refused:
		return kit.ShowStatus{Text: a.Why, IsErr: true}
	case resultview.Assert:
		return assertOn(a.Line, a.Structured)
	}
	return nil
}

// Where is the path of the value under the cursor; on any other line (a
// section, a content block, a line of text), what it is.
func (p *resultPane) Where(s *kit.Styles) string {
	switch section, onValue := p.view.Place(); {
	case onValue:
		return p.treePane.Where(s)
	case section != "":
		return s.Dim.Render(p.id+" › ") + s.PathBar.Render(section)
	}
	return s.Dim.Render(p.id)
}

func (p *resultPane) Help(k *kit.KeyMap) []key.Binding {
	// S and A first: the footer of a narrow screen shows the first few.
	return []key.Binding{k.Down, k.Unfold, k.SaveCall, k.Assert, k.Fold, k.Filter, k.Copy, k.CopyValue, k.Save, k.CallAgain, k.View, k.Help, k.Quit}
}

// resultView are the explorer's styles the result view and its save
// dialog are drawn with.
func resultViewStyles(s *kit.Styles) resultview.Styles {
	return resultview.Styles{Accent: s.Accent, Dim: s.Dim, Faint: s.Faint, OK: s.StateConnected, Failed: s.StateError,
		ErrText: s.ErrText, StatusErr: s.StatusErr, Title: s.Title, Frame: s.Dialog}
}

// saveDialog is the dialog that saves a result (w) on the dialog stack.
type saveDialog struct{ *resultview.SaveDialog }

// openSave opens the save dialog for the current tool's last result (w,
// from either pane).
func (m *Model) openSave() tea.Cmd {
	v := m.current
	if v == nil || v.last == nil || v.last.result == nil {
		return m.noResult("to save")
	}
	d, cmd := resultview.NewSaveDialog(v.tool.Name, v.last.at, v.last.result, m.styles.Input)
	m.dialogs.open(&saveDialog{d})
	return cmd
}

func (d saveDialog) key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
	a, cmd := d.Key(msg, resultview.SaveKeys{Accept: k.Accept, Cancel: k.Cancel, Overwrite: k.Overwrite})
	switch a := a.(type) {
	case resultview.Closed:
		return kit.CloseDialog{}
	case resultview.Save:
		return a // act closes the dialog and saves
	}
	if cmd == nil {
		return nil
	}
	return cmd
}

func (d saveDialog) paste(text string) kit.Action { return d.Paste(text) }

func (d saveDialog) render(s *kit.Styles, width, height int) string {
	return d.View(resultViewStyles(s), width)
}

func (d saveDialog) help(k *kit.KeyMap) []key.Binding { return []key.Binding{k.Accept, k.Cancel} }

package toolview

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/summarizer/schematree"
	"mcpeek/tui/kit"
	"mcpeek/tui/resultview"
)

// ResultPane is a tool's result view on the screen: resultview.Pane (the
// header of the last call and of the one under way, the keys on a
// result's lines) over the tree pane every tree view has.
type ResultPane struct {
	TreePane
	view   *resultview.Pane
	out    *Outcome // the outcome shown, nil before the first call
	height int      // the pane's rows, the header's included
}

func newResultPane(v *View) kit.ToolPane { return resultPaneOf(v, nil) }

// resultPaneOf is the result view of v's last outcome, drawn with tree
// when it is built already (off the UI loop, with the outcome).
func resultPaneOf(v *View, tree *schematree.Tree) *ResultPane {
	p := &ResultPane{out: v.Last}
	p.id = v.ID
	switch {
	case tree != nil:
		p.t = tree
	case v.Last != nil && v.Last.Result != nil:
		if v.Last.Structured == nil { // an outcome made without runCall
			v.Last.Structured = DecodeStructured(v.Last.Result.StructuredContent, v.Last.Check)
		}
		p.t = resultview.NewTree(v.Last.Result, v.Last.Structured, v.Enveloped, v.Last.Check)
	default:
		p.t = schematree.NewTree(nil)
	}
	var out *resultview.Outcome
	if o := v.Last; o != nil {
		out = &o.Outcome
	}
	p.view = resultview.NewPane(p.t, out)
	return p
}

// ResultKind is the result view's place in toolViews.
func ResultKind() Kind {
	for i, v := range Views {
		if v.Name == "result" {
			return Kind(i)
		}
	}
	return 0
}

// ShowOutcome shows the tool's last outcome in its result view, with its
// tree when it was built with the outcome (nil: the view keeps the tree
// it has, or builds one).
func (v *View) ShowOutcome(tree *schematree.Tree) { v.setResultPane(nil, tree) }

// ShowRunning shows a call under way in the tool's result view, above
// the last outcome.
func (v *View) ShowRunning(rc resultview.Running) { v.setResultPane(rc, nil) }

func (v *View) setResultPane(rc resultview.Running, tree *schematree.Tree) {
	k := ResultKind()
	old, _ := v.Panes[k].(*ResultPane)
	if tree == nil && old != nil && old.out == v.Last {
		tree = old.t // the same outcome: keep its tree and its folds
	}
	p := resultPaneOf(v, tree)
	if rc != nil {
		p.view.Call = rc
	}
	if old != nil {
		p.Resize(old.width, old.height)
	}
	v.Panes[k] = p
}

func (p *ResultPane) Headline() string { return p.view.Headline() }

func (p *ResultPane) Render(f kit.Frame) string {
	return p.view.Render(resultViewStyles(f.Styles), func() string { return p.TreePane.Render(f) })
}

func (p *ResultPane) Resize(width, height int) {
	p.height = height
	p.width, p.TreePane.height = width, p.view.Resize(width, height)
}

func (p *ResultPane) Click(row int) kit.Action { return p.TreePane.Click(row - p.view.HeaderRows()) }

func (p *ResultPane) Key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
	a, ok := p.view.Key(msg, resultview.Keys{Toggle: k.Toggle, CopyValue: k.CopyValue, Assert: k.Assert})
	if !ok {
		return p.TreePane.Key(msg, k)
	}
	switch a := a.(type) {
	case resultview.ShowField:
		return kit.ShowField{Path: a.Path, Envelope: a.Envelope}
	case resultview.CopyValue:
		return kit.CopyText{Text: a.JSON, What: "value"}
	case resultview.Refused:
		return kit.ShowStatus{Text: a.Why, IsErr: true}
	case resultview.Assert:
		return a // the root asks for the assertion
	}
	return nil
}

// Where is the path of the value under the cursor; on any other line (a
// section, a content block, a line of text), what it is.
func (p *ResultPane) Where(s *kit.Styles) string {
	switch section, onValue := p.view.Place(); {
	case onValue:
		return p.TreePane.Where(s)
	case section != "":
		return s.Dim.Render(p.id+" › ") + s.PathBar.Render(section)
	}
	return s.Dim.Render(p.id)
}

func (p *ResultPane) Help(k *kit.KeyMap) []key.Binding {
	// S and A first: the footer of a narrow screen shows the first few.
	return []key.Binding{k.Down, k.Unfold, k.SaveCall, k.Assert, k.Fold, k.Filter, k.Copy, k.CopyValue, k.Save, k.CallAgain, k.View, k.Help, k.Quit}
}

// resultViewStyles are the explorer's styles the result view is drawn
// with.
func resultViewStyles(s *kit.Styles) resultview.Styles {
	return resultview.Styles{Accent: s.Accent, Dim: s.Dim, Faint: s.Faint, OK: s.StateConnected, Failed: s.StateError,
		ErrText: s.ErrText, StatusErr: s.StatusErr}
}

package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/summarizer"
	"mcpeek/summarizer/tokens"
	"mcpeek/tui/kit"
)

// env is what a pane may use of the model when it syncs.
type env struct {
	budget  summarizer.Options
	counter *tokens.Counter
	tickets *tickets
	changes *changeState   // read only
	reader  resourceReader // nil when the backend reads no resources
}

// viewKind is a view of a tool: its place in toolViews.
type viewKind int

// toolViews are the views of a tool, in the order v cycles them and the
// tab line names them; the first is shown by default. A new view is a
// file with its pane, a line here and, to show it with a key of its own,
// that key in kit.KeyMap.
var toolViews = []struct {
	name string
	open func(v *toolView) kit.ToolPane
	key  func(k *kit.KeyMap) key.Binding // shows the view directly; nil for none
}{
	{"summary", newSummaryPane, nil},
	{"schema", newSchemaPane, nil},
	{"raw", newRawPane, nil},
	{"planner", newPlannerPane, func(k *kit.KeyMap) key.Binding { return k.Planner }},
	{"compare", newComparePane, func(k *kit.KeyMap) key.Binding { return k.Compare }},
	{"result", newResultPane, func(k *kit.KeyMap) key.Binding { return k.Result }},
	{"diff", newDiffPane, func(k *kit.KeyMap) key.Binding { return k.Diff }},
	{"findings", newLintPane, func(k *kit.KeyMap) key.Binding { return k.Findings }},
	{"about", newAboutPane, nil},
}

func (k viewKind) String() string { return toolViews[k].name }

// viewOf is the view that a key shows directly, if any.
func viewOf(msg tea.KeyPressMsg, k *kit.KeyMap) (viewKind, bool) {
	for i, v := range toolViews {
		if v.key != nil && key.Matches(msg, v.key(k)) {
			return viewKind(i), true
		}
	}
	return 0, false
}

// paneOf is the pane of type P among v's, if v has one.
func paneOf[P kit.ToolPane](v *toolView) (P, bool) {
	if v != nil {
		for _, p := range v.panes {
			if p, ok := p.(P); ok {
				return p, true
			}
		}
	}
	var none P
	return none, false
}

// countedMsg carries a background count back to the pane that asked for
// it, found by tool id among the views held: land stores it there unless
// it is stale.
type countedMsg interface {
	land(views map[string]*toolView)
}

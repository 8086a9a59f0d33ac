package toolview

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/summarizer"
	"mcpeek/summarizer/tokens"
	"mcpeek/tui/kit"
)

// Env is what a pane may use of the model when it syncs.
type Env struct {
	Budget  summarizer.Options
	Counter *tokens.Counter
	Tickets *kit.Tickets
	Changes Marks          // read only
	Reader  ResourceReader // nil when the backend reads no resources
}

// Kind is a view of a tool: its place in Views.
type Kind int

// Views are the views of a tool, in the order v cycles them and the
// tab line names them; the first is shown by default. A new view is a
// file with its pane, a line here and, to show it with a key of its own,
// that key in kit.KeyMap.
var Views = []struct {
	Name string
	Open func(v *View) kit.ToolPane
	Key  func(k *kit.KeyMap) key.Binding // shows the view directly; nil for none
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

func (k Kind) String() string { return Views[k].Name }

// KindOf is the view that a key shows directly, if any.
func KindOf(msg tea.KeyPressMsg, k *kit.KeyMap) (Kind, bool) {
	for i, v := range Views {
		if v.Key != nil && key.Matches(msg, v.Key(k)) {
			return Kind(i), true
		}
	}
	return 0, false
}

// PaneOf is the pane of type P among v's, if v has one.
func PaneOf[P kit.ToolPane](v *View) (P, bool) {
	if v != nil {
		for _, p := range v.Panes {
			if p, ok := p.(P); ok {
				return p, true
			}
		}
	}
	var none P
	return none, false
}

// Counted carries a background count back to the pane that asked for
// it, found by tool id among the views held: land stores it there unless
// it is stale.
type Counted interface {
	Land(views map[string]*View)
}

// What each view does besides being a pane, checked when it is built: a
// method misnamed would otherwise be skipped without a word.
var (
	_ kit.Refolder    = (*SummaryPane)(nil)
	_ kit.Refolder    = (*PlannerPane)(nil)
	_ kit.Refolder    = (*comparePane)(nil)
	_ kit.Syncer[Env] = (*SchemaPane)(nil)
	_ kit.Syncer[Env] = (*PlannerPane)(nil)
	_ kit.Syncer[Env] = (*comparePane)(nil)
	_ kit.Syncer[Env] = (*diffPane)(nil)
	_ kit.Syncer[Env] = (*lintPane)(nil)
	_ kit.Syncer[Env] = (*aboutPane)(nil)
	_ kit.Restyler    = (*rawPane)(nil)
	_ kit.Restyler    = (*PlannerPane)(nil)
	_ kit.TreeHolder  = (*SummaryPane)(nil)
	_ kit.TreeHolder  = (*SchemaPane)(nil)
	_ kit.TreeHolder  = (*ResultPane)(nil)
	_ kit.Searcher    = (*TreePane)(nil)
	_ kit.Searcher    = (*docPane)(nil)
	_ kit.Searcher    = (*diffPane)(nil)
)

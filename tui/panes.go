package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/summarizer"
	"mcpeek/summarizer/schematree"
	"mcpeek/summarizer/tokens"
	"mcpeek/tui/kit"
)

// pane is a view that has the keys of a part of the screen: one of a
// tool's views in the right-hand pane, or the traffic screen over the
// whole body. The root model draws it, sizes it and hands it the keys it
// does not take itself; it knows nothing else of it.
type pane interface {
	// render draws the pane in the size it was last given.
	render(f frame) string
	// resize gives the pane width x height cells.
	resize(width, height int)
	// key handles a key press the root model did not take.
	key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action
	// scroll moves the pane n rows (the mouse wheel).
	scroll(n int)
	// click handles a click on a row of the pane.
	click(row int) kit.Action
	// where says where the cursor is, for the left of the status bar.
	where(s *kit.Styles) string
	// help is the short help while the pane has the keys.
	help(k *kit.KeyMap) []key.Binding
}

// toolPane is one of a tool's views: a pane with a headline, what it
// shows, written under the tool's name.
type toolPane interface {
	pane
	headline() string
}

// frame is what a pane is drawn with besides its size.
type frame struct {
	styles   *kit.Styles
	focused  bool // the pane has the keys: its cursor is drawn bright
	showDesc bool // tree lines end with the field's description
}

// A tool's pane may do more than a pane: each of these is asked for by a
// type assertion, and a pane that has nothing to do there leaves it out.
type (
	// refolder folds again when the knobs move (every pane of the tool).
	refolder interface {
		refold(budget summarizer.Options)
	}
	// syncer builds what it lacks and starts background counts; it runs
	// after every message while the pane is shown.
	syncer interface{ sync(e env) tea.Cmd }
	// restyler forgets what it drew with the last palette.
	restyler interface{ restyle() }
	// treeHolder shows a tree: the search, n/N and copying work on it.
	treeHolder interface {
		tree() *schematree.Tree
		// dataPrefix is the segment the tree's paths sit under in a real
		// result ("data" for an enveloped summary), or "".
		dataPrefix() string
	}
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
	open func(v *toolView) toolPane
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
func paneOf[P toolPane](v *toolView) (P, bool) {
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

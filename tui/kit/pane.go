package kit

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/summarizer"
	"mcpeek/summarizer/schematree"
)

// Pane is a view that has the keys of a part of the screen: one of a
// tool's views in the right-hand pane, or the traffic screen over the
// whole body. The root model draws it, sizes it and hands it the keys it
// does not take itself; it knows nothing else of it.
type Pane interface {
	// Render draws the pane in the size it was last given.
	Render(f Frame) string
	// Resize gives the pane width x height cells.
	Resize(width, height int)
	// Key handles a key press the root model did not take.
	Key(msg tea.KeyPressMsg, k *KeyMap) Action
	// Scroll moves the pane n rows (the mouse wheel).
	Scroll(n int)
	// Click handles a click on a row of the pane.
	Click(row int) Action
	// Where says where the cursor is, for the left of the status bar.
	Where(s *Styles) string
	// Help is the short help while the pane has the keys.
	Help(k *KeyMap) []key.Binding
}

// ToolPane is one of a tool's views: a pane with a headline, what it
// shows, written under the tool's name.
type ToolPane interface {
	Pane
	Headline() string
}

// Frame is what a pane is drawn with besides its size.
type Frame struct {
	Styles   *Styles
	Focused  bool // the pane has the keys: its cursor is drawn bright
	ShowDesc bool // tree lines end with the field's description
}

// A tool's pane may do more than a pane: each of these is asked for by a
// type assertion, and a pane that has nothing to do there leaves it out.
type (
	// Refolder folds again when the knobs move (every pane of the tool).
	Refolder interface {
		Refold(budget summarizer.Options)
	}
	// Syncer builds what it lacks and starts background counts; it runs
	// after every message while the pane is shown. E is what the pane may
	// use of the model meanwhile (a tool's views take toolview.Env).
	Syncer[E any] interface{ Sync(e E) tea.Cmd }
	// Restyler forgets what it drew with the last palette.
	Restyler interface{ Restyle() }
	// TreeHolder shows a tree: the search, n/N and copying work on it.
	TreeHolder interface {
		Tree() *schematree.Tree
	}
)

// Searcher is a pane whose text the search looks through: / opens the
// search in every pane, n and N step through the matches, and the status
// bar counts them ("3/17"). Every view of a tool is one, and the traffic
// screen.
type Searcher interface {
	// MarkSearch remembers where a search begins: esc goes back there.
	MarkSearch()
	// UnmarkSearch goes back to where the search began.
	UnmarkSearch()
	// Find moves to a match of q: the first at or after where the search
	// began (dir 0), or the one after (dir 1) or before (dir -1) the
	// current match, wrapping around. It returns the match's number from
	// 1 and how many there are (0, 0 when nothing matches), and whether
	// lines are left to look through (a tree loads its folds a slice per
	// keystroke).
	Find(q string, dir int) (at, total int, more bool)
}

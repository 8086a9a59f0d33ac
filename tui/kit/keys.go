package kit

import (
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/tui/docview"
)

// KeyMap declares every key once, with its help text, grouped by the area
// it works in (as crush's keymap does). Handlers match with key.Matches;
// help is rendered only through bubbles/help, from the lists below and the
// panes' own. The groups are embedded, so a handler names a key by itself
// (k.Fold) and a key's area is where it is declared.
type KeyMap struct {
	MoveKeys
	TreeKeys
	SearchKeys
	ViewKeys
	KnobKeys
	CallKeys
	CopyKeys
	GatewayKeys
	FormKeys
	OfferKeys
	AppKeys
}

// MoveKeys move a cursor in any list: the tools, a tree, a dialog's list.
type MoveKeys struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
	Pan                                     key.Binding // a wide line sideways
}

// TreeKeys fold and unfold a schema or summary tree.
type TreeKeys struct {
	Fold, Unfold, FoldAll, UnfoldAll key.Binding
	CollapseAll, ExpandAll, Depth    key.Binding
	NextSibling, PrevSibling, Toggle key.Binding
}

// SearchKeys filter the tools and search a tree, a field or a result.
type SearchKeys struct {
	Filter, Next, Prev, Accept, Cancel key.Binding
	ResultDown, ResultUp               key.Binding // through a list of results
	FindField, Side                    key.Binding
}

// ViewKeys choose what the explorer shows of a tool and of its servers.
type ViewKeys struct {
	Pane, View, Desc, Details key.Binding
	Planner, Compare          key.Binding
	Diff, Findings            key.Binding
	Reconnect, Registry       key.Binding
	AddToClient               key.Binding // in the registry pane's list: add the server to a client
	CallOverlay               key.Binding
}

// KnobKeys change the summaries' budget (max_fields, max_depth).
type KnobKeys struct {
	FieldsUp, FieldsDown, DepthUp, DepthDown key.Binding
	ResetBudget                              key.Binding
}

// CallKeys call a tool and keep what came back.
type CallKeys struct {
	CallForm, CallAgain, Result key.Binding
	Save, SaveCall, Assert      key.Binding
	CopyValue, Overwrite        key.Binding
}

// CopyKeys copy a field's path, in each notation (after y).
type CopyKeys struct {
	Copy, CopyDot, CopyPointer, CopyJQ key.Binding
	CopyCLI, CopyCall                  key.Binding
}

// GatewayKeys run the background gateway and walk its traffic.
type GatewayKeys struct {
	Gateway, Traffic, Open, Back, Follow key.Binding
	Approve, Leave                       key.Binding
}

// FormKeys work in the call form and in the servers' prompts.
type FormKeys struct {
	FormNext, FormPrev, EditArgs key.Binding
	FormSubmit, OlderArgs        key.Binding
	Decline, EscDecline          key.Binding
	OpenURL, AsTask              key.Binding // in a url elicitation; in the form of a task tool
}

// OfferKeys work on resources, prompts and the log screen.
type OfferKeys struct {
	Complete, Subscribe, RefreshLists key.Binding
	Logs, LevelUp, LevelDown          key.Binding

	// The tasks screen.
	Tasks, CancelTask, TaskResult key.Binding
}

// AppKeys work everywhere.
type AppKeys struct {
	Help, Quit, CloseHelp key.Binding
}

// bind makes a binding matched by keys, shown in help as k: help.
func bind(keys []string, k, help string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, help))
}

func NewKeyMap() KeyMap {
	b := bind
	k := KeyMap{
		MoveKeys: MoveKeys{
			Up:       b([]string{"k", "up"}, "↑/k", "up"),
			Down:     b([]string{"j", "down"}, "↓/j", "down"),
			PageUp:   b([]string{"pgup", "ctrl+b", "ctrl+u"}, "pgup", "page up"),
			PageDown: b([]string{"pgdown", "ctrl+f", "ctrl+d"}, "pgdn", "page down"),
			Top:      b([]string{"g", "home"}, "g", "top"),
			Bottom:   b([]string{"G", "end"}, "G", "bottom"),
			Pan:      b([]string{"left", "right"}, "←/→", "sideways"),
		},
		TreeKeys: TreeKeys{
			Fold:        b([]string{"h", "left"}, "←/h", "fold"),
			Unfold:      b([]string{"l", "right"}, "→/l", "unfold"),
			FoldAll:     b([]string{"H", "shift+left"}, "H", "fold subtree"),
			UnfoldAll:   b([]string{"L", "shift+right"}, "L", "unfold subtree"),
			ExpandAll:   b([]string{"e"}, "e", "expand all"),
			CollapseAll: b([]string{"E"}, "E", "collapse all"),
			Depth:       b([]string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}, "1-9", "unfold to depth"),
			NextSibling: b([]string{"J", "shift+down"}, "J", "next sibling"),
			PrevSibling: b([]string{"K", "shift+up"}, "K", "prev sibling"),
			Toggle:      b([]string{"enter", "space"}, "enter", "toggle"),
		},
		SearchKeys: SearchKeys{
			Filter:     b([]string{"/"}, "/", "filter/search"),
			Next:       b([]string{"n"}, "n", "next match"),
			Prev:       b([]string{"N"}, "N", "prev match"),
			Accept:     b([]string{"enter"}, "enter", "accept"),
			Cancel:     b([]string{"esc"}, "esc", "cancel"),
			ResultDown: b([]string{"down", "ctrl+n"}, "↑/↓", "results"),
			ResultUp:   b([]string{"up", "ctrl+p"}, "↑", "previous result"),
			FindField:  b([]string{"f"}, "f", "find field"),
			Side:       b([]string{"tab"}, "tab", "output/input/both"),
		},
		ViewKeys: ViewKeys{
			Pane:        b([]string{"tab", "shift+tab"}, "tab", "switch pane"),
			View:        b([]string{"v"}, "v", "next view"),
			Desc:        b([]string{"d"}, "d", "descriptions"),
			Details:     b([]string{"i"}, "i", "details"),
			Planner:     b([]string{"p"}, "p", "planner"),
			Compare:     b([]string{"c"}, "c", "vs legacy"),
			Diff:        b([]string{"D"}, "D", "changes"),
			Findings:    b([]string{"!"}, "!", "lint findings"),
			Reconnect:   b([]string{"r"}, "r", "reconnect"),
			Registry:    b([]string{"R"}, "R", "MCP Registry"),
			AddToClient: b([]string{"a"}, "a", "add to a client"),
			CallOverlay: b([]string{"O"}, "O", "call marks"),
		},
		KnobKeys: KnobKeys{
			FieldsUp:    b([]string{"+", "="}, "+/-", "max_fields"),
			FieldsDown:  b([]string{"-", "_"}, "-", "fewer fields"),
			DepthUp:     b([]string{"]"}, "]/[", "max_depth"),
			DepthDown:   b([]string{"["}, "[", "shallower"),
			ResetBudget: b([]string{"0"}, "0", "default knobs"),
		},
		CallKeys: CallKeys{
			CallForm:  b([]string{"x"}, "x", "call tool"),
			CallAgain: b([]string{"X"}, "X", "call again"),
			Result:    b([]string{"o"}, "o", "last result"),
			Save:      b([]string{"w"}, "w", "save result"),
			SaveCall:  b([]string{"S"}, "S", "save call"),
			Assert:    b([]string{"A"}, "A", "assert value"),
			CopyValue: b([]string{"Y"}, "Y", "copy value"),
			Overwrite: b([]string{"y", "Y"}, "y", "overwrite"),
		},
		CopyKeys: CopyKeys{
			Copy:        b([]string{"y"}, "y", "copy path"),
			CopyDot:     b([]string{"p"}, "p", "dot"),
			CopyPointer: b([]string{"j"}, "j", "pointer"),
			CopyJQ:      b([]string{"q"}, "q", "jq"),
			CopyCLI:     b([]string{"c"}, "c", "mcpeek inspect"),
			CopyCall:    b([]string{"i"}, "i", "inspect_tool_output"),
		},
		GatewayKeys: GatewayKeys{
			Gateway: b([]string{"s"}, "s", "gateway on/off"),
			Traffic: b([]string{"t"}, "t", "gateway traffic"),
			Open:    b([]string{"enter", "l", "right"}, "enter", "open call"),
			Back:    b([]string{"esc", "h", "left"}, "esc", "back"),
			Follow:  b([]string{"G", "end"}, "G", "follow newest"),
			Approve: b([]string{"a"}, "a", "approve held tool"),
			Leave:   b([]string{"esc"}, "esc", "back"),
		},
		FormKeys: FormKeys{
			FormNext:   b([]string{"tab", "enter"}, "tab/enter", "next field"),
			FormPrev:   b([]string{"shift+tab"}, "shift+tab", "previous"),
			FormSubmit: b([]string{"ctrl+s"}, "ctrl+s", "call"),
			EditArgs:   b([]string{"ctrl+e"}, "ctrl+e", "edit as JSON"),
			OlderArgs:  b([]string{"ctrl+r"}, "ctrl+r", "older args"),
			Decline:    b([]string{"ctrl+d"}, "ctrl+d", "decline"),
			EscDecline: b([]string{"esc"}, "esc", "decline"),
			OpenURL:    b([]string{"ctrl+o"}, "ctrl+o", "open in the browser"),
			AsTask:     b([]string{"ctrl+t"}, "ctrl+t", "run as a task"),
		},
		AppKeys: AppKeys{
			Help:      b([]string{"?"}, "?", "help"),
			Quit:      b([]string{"q", "ctrl+c"}, "q", "quit"),
			CloseHelp: b([]string{"esc", "q", "?"}, "esc/q", "close"),
		},
	}
	k.Complete = b([]string{"tab"}, "tab", "complete")
	k.Subscribe = b([]string{"u"}, "u", "subscribe")
	k.RefreshLists = b([]string{"U"}, "U", "list again")
	k.Logs = b([]string{"M"}, "M", "server log")
	k.LevelUp = b([]string{"+", "="}, "+/-", "log level")
	k.LevelDown = b([]string{"-", "_"}, "-", "lower log level")
	k.Tasks = b([]string{"T"}, "T", "tasks")
	k.CancelTask = b([]string{"c"}, "c", "cancel task")
	k.TaskResult = b([]string{"enter"}, "enter", "open result")
	return k
}

// TreeHelp is the short help while a tree (summary, schema) has the keys.
func (k *KeyMap) TreeHelp() []key.Binding {
	return []key.Binding{k.Down, k.Unfold, k.Fold, k.Filter, k.Details, k.Copy, k.CallForm, k.Planner, k.View, k.Pane, k.Help, k.Quit}
}

// ToolsHelp is the short help while the servers-and-tools pane has the keys.
func (k *KeyMap) ToolsHelp() []key.Binding {
	return []key.Binding{k.Down, k.Filter, k.FindField, k.CallForm, k.Planner, k.FieldsUp, k.Pane, k.View, k.Gateway, k.Traffic, k.Reconnect, k.Help, k.Quit}
}

// ExplorerHelp is the help shown by "?" in the explorer, in columns: six
// on a wide screen, four (taller) on a narrow one.
func (k *KeyMap) ExplorerHelp(narrow bool) [][]key.Binding {
	views := []key.Binding{k.Planner, k.Compare, k.Result, k.Diff, k.Findings, k.FieldsUp, k.DepthUp, k.ResetBudget}
	submit := k.FormSubmit
	submit.SetHelp("ctrl+s", "call (in the form)")
	calls := []key.Binding{k.CallForm, submit, k.CallAgain, k.Save, k.SaveCall, k.Assert, k.CallOverlay}
	offers := []key.Binding{k.Subscribe, k.RefreshLists, k.Logs, k.Tasks}
	if narrow {
		return [][]key.Binding{
			{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.NextSibling, k.PrevSibling},
			{k.Unfold, k.Fold, k.UnfoldAll, k.FoldAll, k.Toggle, k.Depth, k.ExpandAll, k.CollapseAll},
			slices.Concat([]key.Binding{k.Filter, k.Next, k.Prev, k.FindField, k.Details, k.Copy, k.CopyValue, k.Desc, k.Reconnect, k.Pane, k.View}, offers),
			slices.Concat(views, calls, []key.Binding{k.Gateway, k.Traffic, k.Registry, k.Help, k.Quit}),
		}
	}
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
		{k.Unfold, k.Fold, k.UnfoldAll, k.FoldAll, k.Toggle, k.Depth},
		slices.Concat([]key.Binding{k.ExpandAll, k.CollapseAll, k.NextSibling, k.PrevSibling, k.Desc, k.Details}, offers),
		{k.Filter, k.Next, k.Prev, k.FindField, k.Copy, k.CopyValue, k.Reconnect, k.Registry},
		views,
		slices.Concat(calls, []key.Binding{k.Gateway, k.Traffic, k.Pane, k.View, k.Help, k.Quit}),
	}
}

// ListStep is how far a key moves the cursor of a dialog's list showing
// rows lines: one for the result keys (↑/↓), a page for page up and down;
// 0 for any other key.
func (k *KeyMap) ListStep(msg tea.KeyPressMsg, rows int) int {
	switch {
	case key.Matches(msg, k.ResultDown):
		return 1
	case key.Matches(msg, k.ResultUp):
		return -1
	case key.Matches(msg, k.PageDown):
		return max(rows, 1)
	case key.Matches(msg, k.PageUp):
		return -max(rows, 1)
	}
	return 0
}

// DocKeys are the keys that move a document: ← and → pan it.
func (k *KeyMap) DocKeys() docview.Keys {
	return docview.Keys{Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown, Top: k.Top, Bottom: k.Bottom,
		Left: k.Fold, Right: k.Unfold}
}

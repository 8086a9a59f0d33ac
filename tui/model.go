package tui

import (
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/spinner"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/schematree"
	"mcpeek/summarizer"
	"mcpeek/tokens"
)

// pane is which half of the screen has the keys.
type pane int

const (
	paneTools pane = iota
	paneView
)

// inputMode says what the text input at the bottom is for.
type inputMode int

const (
	inputNone   inputMode = iota
	inputFilter           // the tools pane's filter
	inputSearch           // search in the current tree
)

// Options configure the explorer.
type Options struct {
	// Backend is the Manager (or a stand-in in tests).
	Backend Backend
	// NoColor drops every colour (NO_COLOR); attributes stay.
	NoColor bool
	// Notes are shown in the status line at start (config warnings).
	Notes []string
	// Started says the Backend is already started: skip Start.
	Started bool
	// Version is mcpeek's version, which the background gateway sends to
	// its clients.
	Version string
}

// Model is the explorer's one root model. Its parts are plain structs
// with methods; only Model talks to Bubble Tea.
type Model struct {
	backend Backend
	keys    keyMap
	styles  Styles
	isDark  bool
	noColor bool

	width, height int
	layout        layout
	focus         pane
	view          viewKind
	help          help.Model
	showHelp      bool
	spinner       spinner.Model
	starting      bool
	fatal         error

	// The servers as last loaded, and requests for fresh snapshots.
	servers               []model.Server
	info                  map[string]toolInfo
	gen, appliedGen       int
	loadingServers, dirty bool

	tools  toolList
	landed bool // the cursor has been put on a first tool

	// The tool shown on the right and the views built so far.
	views   map[string]*toolView
	current *toolView
	toolReq int
	loading string // id of the tool being loaded

	input        textinput.Model
	mode         inputMode
	search       string
	searchOrigin *schematree.Node
	yank         bool
	showDesc     bool
	descChosen   bool   // d was pressed: no longer follow the width
	copied       string // the last text put on the clipboard

	// budget is the live knobs (max_fields, max_depth) every summary,
	// planner descriptor and comparison is folded with.
	budget summarizer.Options
	// counter counts tokens in commands; its vocabularies load on first use.
	counter *tokens.Counter
	// totals are the servers' token totals, by server name.
	totals map[string]*serverTotals
	// gwList is what the gateway's progressive tools/list costs, counted
	// once (gwListAsked) with the first server's totals.
	gwList      *tokens.Size
	gwListAsked bool

	// after schedules a message after a delay (tea.Tick; tests stub it).
	after func(d time.Duration, msg tea.Msg) tea.Cmd

	status    string
	statusErr bool
	statusID  int
	notes     []string

	// bridge forwards background events (ForwardEvents); host runs the
	// background gateway for the commands. Both are set in New.
	bridge *bridge
	host   *gatewayHost
	// The background gateway: its state, the run serving (nil unless on),
	// the id of the newest run asked for, and its calls as last counted.
	gwState  gatewayState
	gw       *gatewayRun
	gwRun    int
	gwCalls  uint64
	gwMissed uint64 // calls the bridge could not pass on in time
	// The gateway's calls, and the traffic screen over them.
	traffic trafficLog
	tview   trafficView
}

// New makes the explorer over a Backend.
func New(o Options) *Model {
	in := textinput.New()
	in.Prompt = "/"
	m := &Model{
		backend:  o.Backend,
		keys:     newKeyMap(),
		isDark:   true,
		noColor:  o.NoColor,
		help:     help.New(),
		spinner:  spinner.New(spinner.WithSpinner(spinner.MiniDot)),
		starting: !o.Started,
		info:     map[string]toolInfo{},
		views:    map[string]*toolView{},
		input:    in,
		notes:    o.Notes,
		tools:    toolList{folded: map[string]bool{}, height: 1},
		budget:   defaultBudget,
		counter:  tokens.NewCounter(),
		totals:   map[string]*serverTotals{},
		after: func(d time.Duration, msg tea.Msg) tea.Cmd {
			return tea.Tick(d, func(time.Time) tea.Msg { return msg })
		},
		width:  80,
		height: 24,
		bridge: newBridge(),
		tview:  trafficView{following: true},
	}
	m.host = newGatewayHost(o.Backend, m.bridge, o.Version)
	m.restyle()
	m.resize(m.width, m.height)
	return m
}

// Init starts the servers, asks the terminal for its background colour and
// starts the spinner.
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestBackgroundColor, m.requestServers()}
	if m.starting {
		cmds = append(cmds, startServers(m.backend), m.spinner.Tick)
	}
	if len(m.notes) > 0 {
		cmds = append(cmds, m.setStatus(m.notes[0], false))
	}
	return tea.Batch(cmds...)
}

// restyle rebuilds every style for the current background.
func (m *Model) restyle() {
	m.styles = NewStyles(m.isDark, m.noColor)
	m.help.Styles = m.styles.Help
	m.input.SetStyles(m.styles.Input)
	m.spinner.Style = m.styles.StateStarting
	for _, v := range m.views {
		v.raw.restyle()
	}
}

// requestServers asks for a fresh snapshot; while one is being taken,
// further requests are folded into one more after it.
func (m *Model) requestServers() tea.Cmd {
	if m.backend == nil {
		return nil
	}
	if m.loadingServers {
		m.dirty = true
		return nil
	}
	m.loadingServers = true
	m.gen++
	return loadServers(m.backend, m.gen, m.info, m.budget)
}

// setStatus shows a message for a while.
func (m *Model) setStatus(text string, isErr bool) tea.Cmd {
	m.statusID++
	m.status, m.statusErr = text, isErr
	return m.after(statusTTL, statusExpiredMsg{id: m.statusID})
}

// selectedTool is the tool under the tools pane's cursor, if any.
func (m *Model) selectedTool() (model.Tool, bool) {
	r, ok := m.tools.selected()
	if !ok || r.tool < 0 || r.server >= len(m.servers) || r.tool >= len(m.servers[r.server].Tools) {
		return model.Tool{}, false
	}
	return m.servers[r.server].Tools[r.tool], true
}

// selectedServer is the server of the row under the cursor.
func (m *Model) selectedServer() (model.Server, bool) {
	r, ok := m.tools.selected()
	if !ok || r.server >= len(m.servers) {
		return model.Server{}, false
	}
	return m.servers[r.server], true
}

// showSelected makes the right pane show the selected tool, building its
// views off the UI loop the first time.
func (m *Model) showSelected() tea.Cmd {
	t, ok := m.selectedTool()
	if !ok {
		m.current, m.loading = nil, ""
		return nil
	}
	id := t.ID()
	if v, ok := m.views[id]; ok && sameTool(v.tool, t) {
		m.current, m.loading = v, ""
		m.sizeTrees()
		return nil
	}
	if m.loading == id {
		return nil
	}
	m.current = nil
	m.loading = id
	m.toolReq++
	return loadTool(t, m.toolReq, m.budget)
}

func sameTool(a, b model.Tool) bool {
	return string(a.Raw) == string(b.Raw) && string(a.OutputSchema) == string(b.OutputSchema)
}

// currentTree is the tree the right pane shows, or nil.
func (m *Model) currentTree() *schematree.Tree {
	if m.current == nil {
		return nil
	}
	return m.current.treeOf(m.view)
}

// currentDoc is the document the right pane shows (raw, planner or
// compare), or nil for a tree or a document not built yet.
func (m *Model) currentDoc() scroller {
	v := m.current
	if v == nil {
		return nil
	}
	switch m.view {
	case viewRaw:
		return v.raw
	case viewPlanner:
		if v.planner != nil {
			return v.planner
		}
	case viewCompare:
		if v.compare != nil {
			return v.compare
		}
	}
	return nil
}

// Copied is the text last put on the clipboard (for tests and scripts).
func (m *Model) Copied() string { return m.copied }

package tui

import (
	"cmp"
	"context"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/spinner"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"mcpeek/gateway"
	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/summarizer/schematree"
	"mcpeek/summarizer/search"
	"mcpeek/summarizer/tokens"
	"mcpeek/tui/kit"
	"mcpeek/tui/toolview"
	"mcpeek/tui/traffic"
)

// focus is which half of the screen has the keys.
type focus int

const (
	focusTools focus = iota
	focusView
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
	// NoColor says NO_COLOR is set. The program's colour profile drops
	// the colours (run it with tea.WithColorProfile(colorprofile.ASCII));
	// the cursor, which would lose its background, is drawn in reverse.
	NoColor bool
	// Notes are shown in the status line at start (the first of them); a
	// warning of the Manager's (mcpclient.EventWarning) replaces them.
	Notes []string
	// StateDir is where the explorer keeps what it remembers between
	// runs (the call form's argument sets, call-args.json); empty:
	// $XDG_STATE_HOME/mcpeek, or ~/.local/state/mcpeek when that is unset
	// or relative.
	StateDir string
	// Started says the Backend is already started: skip Start.
	Started bool
	// Version is mcpeek's version, which the background gateway sends to
	// its clients.
	Version string
	// GatewayAddr is where the background gateway listens (host:port,
	// loopback); a fixed port keeps its URL, and so the configs of the
	// clients pointed at it, the same from one run to the next. Empty is
	// 127.0.0.1 on a port the system picks.
	GatewayAddr string
	// GatewayLock, when set, pins the background gateway to this lock
	// file (mcpeek snapshot): changed and new tools are held back until
	// approved (a on a held row of the traffic screen).
	GatewayLock string
	// Demo says no config was found and the embedded demo server is
	// shown: the title bar says so for as long as it runs.
	Demo bool
	// Baseline is a lock file (mcpeek snapshot) to mark changes since;
	// "" for none. A file that cannot be read is a note, not an error.
	Baseline string
	// BaselineLimit bounds the lock file's size in bytes; 0 means
	// schemadiff.DefaultMaxFileBytes.
	BaselineLimit int64
	// Calls is the calls file S and A write to (mcpeek test); "" is
	// calls.DefaultFile in the working directory.
	Calls string
	// Registry is the MCP Registry R browses and tries servers of; nil
	// for none.
	Registry *Registry
}

// Model is the explorer's one root model. Its parts are plain structs
// with methods; only Model talks to Bubble Tea.
type Model struct {
	backend Backend
	// registry is what R browses; landOn is a tried server to select
	// once a snapshot lists it.
	registry *Registry
	landOn   string
	// ctx ends with Close: the work that outlives a message (a registry
	// search or try) stops with it.
	ctx  context.Context
	stop context.CancelFunc
	// gatewayLock is the lock file of the background gateway, "" for none.
	gatewayLock string
	// loginURLs are the OAuth login pages servers asked the user to open,
	// by server, until the login ends.
	loginURLs map[string]string
	keys      kit.KeyMap
	styles    kit.Styles
	isDark    bool
	noColor   bool
	demo      bool // the embedded demo server is shown

	width, height int
	layout        layout
	focus         focus
	view          toolview.Kind // the view of the tool shown on the right
	trail         viewTrail
	help          help.Model
	showHelp      bool
	spinner       spinner.Model
	starting      bool
	dialogs       dialogs // the dialog stack, drawn over the screen
	forms         forms   // the call form's and the prompts' state

	// tickets tag every request whose answer can go stale.
	tickets tickets

	// The servers as last loaded, and the loads of fresh snapshots.
	servers   []model.Server
	info      map[string]toolInfo
	snapshots snapshotLoads

	tools  toolList
	landed bool // the cursor has been put on a first tool
	// landedOn is the tool the cursor was put on for the user; until the
	// user presses a key or clicks ("" from then on), and while servers
	// still connect, it follows the first tool of the list as servers
	// above it list theirs.
	landedOn string
	// reconnecting are the servers whose reconnect (r) has not answered
	// yet: the status line says so until it does.
	reconnecting []string

	// The tool shown on the right and the views built so far.
	views   map[string]*toolview.View
	current *toolview.View
	loading toolLoad

	input  prompt
	unfold unfoldJob // a recursive unfold under way

	// fields indexes every tool's fields for the field search; jump is a
	// field it chose, shown once its tool's views are built.
	fields fieldIndex
	jump   *search.Hit
	yank   bool // y was pressed: the next key picks the notation
	desc   descToggle
	copied string // the last text put on the clipboard

	// budget is the live knobs (max_fields, max_depth) every summary,
	// planner descriptor and comparison is folded with.
	budget summarizer.Options
	// counter counts tokens in commands; its vocabularies load on first use.
	counter *tokens.Counter
	totals  tokenTotals
	// retryTicket is the countdown tick on its way (see retryTick).
	retryTicket ticket

	// after schedules a message after a delay (tea.Tick; tests stub it).
	after func(d time.Duration, msg tea.Msg) tea.Cmd
	// now is the clock that slices long work (time.Now; tests stub it).
	now func() time.Time

	status statusLine
	notes  []string
	args   argStore // the call form's remembered argument sets
	warned bool     // a warning of the Manager's is said (only the first is)

	// runner runs the background gateway for the commands (nil without a
	// Backend), on gatewayAddr; gw is where it is in its life.
	runner      *gateway.Runner
	gatewayAddr string
	gw          backgroundGateway
	// traffic is the gateway's calls, and the screen that lists them.
	traffic trafficPane
	// tasks are the tasks of the session, and the screen that lists them.
	tasks taskScreen

	// changes are the marks of changed tools and lint findings.
	changes changeState
	// calls are the tool calls under way (call.go).
	calls callRuns
	// saved is the calls file and the calls S saved to it (callsave.go).
	saved savedCalls
	// offers are the servers' resources, templates and prompts, and the
	// log screen (offers.go).
	offers offerState
}

// snapshotLoads are the requests for the servers' snapshot: one at a time,
// and asks made meanwhile fold into one more after it.
type snapshotLoads struct {
	inFlight ticket // the load under way, 0 for none
	again    bool   // asked for while one was under way
	applied  ticket // the load whose snapshot is shown
}

// toolLoad is the tool whose views are being built, if any.
type toolLoad struct {
	id     string
	ticket ticket
}

// prompt is the text input at the bottom and what it is for.
type prompt struct {
	field  textinput.Model
	mode   inputMode
	search string       // the last search
	owner  kit.Searcher // the pane it looked through
	at     int          // the number of the match shown, from 1
	total  int          // how many matches
	more   bool         // lines are left to look through
}

// descToggle says whether tree lines show descriptions.
type descToggle struct {
	shown  bool
	chosen bool // d was pressed: no longer follow the width
}

// statusLine is a message in the status bar, until its timer (tagged
// with ticket) expires.
type statusLine struct {
	text   string
	isErr  bool
	ticket ticket
}

// New makes the explorer over a Backend.
func New(o Options) *Model {
	in := textinput.New()
	in.Prompt = "/"
	in.CharLimit = maxQuery
	m := &Model{
		backend:  o.Backend,
		keys:     kit.NewKeyMap(),
		isDark:   true,
		noColor:  o.NoColor,
		demo:     o.Demo,
		help:     help.New(),
		spinner:  spinner.New(spinner.WithSpinner(spinner.MiniDot)),
		starting: !o.Started,
		info:     map[string]toolInfo{},
		views:    map[string]*toolview.View{},
		input:    prompt{field: in},
		notes:    o.Notes,
		args:     argStore{dir: o.StateDir},
		tools:    toolList{folded: map[string]bool{}, height: 1},
		budget:   defaultBudget,
		counter:  tokens.NewCounter(),
		totals:   tokenTotals{servers: map[string]*serverTotals{}},
		after: func(d time.Duration, msg tea.Msg) tea.Cmd {
			return tea.Tick(d, func(time.Time) tea.Msg { return msg })
		},
		now:         time.Now,
		width:       80,
		height:      24,
		runner:      newRunner(o.Backend, o.Version, o.GatewayLock),
		gatewayLock: o.GatewayLock,
		saved:       newSavedCalls(o.Calls),
		gatewayAddr: cmp.Or(o.GatewayAddr, defaultGatewayAddr),
		changes:     changeState{path: o.Baseline, limit: o.BaselineLimit},
		registry:    o.Registry,
	}
	m.ctx, m.stop = context.WithCancel(context.Background())
	m.tools.offers = &m.offers
	m.traffic = trafficPane{Screen: traffic.New(), gw: &m.gw}
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
	if m.changes.path != "" {
		cmds = append(cmds, readBaseline(m.changes.path, m.changes.limit))
	}
	return tea.Batch(cmds...)
}

// warnedOf says the first of the Manager's warnings (the config's) in
// the status line, as the first thing the user reads; the others are
// not said.
func (m *Model) warnedOf(text string) tea.Cmd {
	if m.warned {
		return nil
	}
	m.warned = true
	return m.setStatus("warning: "+text, false)
}

// restyle rebuilds every style for the current background.
func (m *Model) restyle() {
	m.styles = kit.NewStyles(m.isDark, m.noColor)
	m.help.Styles = m.styles.Help
	m.input.field.SetStyles(m.styles.Input)
	m.spinner.Style = m.styles.StateStarting
	for _, v := range m.views {
		v.Restyle()
	}
}

// requestServers asks for a fresh snapshot; while one is being taken,
// further requests are folded into one more after it.
func (m *Model) requestServers() tea.Cmd {
	if m.backend == nil {
		return nil
	}
	if m.snapshots.inFlight != 0 {
		m.snapshots.again = true
		return nil
	}
	m.snapshots.inFlight = m.tickets.next()
	return loadServers(m.backend, m.snapshots.inFlight, m.info, m.budget)
}

// setStatus shows a message for a while.
func (m *Model) setStatus(text string, isErr bool) tea.Cmd {
	m.status = statusLine{text: text, isErr: isErr, ticket: m.tickets.next()}
	return m.after(statusTTL, statusExpiredMsg{ticket: m.status.ticket})
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
// views off the UI loop the first time. A load under way for another
// tool is given up.
func (m *Model) showSelected() tea.Cmd {
	t, ok := m.selectedTool()
	if !ok {
		m.current, m.loading = nil, toolLoad{}
		return m.showOffer()
	}
	m.offers.shown = nil
	id := t.ID()
	if v, ok := m.views[id]; ok && sameTool(v.Tool, t) {
		m.current, m.loading = v, toolLoad{}
		m.sizePanes()
		return nil
	}
	if m.loading.id == id {
		return nil
	}
	m.current = nil
	m.loading = toolLoad{id: id, ticket: m.tickets.next()}
	return loadTool(t, m.loading.ticket, m.budget)
}

func sameTool(a, b model.Tool) bool {
	return string(a.Raw) == string(b.Raw) && string(a.OutputSchema) == string(b.OutputSchema)
}

// currentPane is the pane of the view shown of the current tool, or nil.
func (m *Model) currentPane() kit.ToolPane {
	if m.current == nil {
		return nil
	}
	return m.current.Panes[m.view]
}

// currentTree is the tree the right pane shows, or nil.
func (m *Model) currentTree() *schematree.Tree {
	if t, ok := m.currentPane().(kit.TreeHolder); ok {
		return t.Tree()
	}
	return nil
}

// env is what the current tool's panes may use when they sync.
func (m *Model) env() toolview.Env {
	e := toolview.Env{Budget: m.budget, Counter: m.counter, Tickets: &m.tickets.Tickets, Changes: &m.changes}
	if r, ok := m.backend.(resourceReader); ok {
		e.Reader = resourceContents{r}
	}
	return e
}

// Copied is the text last put on the clipboard (for tests and scripts).
func (m *Model) Copied() string { return m.copied }

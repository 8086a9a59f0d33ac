package tui

import (
	"cmp"
	"context"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/spinner"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/summarizer/schematree"
	"mcpeek/summarizer/tokens"
	"mcpeek/tui/dialog"
	"mcpeek/tui/kit"
	"mcpeek/tui/toollist"
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
	// registry is what R browses.
	registry *Registry
	// life ends with Close: the work that outlives a message (a registry
	// search or try) stops with it.
	life   life
	clock  clock
	keys   kit.KeyMap
	styles kit.Styles
	look   look
	term   term

	dialogs dialog.Stack // the dialog stack, drawn over the screen
	forms   forms        // the call form's and the prompts' state

	// tickets tag every request whose answer can go stale.
	tickets tickets

	// fleet is the servers as last loaded, and what the explorer follows
	// of their lives.
	fleet   fleet
	tools   toollist.List[offerRef]
	landing landing

	// current is the tool shown on the right; built are the views built
	// so far, and the one being built; view is which of them is shown.
	current *toolview.View
	built   builtViews
	view    shownView

	input  prompt
	unfold unfoldJob // a recursive unfold under way
	// fields indexes every tool's fields for the field search.
	fields fieldIndex
	clip   clip

	// budget is the live knobs (max_fields, max_depth) every summary,
	// planner descriptor and comparison is folded with.
	budget summarizer.Options
	totals tokenTotals
	status statusLine

	// gw is the background gateway; traffic is its calls, and the screen
	// that lists them.
	gw      backgroundGateway
	traffic trafficPane
	// tasks are the tasks of the session, and the screen that lists them.
	tasks taskScreen
	// changes are the marks of changed tools and lint findings.
	changes changeState
	// calls are the tool calls under way and the ones saved (call.go).
	calls callRuns
	// offers are the servers' resources, templates and prompts, and the
	// log screen (offers.go).
	offers offerState
}

// life is the model's context: it ends with Close.
type life struct {
	ctx  context.Context
	stop context.CancelFunc
}

// clock is the model's time: after schedules a message after a delay
// (tea.Tick), now reads the time that slices long work. Tests stub both.
type clock struct {
	after func(d time.Duration, msg tea.Msg) tea.Cmd
	now   func() time.Time
}

// look is how the explorer is drawn, besides its styles: the terminal's
// background, NO_COLOR, whether tree lines show descriptions, and the
// help's and the spinner's models.
type look struct {
	isDark  bool
	noColor bool
	desc    descToggle
	help    help.Model
	spinner spinner.Model
}

// term is the terminal: its size, how the body is laid out in it, which
// half has the keys, and whether the full help is shown.
type term struct {
	width, height int
	layout        layout
	focus         focus
	showHelp      bool
}

// fleet is the servers as last loaded and what the explorer follows of
// them: the loads of fresh snapshots, their start, reconnects and logins,
// and the notes the start gave.
type fleet struct {
	servers   []model.Server
	info      map[string]toolInfo
	snapshots snapshotLoads
	starting  bool
	demo      bool // the embedded demo server is shown
	// reconnecting are the servers whose reconnect (r) has not answered
	// yet: the status line says so until it does.
	reconnecting []string
	// loginURLs are the OAuth login pages servers asked the user to open,
	// by server, until the login ends.
	loginURLs map[string]string
	// retryTicket is the countdown tick on its way (see retryTick).
	retryTicket ticket
	// notes are shown in the status line at start (the first of them);
	// warned says a warning of the Manager's is said (only the first is).
	notes  []string
	warned bool
}

// builtViews are the tools' views built so far, by tool id, and the one
// being built.
type builtViews struct {
	views   map[string]*toolview.View
	loading toolLoad
}

// shownView is which view of the tool is shown, and those shown before
// it, for esc to go back through.
type shownView struct {
	kind  toolview.Kind
	trail viewTrail
}

// landing is where the cursor was put for the user before they moved it.
type landing struct {
	done bool // the cursor has been put on a first tool
	// on is the tool the cursor was put on for the user; until the user
	// presses a key or clicks ("" from then on), and while servers still
	// connect, it follows the first tool of the list as servers above it
	// list theirs.
	on string
	// tried is a tried server to select once a snapshot lists it.
	tried string
}

// clip is the copying of paths and values.
type clip struct {
	yank   bool   // y was pressed: the next key picks the notation
	copied string // the last text put on the clipboard
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
		backend: o.Backend,
		keys:    kit.NewKeyMap(),
		look: look{isDark: true, noColor: o.NoColor, help: help.New(),
			spinner: spinner.New(spinner.WithSpinner(spinner.MiniDot))},
		fleet:  fleet{starting: !o.Started, demo: o.Demo, info: map[string]toolInfo{}, notes: o.Notes},
		built:  builtViews{views: map[string]*toolview.View{}},
		input:  prompt{field: in},
		budget: defaultBudget,
		totals: tokenTotals{servers: map[string]*serverTotals{}, counter: tokens.NewCounter()},
		clock: clock{
			after: func(d time.Duration, msg tea.Msg) tea.Cmd {
				return tea.Tick(d, func(time.Time) tea.Msg { return msg })
			},
			now: time.Now,
		},
		term: term{width: 80, height: 24},
		gw: backgroundGateway{runner: newRunner(o.Backend, o.Version, o.GatewayLock), lock: o.GatewayLock,
			addr: cmp.Or(o.GatewayAddr, defaultGatewayAddr)},
		calls:    callRuns{args: argStore{dir: o.StateDir}, saved: newSavedCalls(o.Calls), reports: newReports()},
		changes:  changeState{path: o.Baseline, limit: o.BaselineLimit},
		registry: o.Registry,
	}
	m.life.ctx, m.life.stop = context.WithCancel(context.Background())
	m.tools = toollist.New[offerRef](&m.offers)
	m.traffic = trafficPane{Screen: traffic.New(), gw: &m.gw}
	m.restyle()
	m.resize(m.term.width, m.term.height)
	return m
}

// Init starts the servers, asks the terminal for its background colour and
// starts the spinner.
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestBackgroundColor, m.requestServers()}
	if m.fleet.starting {
		cmds = append(cmds, startServers(m.backend), m.look.spinner.Tick)
	}
	if len(m.fleet.notes) > 0 {
		cmds = append(cmds, m.setStatus(m.fleet.notes[0], false))
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
	if m.fleet.warned {
		return nil
	}
	m.fleet.warned = true
	return m.setStatus("warning: "+text, false)
}

// restyle rebuilds every style for the current background.
func (m *Model) restyle() {
	m.styles = kit.NewStyles(m.look.isDark, m.look.noColor)
	m.look.help.Styles = m.styles.Help
	m.input.field.SetStyles(m.styles.Input)
	m.look.spinner.Style = m.styles.StateStarting
	for _, v := range m.built.views {
		v.Restyle()
	}
}

// requestServers asks for a fresh snapshot; while one is being taken,
// further requests are folded into one more after it.
func (m *Model) requestServers() tea.Cmd {
	if m.backend == nil {
		return nil
	}
	if m.fleet.snapshots.inFlight != 0 {
		m.fleet.snapshots.again = true
		return nil
	}
	m.fleet.snapshots.inFlight = m.tickets.next()
	return loadServers(m.backend, m.fleet.snapshots.inFlight, m.fleet.info, m.budget)
}

// setStatus shows a message for a while.
func (m *Model) setStatus(text string, isErr bool) tea.Cmd {
	m.status = statusLine{text: text, isErr: isErr, ticket: m.tickets.next()}
	return m.clock.after(statusTTL, statusExpiredMsg{ticket: m.status.ticket})
}

// selectedTool is the tool under the tools pane's cursor, if any.
func (m *Model) selectedTool() (model.Tool, bool) {
	r, ok := m.tools.Row()
	if !ok || r.Tool < 0 || r.Server >= len(m.fleet.servers) || r.Tool >= len(m.fleet.servers[r.Server].Tools) {
		return model.Tool{}, false
	}
	return m.fleet.servers[r.Server].Tools[r.Tool], true
}

// selectedServer is the server of the row under the cursor.
func (m *Model) selectedServer() (model.Server, bool) {
	r, ok := m.tools.Row()
	if !ok || r.Server >= len(m.fleet.servers) {
		return model.Server{}, false
	}
	return m.fleet.servers[r.Server], true
}

// showSelected makes the right pane show the selected tool, building its
// views off the UI loop the first time. A load under way for another
// tool is given up.
func (m *Model) showSelected() tea.Cmd {
	t, ok := m.selectedTool()
	if !ok {
		m.current, m.built.loading = nil, toolLoad{}
		return m.showOffer()
	}
	m.offers.shown = nil
	id := t.ID().String()
	if v, ok := m.built.views[id]; ok && sameTool(v.Tool, t) {
		m.current, m.built.loading = v, toolLoad{}
		m.sizePanes()
		return nil
	}
	if m.built.loading.id == id {
		return nil
	}
	m.current = nil
	m.built.loading = toolLoad{id: id, ticket: m.tickets.next()}
	return loadTool(t, m.built.loading.ticket, m.budget)
}

func sameTool(a, b model.Tool) bool {
	return string(a.Raw) == string(b.Raw) && string(a.OutputSchema) == string(b.OutputSchema)
}

// currentPane is the pane of the view shown of the current tool, or nil.
func (m *Model) currentPane() kit.ToolPane {
	if m.current == nil {
		return nil
	}
	return m.current.Panes[m.view.kind]
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
	e := toolview.Env{Budget: m.budget, Counter: m.totals.counter, Tickets: &m.tickets.Tickets, Changes: &m.changes}
	if r, ok := m.backend.(resourceReader); ok {
		e.Reader = resourceContents{r}
	}
	return e
}

// Copied is the text last put on the clipboard (for tests and scripts).
func (m *Model) Copied() string { return m.clip.copied }

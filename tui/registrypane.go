package tui

import (
	"context"
	"errors"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"mcpeek/mcpclient/registry"
	"mcpeek/model"
	"mcpeek/tui/uitext"
)

// The registry pane: R opens a dialog that searches the MCP Registry as
// the user types (a pause of registryDebounce after the last key, off the
// UI loop, answers through the registry's cache), lists each server's
// name, version, package kinds and whether it needs a secret, and enter
// tries one: its package installed and started in the sandbox, added
// beside the configured servers, marked as tried. Every search and try
// carries a ticket; an answer to an older one is dropped.
//
// A pane runs one search at a time: a key cancels the search under way
// (its answer would be stale), and the next search starts only once that
// one has ended, so that a slow registry with large pages never has a
// pane holding several listings at once.

// registryDebounce is the pause after the last key before a search.
const registryDebounce = 250 * time.Millisecond

// Registry is the MCP Registry the registry pane searches, and how it
// tries a server of it. A nil Registry leaves R saying it is not there.
type Registry struct {
	// URL is the registry's base URL, shown in the pane's title.
	URL string
	// Search lists the latest version of each server whose name holds
	// text ("" for all).
	Search func(ctx context.Context, text string) (registry.SearchResult, error)
	// Try installs a server's package, starts it in the sandbox and adds
	// it to the Backend, marked as tried; values are the inputs asked
	// for (nil for none); progress says each step (from any goroutine).
	// It returns the name the server is shown by.
	Try func(ctx context.Context, e registry.Entry, values map[string]string, progress func(string)) (string, error)
	// Needs lists the required inputs trying e needs that nothing gives
	// (nil: none, or not known): enter asks for them first.
	Needs func(e registry.Entry) []registry.Need
	// Clients are the clients a can add a server to; PlanAdd computes the
	// change adding e to one makes (its user config), with values for
	// the inputs AddNeeds lists, as mcpeek add does. nil: a is off.
	Clients  []string
	AddNeeds func(e registry.Entry) []registry.Need
	PlanAdd  func(ctx context.Context, e registry.Entry, client string, values map[string]string) (AddPlan, error)

	// tried are the entries tried from the pane, by the name their server
	// is shown by: a on one adds it to a client.
	tried map[string]registry.Entry
}

// registrySearchMsg: the pause after the last key ended; search if the
// query is still the one waited for.
type registrySearchMsg struct{ ticket ticket }

// registryFoundMsg: the registry answered a search.
type registryFoundMsg struct {
	ticket ticket
	result registry.SearchResult
	err    error
}

// registryTryMsg: a try went a step further (line), or ended (done).
type registryTryMsg struct {
	ticket  ticket
	line    string
	done    bool
	entry   registry.Entry // the entry tried
	server  string
	err     error
	updates <-chan registryTryMsg
}

// registryDialog is the registry pane over the screen: a query, the
// servers found, and the try under way.
type registryDialog struct {
	reg      *Registry
	input    textinput.Model
	asked    ticket // the search waited for, 0 for none
	running  ticket // the search under way, 0 for none
	cancel   context.CancelFunc
	pending  bool   // the pause for asked ended while running was ending
	query    string // the query of the last answer
	result   registry.SearchResult
	err      error
	answered bool
	cursor   int
	top      int
	rows     int
	listKeys bool   // tab moved the keys from the query to the list (a adds)
	trying   ticket // the try under way, 0 for none
	tryName  string
	line     string // the try's progress, or why it failed
	lineErr  bool
}

func newRegistryDialog(s *Styles, reg *Registry) *registryDialog {
	in := textinput.New()
	in.Prompt = "search: "
	in.SetStyles(s.Input)
	in.Focus()
	return &registryDialog{reg: reg, input: in}
}

// openRegistry opens the registry pane and lists every server.
func (m *Model) openRegistry() tea.Cmd {
	if m.registry == nil || m.registry.Search == nil {
		return m.setStatus("no registry to browse here", true)
	}
	d := newRegistryDialog(&m.styles, m.registry)
	m.dialogs.open(d)
	d.asked = m.tickets.next()
	return m.searchRegistry(d, d.asked, "")
}

// searchRegistry starts the pane's search for text, off the UI loop,
// under a context the pane cancels when the query changes or it closes.
func (m *Model) searchRegistry(d *registryDialog, t ticket, text string) tea.Cmd {
	ctx, cancel := context.WithCancel(m.ctx)
	d.running, d.cancel = t, cancel
	search := m.registry.Search
	return func() tea.Msg {
		defer cancel()
		r, err := search(ctx, strings.TrimSpace(text))
		return registryFoundMsg{ticket: t, result: r, err: err}
	}
}

// stopSearch cancels the search under way, if any; its answer, when it
// comes, only tells the pane that it ended.
func (d *registryDialog) stopSearch() {
	if d.cancel != nil {
		d.cancel()
	}
}

// registryDialogOpen is the registry pane, if open.
func (m *Model) registryDialogOpen() *registryDialog {
	for _, d := range m.dialogs.stack {
		if d, ok := d.(*registryDialog); ok {
			return d
		}
	}
	return nil
}

// registryMsg handles the registry pane's messages; ok is false for other
// ones.
func (m *Model) registryMsg(msg tea.Msg) (tea.Cmd, bool) {
	d := m.registryDialogOpen()
	switch msg := msg.(type) {
	case registrySearchMsg:
		switch {
		case d == nil || stale(msg.ticket, d.asked):
			return nil, true
		case d.running != 0: // cancelled, not ended yet: start when it ends
			d.pending = true
			return nil, true
		}
		return m.searchRegistry(d, msg.ticket, d.input.Value()), true
	case registryFoundMsg:
		if d == nil {
			return nil, true
		}
		if msg.ticket == d.running {
			d.running, d.cancel = 0, nil
		}
		if stale(msg.ticket, d.asked) {
			if d.pending && d.running == 0 {
				d.pending = false
				return m.searchRegistry(d, d.asked, d.input.Value()), true
			}
			return nil, true
		}
		d.asked, d.answered = 0, true
		d.result, d.err, d.cursor, d.top = msg.result, msg.err, 0, 0
		return nil, true
	case registryTryMsg:
		return m.tryStep(msg), true
	}
	return m.registryFlowMsg(msg)
}

// startTry tries the entry under the cursor, asking first for the inputs
// it needs.
func (m *Model) startTry(e registry.Entry) tea.Cmd {
	if d := m.registryDialogOpen(); d != nil && d.trying != 0 {
		return m.setStatus("a try is under way: wait for it", true)
	}
	if needs := m.registry.tryNeeds(e); len(needs) > 0 {
		return m.askInputs(e, "", needs)
	}
	return m.runTry(e, nil)
}

// runTry tries e with the inputs given.
func (m *Model) runTry(e registry.Entry, values map[string]string) tea.Cmd {
	d := m.registryDialogOpen()
	if d == nil || m.registry.Try == nil {
		return nil
	}
	if d.trying != 0 {
		return m.setStatus("a try is under way: wait for it", true)
	}
	t := m.tickets.next()
	d.trying, d.tryName, d.lineErr = t, e.Server.Name, false
	d.line = "trying " + model.SanitizeLine(e.Server.Name) + "…"
	updates := make(chan registryTryMsg, 8)
	try, ctx := m.registry.Try, m.ctx
	go func() {
		defer close(updates)
		send := func(u registryTryMsg) {
			u.ticket, u.updates = t, updates
			select {
			case updates <- u:
			case <-ctx.Done():
			}
		}
		name, err := try(ctx, e, values, func(line string) { send(registryTryMsg{line: line}) })
		send(registryTryMsg{done: true, entry: e, server: name, err: err})
	}()
	return waitTry(updates)
}

// waitTry waits for the try's next step.
func waitTry(updates <-chan registryTryMsg) tea.Cmd {
	return func() tea.Msg {
		u, ok := <-updates
		if !ok {
			return nil
		}
		return u
	}
}

// tryStep shows a try's step; at its end the tried server is selected
// once listed, or the error is shown.
func (m *Model) tryStep(msg registryTryMsg) tea.Cmd {
	d := m.registryDialogOpen()
	if d != nil && d.trying != msg.ticket {
		d = nil // the pane was closed and opened again: it shows no old try
	}
	if !msg.done {
		if d != nil {
			d.line = model.SanitizeLine(msg.line)
		}
		return tea.Batch(m.setStatus(model.SanitizeLine(msg.line), false), waitTry(msg.updates))
	}
	if d != nil {
		d.trying = 0
	}
	if msg.err != nil {
		text := model.SanitizeLine(msg.err.Error())
		if d != nil {
			d.line, d.lineErr = text, true
		}
		return m.setStatus(text, true)
	}
	if d != nil {
		d.stopSearch()
		m.dialogs.stack = removeDialog(m.dialogs.stack, d)
	}
	m.landOn = msg.server
	if m.registry.tried == nil {
		m.registry.tried = map[string]registry.Entry{}
	}
	m.registry.tried[msg.server] = msg.entry
	return tea.Batch(m.setStatus("tried "+model.SanitizeLine(msg.server)+": added beside the configured servers", false), m.requestServers())
}

// removeDialog drops d from the stack, wherever it is.
func removeDialog(stack []dialog, d dialog) []dialog {
	out := stack[:0]
	for _, x := range stack {
		if x != d {
			out = append(out, x)
		}
	}
	return out
}

// landOnTried selects the tried server's row once the snapshot lists it.
func (m *Model) landOnTried() {
	if m.landOn == "" {
		return
	}
	for i, r := range m.tools.rows {
		if r.tool < 0 && r.gone == 0 && r.server < len(m.servers) && m.servers[r.server].Name == m.landOn {
			m.tools.cursor, m.landOn = i, ""
			m.tools.clampOffset()
			m.landed, m.landedOn = true, "" // the user's choice: kept
			return
		}
	}
}

func (d *registryDialog) entries() []registry.Entry { return d.result.Entries }

func (d *registryDialog) key(msg tea.KeyPressMsg, k *keyMap) action {
	switch {
	case key.Matches(msg, k.Cancel):
		d.stopSearch()
		return closeDialog{}
	case key.Matches(msg, k.Accept):
		if d.cursor < len(d.entries()) {
			return tryEntry{d.entries()[d.cursor]}
		}
		return nil
	case k.listStep(msg, d.rows) != 0:
		d.move(k.listStep(msg, d.rows))
		return nil
	case key.Matches(msg, k.Pane):
		d.listKeys = !d.listKeys
		if d.listKeys {
			d.input.Blur()
			return nil
		}
		return d.input.Focus()
	case d.listKeys && key.Matches(msg, addKey):
		if d.cursor < len(d.entries()) {
			pick := registryPickClientMsg{e: d.entries()[d.cursor]}
			return tea.Cmd(func() tea.Msg { return pick })
		}
		return nil
	case d.listKeys:
		return nil // the query is not being typed
	}
	return d.edit(msg)
}

// paste takes a paste as one edit of the query.
func (d *registryDialog) paste(text string) action {
	return d.edit(tea.PasteMsg{Content: uitext.Paste(text, true)})
}

// edit changes the query; a change waits for a pause before searching.
func (d *registryDialog) edit(msg tea.Msg) action {
	before := d.input.Value()
	var cmd tea.Cmd
	d.input, cmd = d.input.Update(msg)
	if d.input.Value() == before {
		if cmd != nil {
			return cmd
		}
		return nil
	}
	return searchLater{cmd: cmd}
}

func (d *registryDialog) move(n int) {
	d.cursor = min(max(d.cursor+n, 0), max(len(d.entries())-1, 0))
}

// searchLater: the registry pane's query changed; search after a pause.
type searchLater struct{ cmd tea.Cmd }

// tryEntry: enter on a server of the registry pane.
type tryEntry struct{ e registry.Entry }

// debounceSearch asks for a search after the pause; the search under way
// is cancelled at once, and an older one waited for is given up.
func (m *Model) debounceSearch(a searchLater) tea.Cmd {
	d := m.registryDialogOpen()
	if d == nil {
		return a.cmd
	}
	d.stopSearch()
	d.asked, d.pending = m.tickets.next(), false
	return tea.Batch(a.cmd, m.after(registryDebounce, registrySearchMsg{ticket: d.asked}))
}

// render draws a box most of the screen wide: the query, the servers as
// name, version, kinds, a secret mark and the description, the try's
// progress at the bottom.
func (d *registryDialog) render(s *Styles, width, height int) string {
	w := max(min(width-4, 120), 20)
	inner := w - 4
	d.rows = max(height-11, 1)
	if d.cursor < d.top {
		d.top = d.cursor
	}
	if d.cursor >= d.top+d.rows {
		d.top = d.cursor - d.rows + 1
	}
	d.input.SetWidth(max(inner-len(d.input.Prompt)-1, 1))
	head := s.PaneTitleFocus.Render("MCP Registry") + s.Dim.Render("  "+ansi.Truncate(model.SanitizeLine(d.reg.URL), max(inner-14, 1), "…"))
	lines := []string{head, d.input.View(), ""}
	es := d.entries()
	switch {
	case !d.answered:
		lines = append(lines, s.Dim.Render("searching…"))
	case d.err != nil && !errors.Is(d.err, context.Canceled):
		// Wrapped, not cut: the cause ("no such host", "connection
		// refused") comes last, after the URL.
		wrapped := wrapText(model.SanitizeLine(d.err.Error()), inner)
		if len(wrapped) > d.rows {
			wrapped = wrapped[:d.rows]
			wrapped[d.rows-1] = ansi.Truncate(wrapped[d.rows-1]+" …", inner, "…")
		}
		for _, l := range wrapped {
			lines = append(lines, s.ErrText.Render(l))
		}
	case len(es) == 0:
		lines = append(lines, s.Dim.Render("no server's name holds that"))
	default:
		// The name keeps its last part when cut (the name the server is
		// shown by); the description takes what is left, at least a bit.
		nameW, verW, kindW, secretW := 0, 0, 0, 0
		shown := es[d.top:min(d.top+d.rows, len(es))]
		for _, e := range shown {
			nameW = max(nameW, ansi.StringWidth(model.SanitizeLine(e.Server.Name)))
			verW = max(verW, ansi.StringWidth(model.SanitizeLine(e.Server.Version)))
			kindW = max(kindW, ansi.StringWidth(model.SanitizeLine(strings.Join(e.Server.Kinds(), ","))))
			if e.Server.NeedsSecret() {
				secretW = len("secret ")
			}
		}
		verW, kindW = min(verW, 12), min(kindW, 14)
		nameW = min(nameW, max(inner-verW-kindW-secretW-5-12, 12))
		for i, e := range shown {
			secret := ""
			if e.Server.NeedsSecret() {
				secret = "secret "
			}
			segs := []seg{
				{Text: padRight(cutLeft(model.SanitizeLine(e.Server.Name), nameW), nameW) + "  ", Style: s.Tool},
				{Text: fit(model.SanitizeLine(e.Server.Version), verW) + "  ", Style: s.Dim},
				{Text: fit(model.SanitizeLine(strings.Join(e.Server.Kinds(), ",")), kindW) + " ", Style: s.TypeString},
				{Text: padRight(secret, secretW), Style: s.StateStarting},
				{Text: model.SanitizeLine(firstLineOf(e.Server.Description)), Style: s.Desc},
			}
			var b strings.Builder
			s.renderLine(&b, segs, inner, d.top+i == d.cursor, true)
			lines = append(lines, b.String())
		}
		foot := itoa(d.cursor+1) + "/" + itoa(len(es))
		if d.result.Stopped.Cut() {
			foot += "+"
		}
		if f := d.result.Freshness; f.FromCache && f.Unreachable != nil {
			foot += " · cached, the registry could not be reached"
		}
		if d.listKeys {
			foot += " · enter tries it · a adds it to a client · tab back to the search"
		} else {
			foot += " · enter tries it · tab, then a: add it to a client"
		}
		lines = append(lines, "", s.Dim.Render(ansi.Truncate(foot, inner, "…")))
	}
	if d.line != "" {
		st := s.Dim
		if d.lineErr {
			st = s.ErrText
		}
		for _, l := range wrapText(d.line, inner) {
			lines = append(lines, st.Render(l))
		}
	}
	return s.Dialog.Width(w).Render(strings.Join(lines, "\n"))
}

func (d *registryDialog) help(k *keyMap) []key.Binding {
	try := k.Accept
	try.SetHelp("enter", "try it")
	if d.listKeys {
		return []key.Binding{k.ResultDown, try, addKey, k.Pane, k.Cancel}
	}
	return []key.Binding{k.ResultDown, try, k.Pane, k.Cancel}
}

// firstLineOf is s's first line.
func firstLineOf(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

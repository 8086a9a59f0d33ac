package tui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient/registry"
	"mcpeek/model"
	"mcpeek/tui/dialog"
	"mcpeek/tui/kit"
	"mcpeek/tui/registryview"
	"mcpeek/tui/toollist"
)

// The registry pane (R) is package registryview's dialog; the root opens
// it over the Registry, asks for a try's inputs, routes its messages,
// shows a try's steps in the status line and, once a try ends, selects
// the server tried.

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

// source is what the registry pane searches and tries servers with.
func (r *Registry) source() registryview.Source {
	return registryview.Source{URL: r.URL, Search: r.Search, Try: r.Try}
}

// registryDialog is the registry pane on the dialog stack.
type registryDialog struct{ *registryview.Dialog }

// openRegistry opens the registry pane and lists every server.
func (m *Model) openRegistry() tea.Cmd {
	if m.registry == nil || m.registry.Search == nil {
		return m.setStatus("no registry to browse here", true)
	}
	d, cmd := registryview.New(m.life.ctx, m.registry.source(), &m.styles)
	m.dialogs.Open(&registryDialog{d})
	return cmd
}

// registryDialogOpen is the registry pane, if open.
func (m *Model) registryDialogOpen() *registryDialog {
	d, _ := dialog.Find[*registryDialog](&m.dialogs)
	return d
}

// startTry tries the entry under the cursor, asking first for the inputs
// it needs.
func (m *Model) startTry(e registry.Entry) tea.Cmd {
	if d := m.registryDialogOpen(); d != nil && d.Trying() {
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
	if d.Trying() {
		return m.setStatus("a try is under way: wait for it", true)
	}
	return d.Try(e, values)
}

// tryStep shows a try's step; at its end the tried server is selected
// once listed, or the error is shown.
func (m *Model) tryStep(msg registryview.TryMsg) tea.Cmd {
	d := m.registryDialogOpen()
	if d != nil && !d.Mine(msg) {
		d = nil // the pane was closed and opened again: it shows no old try
	}
	if d != nil {
		d.Stepped(msg)
	}
	if !msg.Done {
		return tea.Batch(m.setStatus(model.SanitizeLine(msg.Line), false), msg.Next())
	}
	if msg.Err != nil {
		return m.setStatus(model.SanitizeLine(msg.Err.Error()), true)
	}
	if d != nil {
		d.Stop()
		m.dialogs.Remove(d)
	}
	m.landing.tried = msg.Server
	if m.registry.tried == nil {
		m.registry.tried = map[string]registry.Entry{}
	}
	m.registry.tried[msg.Server] = msg.Entry
	return tea.Batch(m.setStatus("tried "+model.SanitizeLine(msg.Server)+": added beside the configured servers", false), m.requestServers())
}

// landOnTried selects the tried server's row once the snapshot lists it.
func (m *Model) landOnTried() {
	if m.landing.tried == "" {
		return
	}
	if m.tools.SelectWhere(func(r toollist.Row[offerRef]) bool {
		return r.Tool < 0 && r.Gone == 0 && r.Server < len(m.fleet.servers) && m.fleet.servers[r.Server].Name == m.landing.tried
	}) {
		m.landing.tried = ""
		m.landing.done, m.landing.on = true, "" // the user's choice: kept
	}
}

func (d *registryDialog) Key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
	return d.act(d.Dialog.Key(msg, k))
}

// Paste takes a paste as one edit of the query.
func (d *registryDialog) Paste(text string) kit.Action { return d.act(d.Dialog.Paste(text)) }

// act turns what the pane asked for into the root's kit.Action.
func (d *registryDialog) act(a registryview.Action, cmd tea.Cmd) kit.Action {
	switch a := a.(type) {
	case registryview.Close:
		return kit.CloseDialog{}
	case registryview.Try:
		return tryEntry{a.Entry}
	case registryview.Add:
		pick := registryPickClientMsg{e: a.Entry}
		return tea.Cmd(func() tea.Msg { return pick })
	case registryview.Wait:
		return searchLater{cmd: cmd}
	}
	if cmd != nil {
		return cmd
	}
	return nil
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
	return tea.Batch(a.cmd, m.clock.after(registryview.Debounce, d.Waited()))
}

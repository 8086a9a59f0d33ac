package tui

import (
	"slices"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/tui/callform"
	"mcpeek/tui/dialog"
	"mcpeek/tui/kit"
	"mcpeek/tui/logview"
	"mcpeek/tui/registryview"
	"mcpeek/tui/resultview"
	"mcpeek/tui/toollist"
	"mcpeek/tui/toolview"
	"mcpeek/tui/traffic"
)

// Update handles one message, then starts what the new state calls for.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd := m.update(msg)
	m.view.trail.follow(m.view.kind)
	if _, tick := msg.(spinner.TickMsg); tick {
		return m, cmd
	}
	return m, tea.Batch(cmd, m.sync())
}

// update hands a message to what it is for: the model's own messages
// say themselves what they do (modelMsg, apply.go); the terminal's input
// goes to the keys, the mouse and the layout; a screen package's message
// to its screen; anything else to the dialog on top.
func (m *Model) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case modelMsg:
		return msg.apply(m)
	case toolview.Counted:
		msg.Land(m.built.views)
		return nil
	case tea.KeyPressMsg, tea.PasteMsg, tea.MouseClickMsg, tea.MouseWheelMsg:
		// The user has the cursor now: snapshots keep it on the row it is
		// on, by name, and no longer move it to the first tool.
		m.landing.on = ""
		return m.userInput(msg)
	case tea.WindowSizeMsg:
		m.resize(msg.Width, msg.Height)
	case tea.BackgroundColorMsg:
		m.look.isDark = msg.IsDark()
		m.restyle()
	case tea.MouseMotionMsg, tea.MouseReleaseMsg:
		// Nothing follows the mouse, and the dialogs do not take it.
	case spinner.TickMsg:
		if m.busy() {
			var cmd tea.Cmd
			m.look.spinner, cmd = m.look.spinner.Update(msg)
			return cmd
		}
	default:
		if cmd, ok := m.screenMsg(msg); ok {
			return cmd
		}
		return m.toDialog(msg)
	}
	return nil
}

// userInput handles a key, a paste, a click or the wheel.
func (m *Model) userInput(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.handleKey(msg)
	case tea.PasteMsg:
		return m.paste(msg)
	case tea.MouseClickMsg:
		return m.handleClick(msg.Mouse())
	case tea.MouseWheelMsg:
		m.handleWheel(msg.Mouse())
	}
	return nil
}

// screenMsg hands a message of a screen package (what its own commands
// sent back) to its screen; ok is false for a message of none of them.
func (m *Model) screenMsg(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case registryview.SearchMsg, registryview.FoundMsg:
		if d := m.registryDialogOpen(); d != nil {
			return d.Update(msg), true
		}
		return nil, true
	case registryview.TryMsg:
		return m.tryStep(msg), true
	case dialog.ClientPicked, dialog.InputsGiven, dialog.ConfigWritten:
		return m.registryFlow(msg), true
	case callform.EditedMsg:
		if f, isForm := dialog.Find[*callFormDialog](&m.dialogs); isForm {
			return m.act(f.Update(msg)), true
		}
		return nil, true
	case logview.LevelSetMsg:
		return m.logLevelSet(msg), true
	case traffic.DetailMsg:
		m.traffic.Opened(msg)
		return nil, true
	case resultview.Saved:
		return m.setStatus(msg.Status()), true
	}
	return nil, false
}

// reconnected drops a server from those whose reconnect is awaited.
func (m *Model) reconnected(server string) {
	m.fleet.reconnecting = slices.DeleteFunc(m.fleet.reconnecting, func(s string) bool { return s == server })
}

// toDialog hands a message that is not the model's own to the dialog on
// top, when it takes messages: a paste, or what its own commands sent
// back (a form's move to the next field, its cursor's blink).
func (m *Model) toDialog(msg tea.Msg) tea.Cmd {
	if d, takes := m.dialogs.Top().(dialog.MsgTaker); takes {
		return m.act(d.Update(msg))
	}
	return nil
}

// sync brings the view shown up to the knobs, and starts the background
// work it lacks (its counts, its document at a new budget) and the
// selected server's totals. It runs after each message (not per frame)
// and costs the lines on screen at most, plus a refold when the knobs
// moved.
func (m *Model) sync() tea.Cmd {
	var cmds []tea.Cmd
	if v := m.current; v != nil {
		if v.Budget != m.budget {
			v.Refold(m.budget)
			m.sizePanes()
		}
		if p, ok := m.currentPane().(kit.Syncer[toolview.Env]); ok {
			cmds = append(cmds, p.Sync(m.env()))
		}
	}
	// A server that lists no tools (yet: the cursor starts on the row of a
	// server still connecting) has no totals to show, and counting the
	// gateway's tools/list with them would load both vocabularies (11 MB)
	// while the first listing is indexed and linted.
	if srv, ok := m.selectedServer(); ok && len(srv.Tools) > 0 {
		if r, _ := m.tools.Row(); r.Tool < 0 {
			cmds = append(cmds, m.requestTotals(srv))
		}
	}
	cmds = append(cmds, m.retryTick())
	return tea.Batch(cmds...)
}

// busy reports whether something the spinner stands for is under way.
func (m *Model) busy() bool {
	if m.fleet.starting || m.built.loading.id != "" {
		return true
	}
	for _, s := range m.fleet.servers {
		if s.State == model.StateStarting {
			return true
		}
	}
	return false
}

// applyServers takes the snapshot asked for in, and asks for another if
// one was wanted meanwhile.
func (m *Model) applyServers(msg serversLoadedMsg) tea.Cmd {
	l := &m.fleet.snapshots
	if stale(msg.ticket, l.inFlight) {
		return nil
	}
	l.inFlight, l.applied = 0, msg.ticket
	var cmds []tea.Cmd
	wasBusy := m.busy()
	untouched := m.landing.done && wasBusy && m.landing.on != ""
	// The row under the cursor is named before the servers change under
	// it: a row holds indexes into m.fleet.servers, which the new snapshot may
	// order or fill differently.
	keep := m.tools.Selected(m.fleet.servers)
	m.fleet.servers, m.fleet.info = msg.servers, msg.info
	m.tools.Listed()
	if l.again {
		// Asked for meanwhile: loaded from this snapshot's summaries
		// (requestServers hands m.fleet.info on), so unchanged tools are not
		// summarised again.
		l.again = false
		cmds = append(cmds, m.requestServers())
	}
	m.tools.Rebuild(m.fleet.servers, m.toolInfoOf)
	m.tools.Select(m.fleet.servers, keep)
	if !m.landing.done || untouched {
		// Land on the first tool, so the right pane has something to
		// show; while servers connect and the user has not moved, keep
		// to the first tool of the list, not to the first server that
		// answered.
		if m.tools.SelectWhere(func(r toollist.Row[offerRef]) bool { return r.Tool >= 0 }) {
			m.landing.done = true
			if t, ok := m.selectedTool(); ok {
				m.landing.on = t.ID().String()
			}
		}
	}
	m.landOnTried()
	m.fitTools()
	m.rememberFirst()
	cmds = append(cmds, m.showSelected(), m.markTools(), m.reindexFields())
	if !wasBusy && m.busy() {
		cmds = append(cmds, m.look.spinner.Tick)
	}
	return tea.Batch(cmds...)
}

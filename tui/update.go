package tui

import (
	"slices"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/tui/kit"
	"mcpeek/tui/resultview"
	"mcpeek/tui/toolview"
	"mcpeek/tui/traffic"
)

// Update handles one message, then starts what the new state calls for.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd := m.update(msg)
	m.trail.follow(m.view)
	if _, tick := msg.(spinner.TickMsg); tick {
		return m, cmd
	}
	return m, tea.Batch(cmd, m.sync())
}

func (m *Model) update(msg tea.Msg) tea.Cmd {
	switch msg.(type) {
	case tea.KeyPressMsg, tea.PasteMsg, tea.MouseClickMsg, tea.MouseWheelMsg:
		// The user has the cursor now: snapshots keep it on the row it is
		// on, by name, and no longer move it to the first tool.
		m.landedOn = ""
	}
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.resize(msg.Width, msg.Height)
	case tea.BackgroundColorMsg:
		m.isDark = msg.IsDark()
		m.restyle()
	case tea.KeyPressMsg:
		return m.handleKey(msg)
	case tea.PasteMsg:
		return m.paste(msg)
	case tea.MouseClickMsg:
		return m.handleClick(msg.Mouse())
	case tea.MouseWheelMsg:
		m.handleWheel(msg.Mouse())
	case tea.MouseMotionMsg, tea.MouseReleaseMsg:
		// Nothing follows the mouse, and the dialogs do not take it.
	case spinner.TickMsg:
		if m.busy() {
			var cmd tea.Cmd
			m.spinner, cmd = m.spinner.Update(msg)
			return cmd
		}
	case ServerChangedMsg:
		return m.requestServers()
	case serversStartedMsg:
		m.starting = false
		if msg.err != nil {
			// The backend cannot serve anything: say so over the whole screen.
			m.dialogs.open(fatalDialog{err: errorf("starting servers: %w", msg.err)})
			return nil
		}
		return m.requestServers()
	case serversLoadedMsg:
		cmd := m.applyServers(msg)
		m.offers.logs.Take(m.servers)
		return tea.Batch(cmd, m.loadOffers())
	case toolLoadedMsg:
		if stale(msg.ticket, m.loading.ticket) {
			return m.viewBuilt(msg) // the user has moved on
		}
		m.views[msg.view.Tool.ID()] = msg.view
		m.current, m.loading = msg.view, toolLoad{}
		m.sizePanes()
		m.landJump()
		return m.viewBuilt(msg)
	case fieldIndexedMsg:
		m.fieldsIndexed(msg)
	case unfoldStepMsg:
		if !stale(msg.ticket, m.unfold.ticket) {
			return m.unfoldSlice()
		}
	case reconnectedMsg:
		m.reconnected(msg.server)
		text, isErr := reconnectResult(msg)
		return tea.Batch(m.setStatus(text, isErr), m.requestServers())
	case loginURLMsg:
		if m.loginURLs == nil {
			m.loginURLs = map[string]string{}
		}
		m.loginURLs[msg.server] = msg.url
		return m.setStatus(msg.server+" asks you to log in: see its server pane for the URL", false)
	case warningMsg:
		return m.warnedOf(msg.text)
	case loggedInMsg:
		if msg.err != nil {
			return tea.Batch(m.setStatus(errorf("log in to %s: %w", msg.server, msg.err).Error(), true), m.requestServers())
		}
		delete(m.loginURLs, msg.server)
		return tea.Batch(m.setStatus(msg.server+": logged in", false), m.requestServers())
	case statusExpiredMsg:
		if !stale(msg.ticket, m.status.ticket) {
			m.status = statusLine{}
		}
	case toolview.Counted:
		msg.Land(m.views)
	case serverTotalsMsg:
		m.totalsMeasured(msg)
	case retryTickMsg:
		if !stale(msg.ticket, m.retryTicket) {
			m.retryTicket = 0 // sync asks for the next one while needed
		}
	case callProgressMsg:
		return m.callProgressed(msg)
	case callDoneMsg:
		return m.callDone(msg)
	case callTickMsg:
		return m.callTicked(msg)
	case tasksListedMsg:
		return m.tasksListed(msg)
	case taskCancelledMsg:
		return m.taskCancelled(msg)
	case taskPollDueMsg:
		return m.pollListedTasks(msg)
	case taskPolledMsg:
		m.taskPolled(msg)
	case taskFetchedMsg:
		return m.taskFetched(msg)
	case resultview.Saved:
		return m.setStatus(msg.Status())
	case callSavedMsg:
		return m.callSaved(msg)
	case assertAddedMsg:
		return m.assertAdded(msg)
	case traffic.DetailMsg:
		m.traffic.Opened(msg)
	case baselineReadMsg:
		return m.baselineRead(msg)
	case toolsMarkedMsg:
		return m.toolsMarked(msg)
	default:
		if cmd, ok := m.gatewayMsg(msg); ok {
			return cmd
		}
		if cmd, ok := m.registryMsg(msg); ok {
			return cmd
		}
		if cmd, ok := m.formMsg(msg); ok {
			return cmd
		}
		if cmd, ok := m.offerMsg(msg); ok {
			return cmd
		}
		return m.toDialog(msg)
	}
	return nil
}

// reconnected drops a server from those whose reconnect is awaited.
func (m *Model) reconnected(server string) {
	m.reconnecting = slices.DeleteFunc(m.reconnecting, func(s string) bool { return s == server })
}

// toDialog hands a message that is not the model's own to the dialog on
// top, when it takes messages: a paste, or what its own commands sent
// back (a form's move to the next field, its cursor's blink).
func (m *Model) toDialog(msg tea.Msg) tea.Cmd {
	if d, takes := m.dialogs.top().(msgTaker); takes {
		return m.act(d.update(msg))
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
		if r, _ := m.tools.selected(); r.tool < 0 {
			cmds = append(cmds, m.requestTotals(srv))
		}
	}
	cmds = append(cmds, m.retryTick())
	return tea.Batch(cmds...)
}

// busy reports whether something the spinner stands for is under way.
func (m *Model) busy() bool {
	if m.starting || m.loading.id != "" {
		return true
	}
	for _, s := range m.servers {
		if s.State == model.StateStarting {
			return true
		}
	}
	return false
}

// applyServers takes the snapshot asked for in, and asks for another if
// one was wanted meanwhile.
func (m *Model) applyServers(msg serversLoadedMsg) tea.Cmd {
	l := &m.snapshots
	if stale(msg.ticket, l.inFlight) {
		return nil
	}
	l.inFlight, l.applied = 0, msg.ticket
	var cmds []tea.Cmd
	wasBusy := m.busy()
	untouched := m.landed && wasBusy && m.landedOn != ""
	// The row under the cursor is named before the servers change under
	// it: a row holds indexes into m.servers, which the new snapshot may
	// order or fill differently.
	keep := m.tools.key(m.servers)
	m.servers, m.info = msg.servers, msg.info
	m.tools.listed()
	if l.again {
		// Asked for meanwhile: loaded from this snapshot's summaries
		// (requestServers hands m.info on), so unchanged tools are not
		// summarised again.
		l.again = false
		cmds = append(cmds, m.requestServers())
	}
	m.tools.rebuild(m.servers, m.info)
	m.tools.selectKey(m.servers, keep)
	if !m.landed || untouched {
		// Land on the first tool, so the right pane has something to
		// show; while servers connect and the user has not moved, keep
		// to the first tool of the list, not to the first server that
		// answered.
		for i, r := range m.tools.rows {
			if r.tool >= 0 {
				m.tools.cursor, m.landed = i, true
				m.tools.clampOffset()
				if t, ok := m.selectedTool(); ok {
					m.landedOn = t.ID()
				}
				break
			}
		}
	}
	m.landOnTried()
	m.fitTools()
	m.rememberFirst()
	cmds = append(cmds, m.showSelected(), m.markTools(), m.reindexFields())
	if !wasBusy && m.busy() {
		cmds = append(cmds, m.spinner.Tick)
	}
	return tea.Batch(cmds...)
}

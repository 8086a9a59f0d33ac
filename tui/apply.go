package tui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient/registry"
	"mcpeek/model"
	"mcpeek/tui/dialog"
)

// modelMsg is a message of the explorer's own: the answer of a command
// the model started, a timer of its, or an event the bridge forwarded.
// Each says what it does to the model, here, and update hands it over:
// the one dispatch of the model's messages. (Messages of the screen
// packages go to their screen: see screenMsg.)
type modelMsg interface {
	apply(m *Model) tea.Cmd
}

// The servers: their start, snapshots, reconnects, logins and warnings.

func (msg ServerChangedMsg) apply(m *Model) tea.Cmd { return m.requestServers() }

func (msg serversStartedMsg) apply(m *Model) tea.Cmd {
	m.fleet.starting = false
	if msg.err != nil {
		// The backend cannot serve anything: say so over the whole screen.
		m.dialogs.Open(dialog.Fatal{Err: errorf("starting servers: %w", msg.err)})
		return nil
	}
	return m.requestServers()
}

func (msg serversLoadedMsg) apply(m *Model) tea.Cmd {
	cmd := m.applyServers(msg)
	m.offers.logs.Take(m.fleet.servers)
	return tea.Batch(cmd, m.loadOffers())
}

func (msg reconnectedMsg) apply(m *Model) tea.Cmd {
	m.reconnected(msg.server)
	text, isErr := reconnectResult(msg)
	return tea.Batch(m.setStatus(text, isErr), m.requestServers())
}

func (msg loginURLMsg) apply(m *Model) tea.Cmd {
	if m.fleet.loginURLs == nil {
		m.fleet.loginURLs = map[string]string{}
	}
	m.fleet.loginURLs[msg.server] = msg.url
	return m.setStatus(msg.server+" asks you to log in: see its server pane for the URL", false)
}

func (msg loggedInMsg) apply(m *Model) tea.Cmd {
	if msg.err != nil {
		return tea.Batch(m.setStatus(errorf("log in to %s: %w", msg.server, msg.err).Error(), true), m.requestServers())
	}
	delete(m.fleet.loginURLs, msg.server)
	return tea.Batch(m.setStatus(msg.server+": logged in", false), m.requestServers())
}

func (msg warningMsg) apply(m *Model) tea.Cmd { return m.warnedOf(msg.text) }

func (msg retryTickMsg) apply(m *Model) tea.Cmd {
	if !stale(msg.ticket, m.fleet.retryTicket) {
		m.fleet.retryTicket = 0 // sync asks for the next one while needed
	}
	return nil
}

func (msg statusExpiredMsg) apply(m *Model) tea.Cmd {
	if !stale(msg.ticket, m.status.ticket) {
		m.status = statusLine{}
	}
	return nil
}

// A tool's views, the field search, the counts, the marks of changes.

func (msg toolLoadedMsg) apply(m *Model) tea.Cmd {
	if stale(msg.ticket, m.built.loading.ticket) {
		return m.viewBuilt(msg) // the user has moved on
	}
	m.built.views[msg.view.Tool.ID().String()] = msg.view
	m.current, m.built.loading = msg.view, toolLoad{}
	m.sizePanes()
	m.landJump()
	return m.viewBuilt(msg)
}

func (msg fieldIndexedMsg) apply(m *Model) tea.Cmd { m.fieldsIndexed(msg); return nil }

func (msg unfoldStepMsg) apply(m *Model) tea.Cmd {
	if stale(msg.ticket, m.unfold.ticket) {
		return nil
	}
	return m.unfoldSlice()
}

func (msg serverTotalsMsg) apply(m *Model) tea.Cmd {
	m.totals.gc.release()
	m.totalsMeasured(msg)
	return nil
}

func (msg baselineReadMsg) apply(m *Model) tea.Cmd { return m.baselineRead(msg) }
func (msg toolsMarkedMsg) apply(m *Model) tea.Cmd  { return m.toolsMarked(msg) }

// Calls, their saved forms and remembered arguments, and tasks.

func (msg callProgressMsg) apply(m *Model) tea.Cmd  { m.callProgressed(msg); return nil }
func (msg callTaskMsg) apply(m *Model) tea.Cmd      { m.callBecameTask(msg); return nil }
func (msg callDoneMsg) apply(m *Model) tea.Cmd      { return m.callDone(msg) }
func (msg callTickMsg) apply(m *Model) tea.Cmd      { return m.callTicked(msg) }
func (msg callSavedMsg) apply(m *Model) tea.Cmd     { return m.callSaved(msg) }
func (msg assertAddedMsg) apply(m *Model) tea.Cmd   { return m.assertAdded(msg) }
func (msg tasksListedMsg) apply(m *Model) tea.Cmd   { return m.tasksListed(msg) }
func (msg taskCancelledMsg) apply(m *Model) tea.Cmd { return m.taskCancelled(msg) }
func (msg taskPollDueMsg) apply(m *Model) tea.Cmd   { return m.pollListedTasks(msg) }
func (msg taskPolledMsg) apply(m *Model) tea.Cmd    { m.taskPolled(msg); return nil }
func (msg taskFetchedMsg) apply(m *Model) tea.Cmd   { return m.taskFetched(msg) }

func (msg argSetsLoadedMsg) apply(m *Model) tea.Cmd {
	if stale(msg.ticket, m.forms.opening) {
		return nil
	}
	m.forms.opening = 0
	cmd := m.openLoaded(msg)
	return tea.Batch(cmd, m.replayTyped())
}

func (msg argsNotSavedMsg) apply(m *Model) tea.Cmd {
	return m.setStatus("arguments not remembered: "+model.SanitizeLine(msg.err.Error()), true)
}

// A server's requests of the user: an elicitation, a sampling, and their
// withdrawal.

func (msg elicitAskedMsg) apply(m *Model) tea.Cmd {
	d := dialog.NewElicit(msg.req, m.formLook())
	m.dialogs.Open(d)
	return d.Started()
}

func (msg samplingAskedMsg) apply(m *Model) tea.Cmd {
	d := dialog.NewSampling(msg.req, m.formLook())
	m.dialogs.Open(d)
	return d.Started()
}

func (msg requestEndedMsg) apply(m *Model) tea.Cmd {
	for _, p := range dialog.Each[promptDialog](&m.dialogs) {
		if p.Answers(msg.ev) {
			m.dialogs.Remove(p)
			return m.setStatus("the server withdrew its request ("+msg.ev.Err+")", false)
		}
	}
	return nil
}

// The background gateway.

func (msg gatewayStartedMsg) apply(m *Model) tea.Cmd {
	g := &m.gw
	if stale(ticket(msg.run.ID()), g.asked) || g.state != gatewayStarting {
		return stopGateway(msg.run) // no longer wanted
	}
	g.serving(msg.run)
	return m.setStatus("gateway on "+msg.run.URL()+" · t shows its traffic", false)
}

func (msg gatewayStoppedMsg) apply(m *Model) tea.Cmd {
	if stale(msg.run, m.gw.asked) {
		return nil
	}
	m.gw.serving(nil)
	if msg.err != nil {
		return m.setStatus(fmt.Errorf("gateway stopped: %w", msg.err).Error(), true)
	}
	return m.setStatus("gateway stopped", false)
}

func (msg gatewayFailedMsg) apply(m *Model) tea.Cmd {
	if stale(msg.run, m.gw.asked) {
		return nil
	}
	m.gw.serving(nil)
	return m.setStatus(fmt.Errorf("gateway: %w", msg.err).Error(), true)
}

func (msg toolApprovedMsg) apply(m *Model) tea.Cmd { return m.approved(msg) }

func (msg gatewayEventsMsg) apply(m *Model) tea.Cmd {
	g := &m.gw
	if g.run != nil && !stale(msg.run, g.asked) {
		g.calls, g.missed = g.run.Gateway().Calls(), g.run.Gateway().DroppedEvents()
	}
	m.traffic.Add(msg.events)
	return nil
}

// Adding a registry's server to a client's config.

func (msg registryPickClientMsg) apply(m *Model) tea.Cmd {
	if m.registry.PlanAdd == nil || len(m.registry.Clients) == 0 {
		return m.setStatus("adding to a client is not available here", true)
	}
	m.dialogs.Open(dialog.NewClientPick(msg.e, m.registry.Clients))
	return nil
}

func (msg registryPlanMsg) apply(m *Model) tea.Cmd {
	if msg.err != nil {
		return m.setStatus(model.SanitizeLine(msg.err.Error()), true)
	}
	m.dialogs.Open(dialog.NewConfigDiff(msg.plan))
	return nil
}

// The servers' resources, templates and prompts.

func (msg offersLoadedMsg) apply(m *Model) tea.Cmd      { return m.offersLoaded(msg) }
func (msg offerReadMsg) apply(m *Model) tea.Cmd         { return m.offerRead(msg) }
func (msg subscribedMsg) apply(m *Model) tea.Cmd        { return m.subscribed(msg) }
func (msg ResourceUpdatedMsg) apply(m *Model) tea.Cmd   { return m.resourceUpdated(msg) }
func (msg subscriptionEndedMsg) apply(m *Model) tea.Cmd { return m.subscriptionEnded(msg) }
func (msg completeDueMsg) apply(m *Model) tea.Cmd       { return m.toOfferForm(msg) }
func (msg completedMsg) apply(m *Model) tea.Cmd         { return m.toOfferForm(msg) }

// toOfferForm hands a completion's message to the offer form on top, if
// it still is.
func (m *Model) toOfferForm(msg tea.Msg) tea.Cmd {
	if d, ok := m.dialogs.Top().(*offerForm); ok {
		return m.act(d.Update(msg))
	}
	return nil
}

// registryFlow is what the dialogs of an add from the registry answered.
func (m *Model) registryFlow(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case dialog.ClientPicked:
		m.closeTop()
		var needs []registry.Need
		if m.registry.AddNeeds != nil {
			needs = m.registry.AddNeeds(msg.Entry)
		}
		if len(needs) > 0 {
			return m.askInputs(msg.Entry, msg.Client, needs)
		}
		return m.planAdd(msg.Entry, msg.Client, nil)
	case dialog.InputsGiven:
		m.closeTop()
		if msg.Client == "" {
			return m.runTry(msg.Entry, msg.Values)
		}
		return m.planAdd(msg.Entry, msg.Client, msg.Values)
	case dialog.ConfigWritten:
		if _, ok := m.dialogs.Top().(*dialog.ConfigDiff); ok {
			m.dialogs.Close()
		}
		if msg.Err != nil {
			return m.setStatus("nothing written: "+model.SanitizeLine(msg.Err.Error()), true)
		}
		return m.setStatus("added to "+model.SanitizeLine(msg.Plan.Path)+" (the old file, if any, is kept as .bak)", false)
	}
	return nil
}

package tui

import (
	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient/registry"
	"mcpeek/tui/dialog"
)

// The registry pane's two flows past the list. enter on a server that
// needs inputs (an argument, an environment variable, a secret) asks for
// them in a form first, secrets masked; the answers go to that one try
// and are kept nowhere. a (with the list focused: tab) adds the server
// to a client's config as mcpeek add does (and a in the tools pane on a
// server tried from the pane): a picker of the clients, the
// inputs the entry still needs (secrets are written as references, not
// asked for), the change as a diff, and a confirmation before the file
// is written. Each step is a dialog on the stack (package dialog); each
// answers the model through an action or a message, handled in
// registryFlowMsg.

// AddPlan is the change adding a server to a client's config makes:
// computed and checked, not yet written.
type AddPlan = dialog.AddPlan

type (
	// registryPickClientMsg: a on a server of the registry pane.
	registryPickClientMsg struct{ e registry.Entry }
	// registryPlanMsg: the change adding e would make, or why not.
	registryPlanMsg struct {
		plan AddPlan
		err  error
	}
)

// closeTop closes the dialog on top: the one that sent its answer.
func (m *Model) closeTop() { m.dialogs.Close() }

// askInputs opens the inputs form for e, for a try (client "") or for
// adding it to client.
func (m *Model) askInputs(e registry.Entry, client string, needs []registry.Need) tea.Cmd {
	d := dialog.NewInputs(&m.styles, e, client, needs)
	m.dialogs.Open(d)
	return d.Focus()
}

// planAdd computes, off the UI loop, the change adding e to client makes.
func (m *Model) planAdd(e registry.Entry, client string, values map[string]string) tea.Cmd {
	plan, ctx := m.registry.PlanAdd, m.life.ctx
	return func() tea.Msg {
		p, err := plan(ctx, e, client, values)
		return registryPlanMsg{plan: p, err: err}
	}
}

// tryNeeds is what trying e still needs, as the Registry says.
func (r *Registry) tryNeeds(e registry.Entry) []registry.Need {
	if r.Needs == nil {
		return nil
	}
	return r.Needs(e)
}

// addTried adds the selected server, tried from the registry pane, to a
// client (a in the tools pane).
func (m *Model) addTried() tea.Cmd {
	srv, ok := m.selectedServer()
	e, tried := m.registry.tried[srv.Name]
	if !ok || !tried {
		return m.setStatus("a adds a server tried from the registry (R) to a client: select one", true)
	}
	pick := registryPickClientMsg{e: e}
	return func() tea.Msg { return pick }
}

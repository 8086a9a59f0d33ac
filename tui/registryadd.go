package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"mcpeek/mcpclient/registry"
	"mcpeek/model"
	"mcpeek/tui/kit"
	"mcpeek/tui/toolview"
	"mcpeek/tui/uitext"
)

// The registry pane's two flows past the list. enter on a server that
// needs inputs (an argument, an environment variable, a secret) asks for
// them in a form first, secrets masked; the answers go to that one try
// and are kept nowhere. a (with the list focused: tab) adds the server
// to a client's config as mcpeek add does (and a in the tools pane on a
// server tried from the pane): a picker of the clients, the
// inputs the entry still needs (secrets are written as references, not
// asked for), the change as a diff, and a confirmation before the file
// is written. Each step is a dialog on the stack; each answers the model
// through a message, handled in registryFlowMsg.

// AddPlan is the change adding a server to a client's config makes:
// computed and checked, not yet written.
type AddPlan struct {
	Path   string   // the client's config file
	Diff   string   // the change, a unified diff; secrets never in clear
	Notes  []string // what the user should know (a secret's reference, ...)
	Write  func() error
	Cancel func() // drops what the plan prepared; nil for nothing
}

type (
	// registryPickClientMsg: a on a server of the registry pane.
	registryPickClientMsg struct{ e registry.Entry }
	// registryClientMsg: a client was picked for adding e.
	registryClientMsg struct {
		e      registry.Entry
		client string
	}
	// registryInputsMsg: the inputs form was filled in.
	registryInputsMsg struct {
		e      registry.Entry
		client string // "" for a try
		values map[string]string
	}
	// registryPlanMsg: the change adding e would make, or why not.
	registryPlanMsg struct {
		plan AddPlan
		err  error
	}
	// registryWrittenMsg: the client's config was written, or not.
	registryWrittenMsg struct {
		plan AddPlan
		err  error
	}
)

// registryFlowMsg handles the messages of the inputs, client and diff
// dialogs; ok is false for other ones.
func (m *Model) registryFlowMsg(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case registryPickClientMsg:
		if m.registry.PlanAdd == nil || len(m.registry.Clients) == 0 {
			return m.setStatus("adding to a client is not available here", true), true
		}
		m.dialogs.open(&clientDialog{e: msg.e, clients: m.registry.Clients})
		return nil, true
	case registryClientMsg:
		m.closeTop()
		var needs []registry.Need
		if m.registry.AddNeeds != nil {
			needs = m.registry.AddNeeds(msg.e)
		}
		if len(needs) > 0 {
			return m.askInputs(msg.e, msg.client, needs), true
		}
		return m.planAdd(msg.e, msg.client, nil), true
	case registryInputsMsg:
		m.closeTop()
		if msg.client == "" {
			return m.runTry(msg.e, msg.values), true
		}
		return m.planAdd(msg.e, msg.client, msg.values), true
	case registryPlanMsg:
		if msg.err != nil {
			return m.setStatus(model.SanitizeLine(msg.err.Error()), true), true
		}
		m.dialogs.open(&diffDialog{plan: msg.plan})
		return nil, true
	case registryWrittenMsg:
		if _, ok := m.dialogs.top().(*diffDialog); ok {
			m.dialogs.close()
		}
		if msg.err != nil {
			return m.setStatus("nothing written: "+model.SanitizeLine(msg.err.Error()), true), true
		}
		return m.setStatus("added to "+model.SanitizeLine(msg.plan.Path)+" (the old file, if any, is kept as .bak)", false), true
	}
	return nil, false
}

// closeTop closes the dialog on top: the one that sent its answer.
func (m *Model) closeTop() { m.dialogs.close() }

// askInputs opens the inputs form for e, for a try (client "") or for
// adding it to client.
func (m *Model) askInputs(e registry.Entry, client string, needs []registry.Need) tea.Cmd {
	d := newInputsDialog(&m.styles, e, client, needs)
	m.dialogs.open(d)
	return d.fields[0].Focus()
}

// planAdd computes, off the UI loop, the change adding e to client makes.
func (m *Model) planAdd(e registry.Entry, client string, values map[string]string) tea.Cmd {
	plan, ctx := m.registry.PlanAdd, m.ctx
	return func() tea.Msg {
		p, err := plan(ctx, e, client, values)
		return registryPlanMsg{plan: p, err: err}
	}
}

// inputsDialog asks for the inputs a server needs, one field each;
// a secret's field shows • for each character.
type inputsDialog struct {
	e      registry.Entry
	client string
	needs  []registry.Need
	fields []textinput.Model
	focus  int
	err    string
}

func newInputsDialog(s *kit.Styles, e registry.Entry, client string, needs []registry.Need) *inputsDialog {
	d := &inputsDialog{e: e, client: client}
	seen := map[string]bool{}
	for _, n := range needs {
		if seen[n.Key] {
			continue
		}
		seen[n.Key] = true
		in := textinput.New()
		in.Prompt = "› "
		in.SetStyles(s.Input)
		if n.Secret {
			in.EchoMode = textinput.EchoPassword
			in.EchoCharacter = '•'
		}
		if len(n.Choices) > 0 {
			in.Placeholder = strings.Join(n.Choices, " | ")
		}
		d.needs, d.fields = append(d.needs, n), append(d.fields, in)
	}
	return d
}

func (d *inputsDialog) key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
	switch {
	case key.Matches(msg, k.Cancel):
		return kit.CloseDialog{}
	case key.Matches(msg, k.FormPrev):
		return d.move(-1)
	case key.Matches(msg, k.Accept) && d.focus == len(d.fields)-1, key.Matches(msg, k.FormSubmit):
		return d.submit()
	case key.Matches(msg, k.FormNext):
		return d.move(1)
	}
	d.err = ""
	var cmd tea.Cmd
	d.fields[d.focus], cmd = d.fields[d.focus].Update(msg)
	return cmd
}

func (d *inputsDialog) move(n int) kit.Action {
	d.fields[d.focus].Blur()
	d.focus = (d.focus + n + len(d.fields)) % len(d.fields)
	return d.fields[d.focus].Focus()
}

// submit sends the answers when each is given.
func (d *inputsDialog) submit() kit.Action {
	values := map[string]string{}
	for i, n := range d.needs {
		v := d.fields[i].Value()
		if strings.TrimSpace(v) == "" {
			d.err = n.Label + " is required"
			return d.moveTo(i)
		}
		values[n.Key] = v
	}
	msg := registryInputsMsg{e: d.e, client: d.client, values: values}
	return tea.Cmd(func() tea.Msg { return msg })
}

func (d *inputsDialog) moveTo(i int) kit.Action {
	d.fields[d.focus].Blur()
	d.focus = i
	return d.fields[i].Focus()
}

// paste takes a paste as one edit of the focused field.
func (d *inputsDialog) paste(text string) kit.Action {
	var cmd tea.Cmd
	d.fields[d.focus], cmd = d.fields[d.focus].Update(tea.PasteMsg{Content: uitext.Paste(text, true)})
	return cmd
}

func (d *inputsDialog) render(s *kit.Styles, width, height int) string {
	w := max(min(width-4, 90), 30)
	inner := w - 4
	name := model.SanitizeLine(registry.ShortName(d.e.Server.Name))
	title := "to try " + name + ", give:"
	if d.client != "" {
		title = "to add " + name + " to " + d.client + ", give:"
	}
	lines := []string{s.Title.Render(fit(title, inner)), ""}
	for i, n := range d.needs {
		label := n.Label
		if n.Secret {
			label += " (secret: not shown, kept for this run only)"
		}
		lines = append(lines, s.Tool.Render(fit(model.SanitizeLine(label), inner)))
		if n.Description != "" {
			lines = append(lines, s.Dim.Render(fit(model.SanitizeLine(uitext.FirstLine(n.Description)), inner)))
		}
		d.fields[i].SetWidth(max(inner-3, 1))
		lines = append(lines, d.fields[i].View())
	}
	lines = append(lines, "")
	lines = append(lines, dialogFoot(s, inner, d.err, false, "tab next · enter on the last one goes on · esc cancel")...)
	return s.Dialog.Width(w).Render(lipgloss.JoinVertical(lipgloss.Left, lines...))
}

func (d *inputsDialog) help(k *kit.KeyMap) []key.Binding {
	return []key.Binding{k.FormNext, k.FormPrev, k.Cancel}
}

// clientDialog picks the client to add a server to.
type clientDialog struct {
	e       registry.Entry
	clients []string
	cursor  int
}

func (d *clientDialog) key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
	switch {
	case key.Matches(msg, k.Cancel):
		return kit.CloseDialog{}
	case key.Matches(msg, k.Accept):
		pick := registryClientMsg{e: d.e, client: d.clients[d.cursor]}
		return tea.Cmd(func() tea.Msg { return pick })
	case k.ListStep(msg, len(d.clients)) != 0:
		d.cursor = min(max(d.cursor+k.ListStep(msg, len(d.clients)), 0), len(d.clients)-1)
	}
	return nil
}

func (d *clientDialog) render(s *kit.Styles, width, height int) string {
	w := max(min(width-4, 60), 30)
	lines := []string{s.Title.Render(fit("add "+model.SanitizeLine(registry.ShortName(d.e.Server.Name))+" to which client?", w-4)), ""}
	for i, c := range d.clients {
		var b strings.Builder
		toolview.RenderLine(s, &b, []seg{{Text: c, Style: s.Tool}}, w-4, i == d.cursor, true)
		lines = append(lines, b.String())
	}
	lines = append(lines, "", s.Dim.Render(fit("enter picks · the user's config, as mcpeek add without --project", w-4)))
	return s.Dialog.Width(w).Render(lipgloss.JoinVertical(lipgloss.Left, lines...))
}

func (d *clientDialog) help(k *kit.KeyMap) []key.Binding {
	pick := k.Accept
	pick.SetHelp("enter", "pick")
	return []key.Binding{k.ResultDown, pick, k.Cancel}
}

// diffDialog shows the change to a client's config and writes it on y.
type diffDialog struct {
	plan    AddPlan
	top     int
	rows    int
	writing bool
}

func (d *diffDialog) key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
	if d.writing {
		return nil
	}
	switch {
	case key.Matches(msg, k.Cancel):
		if d.plan.Cancel != nil {
			d.plan.Cancel()
		}
		return kit.CloseDialog{}
	case key.Matches(msg, k.Overwrite):
		d.writing = true
		plan := d.plan
		return tea.Cmd(func() tea.Msg { return registryWrittenMsg{plan: plan, err: plan.Write()} })
	case k.ListStep(msg, d.rows) != 0:
		lines := strings.Count(d.plan.Diff, "\n")
		d.top = min(max(d.top+k.ListStep(msg, d.rows), 0), max(lines-d.rows, 0))
	}
	return nil
}

func (d *diffDialog) render(s *kit.Styles, width, height int) string {
	w := max(min(width-4, 120), 30)
	inner := w - 4
	d.rows = max(height-8-len(d.plan.Notes), 1)
	lines := []string{s.Title.Render(fit("add to "+model.SanitizeLine(d.plan.Path), inner)), ""}
	diff := strings.Split(strings.TrimRight(d.plan.Diff, "\n"), "\n")
	for _, l := range diff[min(d.top, len(diff)):min(d.top+d.rows, len(diff))] {
		st := s.Dim
		switch {
		case strings.HasPrefix(l, "+"):
			st = s.AddedMark
		case strings.HasPrefix(l, "-"):
			st = s.RemovedTool
		}
		lines = append(lines, st.Render(fit(model.SanitizeLine(l), inner)))
	}
	for _, n := range d.plan.Notes {
		lines = append(lines, s.Dim.Render(fit(model.SanitizeLine(n), inner)))
	}
	foot := "y writes it (the old file kept as .bak) · esc cancels"
	if d.writing {
		foot = "writing…"
	}
	lines = append(lines, "", s.Dim.Render(fit(foot, inner)))
	return s.Dialog.Width(w).Render(lipgloss.JoinVertical(lipgloss.Left, lines...))
}

func (d *diffDialog) help(k *kit.KeyMap) []key.Binding {
	write := k.Overwrite
	write.SetHelp("y", "write")
	return []key.Binding{k.ResultDown, write, k.Cancel}
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

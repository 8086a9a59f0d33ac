package dialog

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"mcpeek/mcpclient/registry"
	"mcpeek/model"
	"mcpeek/tui/kit"
	"mcpeek/tui/uitext"
)

// The dialogs of a registry server's inputs and of adding it to a
// client's config: a picker of the clients, the inputs the entry still
// needs (secrets masked), the change as a diff with a confirmation before
// the file is written.

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
	// ClientPicked is the action of a client picked to add Entry to.
	ClientPicked struct {
		Entry  registry.Entry
		Client string
	}
	// InputsGiven is the action of the inputs given for Entry, to try it
	// (Client "") or add it to Client.
	InputsGiven struct {
		Entry  registry.Entry
		Client string
		Values map[string]string
	}
	// ConfigWritten is the message of a client's config written with
	// Plan, or Err saying why not.
	ConfigWritten struct {
		Plan AddPlan
		Err  error
	}
)

// Inputs asks for the inputs a registry server needs to be tried or
// added, one field each; a secret's field shows • for each character.
// The answers go to that one try and are kept nowhere.
type Inputs struct {
	e      registry.Entry
	client string
	needs  []registry.Need
	fields []textinput.Model
	focus  int
	err    string
}

// NewInputs asks for needs, to try e (client "") or to add it to client.
func NewInputs(s *kit.Styles, e registry.Entry, client string, needs []registry.Need) *Inputs {
	d := &Inputs{e: e, client: client}
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

// Key moves between the fields, sends the answers, or edits the field.
func (d *Inputs) Key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
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

// Focus gives the first field the cursor; the command blinks it.
func (d *Inputs) Focus() tea.Cmd { return d.fields[0].Focus() }

func (d *Inputs) move(n int) kit.Action {
	d.fields[d.focus].Blur()
	d.focus = (d.focus + n + len(d.fields)) % len(d.fields)
	return d.fields[d.focus].Focus()
}

// submit sends the answers when each is given.
func (d *Inputs) submit() kit.Action {
	values := map[string]string{}
	for i, n := range d.needs {
		v := d.fields[i].Value()
		if strings.TrimSpace(v) == "" {
			d.err = n.Label + " is required"
			return d.moveTo(i)
		}
		values[n.Key] = v
	}
	return InputsGiven{Entry: d.e, Client: d.client, Values: values}
}

func (d *Inputs) moveTo(i int) kit.Action {
	d.fields[d.focus].Blur()
	d.focus = i
	return d.fields[i].Focus()
}

// Paste takes a paste as one edit of the focused field.
func (d *Inputs) Paste(text string) kit.Action {
	var cmd tea.Cmd
	d.fields[d.focus], cmd = d.fields[d.focus].Update(tea.PasteMsg{Content: uitext.Paste(text, true)})
	return cmd
}

// Render draws a field per input under its label and description.
func (d *Inputs) Render(s *kit.Styles, width, height int) string {
	w := max(min(width-4, 90), 30)
	inner := w - 4
	name := model.SanitizeLine(registry.ShortName(d.e.Server.Name))
	title := "to try " + name + ", give:"
	if d.client != "" {
		title = "to add " + name + " to " + d.client + ", give:"
	}
	lines := []string{s.Title.Render(uitext.Fit(title, inner)), ""}
	for i, n := range d.needs {
		label := n.Label
		if n.Secret {
			label += " (secret: not shown, kept for this run only)"
		}
		lines = append(lines, s.Tool.Render(uitext.Fit(model.SanitizeLine(label), inner)))
		if n.Description != "" {
			lines = append(lines, s.Dim.Render(uitext.Fit(model.SanitizeLine(uitext.FirstLine(n.Description)), inner)))
		}
		d.fields[i].SetWidth(max(inner-3, 1))
		lines = append(lines, d.fields[i].View())
	}
	lines = append(lines, "")
	lines = append(lines, Foot(s, inner, d.err, false, "tab next · enter on the last one goes on · esc cancel")...)
	return s.Dialog.Width(w).Render(lipgloss.JoinVertical(lipgloss.Left, lines...))
}

// Help is the fields' keys.
func (d *Inputs) Help(k *kit.KeyMap) []key.Binding {
	return []key.Binding{k.FormNext, k.FormPrev, k.Cancel}
}

// ClientPick picks the client to add a registry server to.
type ClientPick struct {
	e       registry.Entry
	clients []string
	cursor  int
}

// NewClientPick picks one of clients to add e to.
func NewClientPick(e registry.Entry, clients []string) *ClientPick {
	return &ClientPick{e: e, clients: clients}
}

// Entry is the server to add.
func (d *ClientPick) Entry() registry.Entry { return d.e }

// Key moves among the clients and picks one.
func (d *ClientPick) Key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
	switch {
	case key.Matches(msg, k.Cancel):
		return kit.CloseDialog{}
	case key.Matches(msg, k.Accept):
		return ClientPicked{Entry: d.e, Client: d.clients[d.cursor]}
	case k.ListStep(msg, len(d.clients)) != 0:
		d.cursor = min(max(d.cursor+k.ListStep(msg, len(d.clients)), 0), len(d.clients)-1)
	}
	return nil
}

// Render draws the clients, the cursor on one.
func (d *ClientPick) Render(s *kit.Styles, width, height int) string {
	w := max(min(width-4, 60), 30)
	lines := []string{s.Title.Render(uitext.Fit("add "+model.SanitizeLine(registry.ShortName(d.e.Server.Name))+" to which client?", w-4)), ""}
	for i, c := range d.clients {
		lines = append(lines, listLine(s, []uitext.Seg{{Text: c, Style: s.Tool}}, w-4, i == d.cursor))
	}
	lines = append(lines, "", s.Dim.Render(uitext.Fit("enter picks · the user's config, as mcpeek add without --project", w-4)))
	return s.Dialog.Width(w).Render(lipgloss.JoinVertical(lipgloss.Left, lines...))
}

// Help is the list's keys.
func (d *ClientPick) Help(k *kit.KeyMap) []key.Binding {
	pick := k.Accept
	pick.SetHelp("enter", "pick")
	return []key.Binding{k.ResultDown, pick, k.Cancel}
}

// ConfigDiff shows the change adding a server makes to a client's config
// and writes it on y.
type ConfigDiff struct {
	plan    AddPlan
	top     int
	rows    int
	writing bool
}

// NewConfigDiff shows plan.
func NewConfigDiff(plan AddPlan) *ConfigDiff { return &ConfigDiff{plan: plan} }

// Key scrolls the change, writes it on y, or drops it on esc.
func (d *ConfigDiff) Key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
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
		return tea.Cmd(func() tea.Msg { return ConfigWritten{Plan: plan, Err: plan.Write()} })
	case k.ListStep(msg, d.rows) != 0:
		lines := strings.Count(d.plan.Diff, "\n")
		d.top = min(max(d.top+k.ListStep(msg, d.rows), 0), max(lines-d.rows, 0))
	}
	return nil
}

// Render draws the change, its notes, and the keys.
func (d *ConfigDiff) Render(s *kit.Styles, width, height int) string {
	w := max(min(width-4, 120), 30)
	inner := w - 4
	d.rows = max(height-8-len(d.plan.Notes), 1)
	lines := []string{s.Title.Render(uitext.Fit("add to "+model.SanitizeLine(d.plan.Path), inner)), ""}
	diff := strings.Split(strings.TrimRight(d.plan.Diff, "\n"), "\n")
	for _, l := range diff[min(d.top, len(diff)):min(d.top+d.rows, len(diff))] {
		st := s.Dim
		switch {
		case strings.HasPrefix(l, "+"):
			st = s.AddedMark
		case strings.HasPrefix(l, "-"):
			st = s.RemovedTool
		}
		lines = append(lines, st.Render(uitext.Fit(model.SanitizeLine(l), inner)))
	}
	for _, n := range d.plan.Notes {
		lines = append(lines, s.Dim.Render(uitext.Fit(model.SanitizeLine(n), inner)))
	}
	foot := "y writes it (the old file kept as .bak) · esc cancels"
	if d.writing {
		foot = "writing…"
	}
	lines = append(lines, "", s.Dim.Render(uitext.Fit(foot, inner)))
	return s.Dialog.Width(w).Render(lipgloss.JoinVertical(lipgloss.Left, lines...))
}

// Help is the keys that scroll and write.
func (d *ConfigDiff) Help(k *kit.KeyMap) []key.Binding {
	write := k.Overwrite
	write.SetHelp("y", "write")
	return []key.Binding{k.ResultDown, write, k.Cancel}
}

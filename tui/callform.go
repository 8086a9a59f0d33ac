package tui

import (
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient"
	"mcpeek/tui/callform"
	"mcpeek/tui/kit"
	"mcpeek/tui/toolview"
)

// callFormDialog is the call form (x on a tool) on the dialog stack: the
// form itself is a callform.Call; the dialog turns what it asks for into
// actions (the call to start, the editor to open, closing).
type callFormDialog struct {
	*callform.Call
	call callTool // the tool to call; args are filled on submit
	id   ticket   // tags the editor's answer
}

// newCallForm builds the call form of a tool, filled with the newest of
// sets, or with the schema's defaults when there is none.
func newCallForm(v *toolview.View, sets []callform.Set, id ticket, look callform.Look) *callFormDialog {
	return &callFormDialog{
		Call: callform.NewCall(callform.Tool{ID: uint64(id), ToolID: v.Tool.ID().String(), Name: v.Tool.Name,
			Raw: v.Tool.InputSchema, Input: v.Parsed.In, InputErr: v.Parsed.InErr,
			Tasks: mcpclient.ToolTaskSupport(v.Tool), Sets: sets, Look: look}),
		call: callTool{toolID: v.Tool.ID().String(), server: v.Tool.Server, tool: v.Tool.Name},
		id:   id,
	}
}

// callForm are the call form's keys.
func callFormKeys(k *kit.KeyMap) callform.CallKeys {
	return callform.CallKeys{Keys: formKeys(k), Cancel: k.Cancel, EditArgs: k.EditArgs, OlderArgs: k.OlderArgs, AsTask: k.AsTask}
}

// act is the kit.Action for what the form asked: the call with its
// arguments, the editor, closing; else the form's commands.
func (d *callFormDialog) act(o callform.Outcome, cmd tea.Cmd) kit.Action {
	switch o := o.(type) {
	case callform.Closed:
		return kit.CloseDialog{}
	case callform.Submitted:
		c := d.call
		c.args, c.asTask = o.Args, o.AsTask
		return submitCall{call: c}
	case callform.EditJSON:
		return editCmd{form: d.id, text: o.Text}
	}
	if cmd == nil {
		return nil
	}
	return cmd
}

func (d *callFormDialog) Key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
	return d.act(d.Call.Key(msg, callFormKeys(k)))
}

// Update takes a message other than a key: the editor's answer, or one
// for the form (a paste, what the form's commands sent back).
func (d *callFormDialog) Update(msg tea.Msg) kit.Action { return d.act(d.Call.Update(msg)) }

func (d *callFormDialog) Render(s *kit.Styles, width, height int) string {
	return d.View(callform.Styles{Frame: s.Dialog, Title: s.Title, Dim: s.Dim, StatusErr: s.StatusErr,
		Accent: s.Accent, ErrText: s.ErrText}, width, height)
}

func (d *callFormDialog) Help(k *kit.KeyMap) []key.Binding {
	if d.TaskOptional() {
		return []key.Binding{k.FormSubmit, k.FormNext, k.Cancel, k.AsTask, k.EditArgs, k.OlderArgs, k.FormPrev}
	}
	return []key.Binding{k.FormSubmit, k.FormNext, k.Cancel, k.EditArgs, k.OlderArgs, k.FormPrev}
}

// editCmd asks the root model to open text in the editor for the call form
// form: the root model holds how programs are run.
type editCmd struct {
	form ticket
	text string
}

// submitCall is the call form's submitted arguments: the form closes, the
// set is remembered, and the call starts.
type submitCall struct{ call callTool }

func (m *Model) submitCall(a submitCall) tea.Cmd {
	m.dialogs.Close()
	c, store := a.call, m.calls.args
	save := func() tea.Msg {
		if err := store.save(c.toolID, c.args, time.Now()); err != nil {
			return argsNotSavedMsg{err: err}
		}
		return nil
	}
	return tea.Batch(save, m.act(c))
}

// argsNotSavedMsg says the argument set could not be remembered.
type argsNotSavedMsg struct{ err error }

package tui

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"mcpeek/mcpclient/calls"
	"mcpeek/model"
	"mcpeek/tui/kit"
	"mcpeek/tui/uitext"
)

// Saving calls for `mcpeek test` (docs/calls.md): S on a result saves the
// call that made it (tool and arguments) to the calls file with the
// default assertion, under a name asked for in a one-line prompt. A on a
// value of the result adds an assertion on its path, with its value, to
// the call saved for this tool and these arguments, saving it first (with
// the same prompt) when it is not. The file is written by the calls
// package, as `mcpeek call --save` writes it.

// savedCalls is the calls file and the calls saved to it this session,
// by tool and arguments.
type savedCalls struct {
	path  string
	names map[string]string
}

func newSavedCalls(path string) savedCalls {
	if path == "" {
		path = calls.DefaultFile
	}
	return savedCalls{path: path, names: map[string]string{}}
}

// callKey is a call's tool and its arguments (compacted: spacing does not
// make another call).
func callKey(tool string, args json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, args) != nil {
		b.Reset()
		b.Write(args)
	}
	return tool + "\x00" + b.String()
}

// lastCall is the current tool's last call as the calls file saves it,
// and that call's result as an assertion reads it; ok is false when there
// is no result.
func (m *Model) lastCall() (c calls.Call, res calls.Result, ok bool) {
	v := m.current
	if v == nil || v.Last == nil || v.Last.Result == nil {
		return calls.Call{}, calls.Result{}, false
	}
	r := v.Last.Result
	args := v.Last.Args
	if len(bytes.TrimSpace(args)) == 0 {
		args = json.RawMessage("{}")
	}
	c = calls.Saved("", v.Tool.ID(), args, r.IsError)
	return c, calls.Result{IsError: r.IsError, Structured: r.StructuredContent, Text: r.Text}, true
}

// openSaveCall asks for the name to save the current tool's last call
// under (S); then, when assert is set, for that assertion (A on a value
// of a call not saved yet).
func (m *Model) openSaveCall(assert *pendingAssert) tea.Cmd {
	c, _, ok := m.lastCall()
	if !ok {
		return m.noResult("to save as a call")
	}
	in := textinput.New()
	in.Prompt = "name: "
	in.SetStyles(m.styles.Input)
	in.SetValue(m.current.Tool.Name)
	in.CursorEnd()
	in.SetWidth(40)
	d := &callNameDialog{field: in, call: c, file: m.saved.path, assert: assert, offered: true}
	m.dialogs.open(d)
	return d.field.Focus()
}

// callNameDialog asks for the name of a call to save.
type callNameDialog struct {
	field  textinput.Model
	call   calls.Call
	file   string
	assert *pendingAssert // asked for next, once the call is saved
	err    string         // why the last name was refused
	busy   bool           // the file is being written
	// offered: the name shown is the one offered (the tool's), which
	// the first character typed or pasted replaces; a key that moves or
	// deletes in it keeps it, to edit.
	offered bool
}

func (d *callNameDialog) key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
	if d.busy {
		return nil
	}
	switch {
	case key.Matches(msg, k.Cancel):
		return kit.CloseDialog{}
	case key.Matches(msg, k.Accept):
		name := strings.TrimSpace(d.field.Value())
		switch {
		case name == "":
			d.err = "give the call a name"
			return nil
		case strings.ContainsFunc(name, func(r rune) bool { return r < ' ' || r == 0x7f }):
			d.err = "a name holds no control characters"
			return nil
		}
		d.err, d.busy = "", true
		c := d.call
		c.Name = name
		return saveCall{call: c, file: d.file, assert: d.assert}
	}
	d.err = ""
	if d.offered {
		d.offered = false
		if msg.Text != "" {
			d.field.SetValue("")
		}
	}
	var cmd tea.Cmd
	d.field, cmd = d.field.Update(msg)
	return cmd
}

// paste takes a paste as one edit of the name.
func (d *callNameDialog) paste(text string) kit.Action {
	if d.busy {
		return nil
	}
	if d.offered {
		d.offered = false
		d.field.SetValue("")
	}
	var cmd tea.Cmd
	d.field, cmd = d.field.Update(tea.PasteMsg{Content: uitext.Paste(text, true)})
	return cmd
}

func (d *callNameDialog) render(s *kit.Styles, width, height int) string {
	w := max(min(width-4, 72), 30)
	d.field.SetWidth(w - 12)
	title := "save the call to " + d.file
	if d.assert != nil {
		title = "save the call, then assert on " + pathText(d.assert.p.Path)
	}
	lines := []string{s.Title.Render(fit(model.SanitizeLine(title), w-4)),
		s.Dim.Render(fit(model.SanitizeLine(d.call.Tool+" "+string(d.call.Arguments)), w-4)), d.field.View(), ""}
	lines = append(lines[:3], dialogFoot(s, w-4, d.err, d.busy, "enter save · esc cancel; mcpeek test runs it")...)
	return s.Dialog.Width(w).Render(lipgloss.JoinVertical(lipgloss.Left, lines...))
}

func (d *callNameDialog) help(k *kit.KeyMap) []key.Binding { return []key.Binding{k.Accept, k.Cancel} }

// saveCall writes a call to the calls file (enter in the name dialog).
type saveCall struct {
	call   calls.Call
	file   string
	assert *pendingAssert
}

// callSavedMsg says a call was saved, or why not. kept says the name was
// that of a call of the same tool and arguments already in the file,
// which A then adds to.
type callSavedMsg struct {
	saveCall
	kept bool
	err  error
}

// errSameCall stops a write: the file holds the call already.
var errSameCall = errors.New("the file holds this call")

// writeCall appends the call to the calls file. For A, a name the file
// holds for the same tool and arguments is that call: nothing is written.
func writeCall(a saveCall) tea.Cmd {
	return func() tea.Msg {
		err := calls.Update(a.file, func(f *calls.File) error {
			if old := f.Find(a.call.Name); old != nil && a.assert != nil &&
				callKey(old.Tool, old.Arguments) == callKey(a.call.Tool, a.call.Arguments) {
				return errSameCall
			}
			return f.Add(a.call)
		})
		if errors.Is(err, errSameCall) {
			return callSavedMsg{saveCall: a, kept: true}
		}
		return callSavedMsg{saveCall: a, err: err}
	}
}

// callSaved closes the name dialog, or shows in it why the name was
// refused; then asks for the assertion A was pressed for.
func (m *Model) callSaved(msg callSavedMsg) tea.Cmd {
	if cmd, ok := endWrite[*callNameDialog](m, msg.err); !ok {
		return cmd
	}
	c := msg.call
	m.saved.names[callKey(c.Tool, c.Arguments)] = c.Name
	text := "saved call " + quoteName(c.Name) + " to " + msg.file
	switch {
	case msg.kept:
		text = "the call " + quoteName(c.Name) + " is in " + msg.file + " already"
	case c.Expect.IsError != nil:
		text += " (expecting isError: true, as this result had it)"
	}
	if s := calls.SecretLooking(c.Arguments); len(s) > 0 {
		text += "; argument " + strings.Join(s, ", ") + " is saved as written: if it is a secret, write \"${env:NAME}\" in the file"
	}
	if msg.assert != nil {
		return tea.Batch(m.setStatus(model.SanitizeLine(text), false), m.openAssert(c.Name, *msg.assert))
	}
	return m.setStatus(model.SanitizeLine(text)+" · mcpeek test runs it", false)
}

func quoteName(s string) string { return `"` + s + `"` }

// pathText is a path as the dialogs and the status line write it.
func pathText(p string) string {
	if p == "" {
		return "the result"
	}
	return p
}

func (d *callNameDialog) refuse(err error) { d.busy, d.err = false, err.Error() }

// writingDialog is a dialog that waits on a write of the calls file and
// shows, in itself, why the write was refused.
type writingDialog interface {
	dialog
	refuse(err error)
}

// endWrite ends the write a dialog of type D waited on: with an error the
// dialog, when still on top, shows it and stays (else the status line
// says it); without one the dialog closes. ok says the write went through.
func endWrite[D writingDialog](m *Model, err error) (cmd tea.Cmd, ok bool) {
	d, open := m.dialogs.top().(D)
	if err != nil {
		if open {
			d.refuse(err)
			return nil, false
		}
		return m.setStatus(model.SanitizeLine(err.Error()), true), false
	}
	if open {
		m.dialogs.close()
	}
	return nil, true
}

package tui

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"

	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient/calls"
	"mcpeek/model"
	"mcpeek/tui/dialog"
	"mcpeek/tui/kit"
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
	c = calls.Saved("", v.Tool.ID().String(), args, r.IsError)
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
	title := "save the call to " + m.calls.saved.path
	if assert != nil {
		title = "save the call, then assert on " + pathText(assert.p.Path)
	}
	file := m.calls.saved.path
	d := dialog.NewText(dialog.TextSpec{Title: title, About: c.Tool + " " + string(c.Arguments),
		Field: dialog.NewField(m.styles.Input, "name: ", m.current.Tool.Name, true),
		Keys:  "enter save · esc cancel; mcpeek test runs it", Writes: true,
		Accept: func(text string) (kit.Action, error) {
			name := strings.TrimSpace(text)
			switch {
			case name == "":
				return nil, errors.New("give the call a name")
			case strings.ContainsFunc(name, func(r rune) bool { return r < ' ' || r == 0x7f }):
				return nil, errors.New("a name holds no control characters")
			}
			c := c
			c.Name = name
			return saveCall{call: c, file: file, assert: assert}, nil
		}})
	m.dialogs.Open(d)
	return d.Focus()
}

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
	if cmd, ok := endWrite(m, msg.err); !ok {
		return cmd
	}
	c := msg.call
	m.calls.saved.names[callKey(c.Tool, c.Arguments)] = c.Name
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

// endWrite ends the write the dialog on top waited on: with an error the
// dialog, when still on top, shows it and stays (else the status line
// says it); without one the dialog closes. ok says the write went through.
func endWrite(m *Model, err error) (cmd tea.Cmd, ok bool) {
	d, open := m.dialogs.Top().(*dialog.Text)
	open = open && d.Writing()
	if err != nil {
		if open {
			d.Refuse(err)
			return nil, false
		}
		return m.setStatus(model.SanitizeLine(err.Error()), true), false
	}
	if open {
		m.dialogs.Close()
	}
	return nil, true
}

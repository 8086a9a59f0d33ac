package tui

import (
	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient/calls"
	"mcpeek/model"
	"mcpeek/model/fieldpath"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/dialog"
	"mcpeek/tui/kit"
	"mcpeek/tui/resultview"
)

// assertValue asks for an assertion on the value under the cursor of the
// result view (A): path is where a calls file finds it, why (when not "")
// why it cannot be asserted on.
type assertValue struct {
	path string
	v    *model.Value
	why  string
}

// pendingAssert is an assertion proposed on a result, before it is
// written.
type pendingAssert struct {
	p   calls.PathAssert
	res calls.Result // the result it was proposed on
}

// assertOn is A on line n of the result view. A calls file reads a
// result's structuredContent, else its text as JSON: a value of a text
// block counts only when there is no structuredContent.
func assertOn(n *schematree.Node, structured bool) assertValue {
	d, ok := resultview.ValueOf(n)
	if !ok {
		return assertValue{why: "no value under the cursor: A asserts on a value of structuredContent"}
	}
	for a := n; a != nil; a = a.Parent() {
		if a.Kind == schematree.KindSection && a.Name != "structuredContent" && (a.Name != "content" || structured) {
			return assertValue{why: "A asserts on a value of structuredContent, which mcpeek test reads"}
		}
	}
	path, why := callsPath(d)
	return assertValue{path: path, v: d.V, why: why}
}

// callsPath is the path of a value as a calls file writes it: its keys
// from the root of the result down (quoted, ["a.x"], when one holds ".",
// "[" or "]"), "[]" for the items of an array. It
// is the path y copies (the line's), except that it starts at the root of
// structuredContent also when the tool's fields sit in an envelope's
// "data". why says why the value cannot be named so.
func callsPath(d *resultview.ValueLine) (path, why string) {
	var steps []*resultview.ValueLine
	for at := d; at.Parent != nil; at = at.Parent {
		steps = append(steps, at)
	}
	for i := len(steps) - 1; i >= 0; i-- {
		at := steps[i]
		if at.Parent.V.Kind == model.JSONArray {
			if path == "" {
				return "", "the result is an array: a path starts at an object's key"
			}
			path += "[]"
			continue
		}
		if w := calls.Writable(at.Key); w != "" {
			return "", w
		}
		path = fieldpath.Join(path, fieldpath.Name(at.Key)) // a key the grammar would misread is quoted
	}
	return path, ""
}

// startAssert proposes an assertion on the value A was pressed on: to the
// call saved for this tool and arguments, or, when there is none yet,
// after the call is saved.
func (m *Model) startAssert(a assertValue) tea.Cmd {
	c, res, ok := m.lastCall()
	switch {
	case !ok:
		return m.noResult("to assert on")
	case res.IsError:
		return m.setStatus("an error result: S saves the call expecting isError, A asserts on a result's values", true)
	case a.why != "":
		return m.setStatus(model.SanitizeLine(a.why), true)
	}
	pending := pendingAssert{p: calls.Suggest(a.path, a.v, res), res: res}
	if name, ok := m.calls.saved.names[callKey(c.Tool, c.Arguments)]; ok {
		return m.openAssert(name, pending)
	}
	return m.openSaveCall(&pending)
}

// openAssert asks to confirm an assertion, its expected value editable,
// before it is added to the call named name.
func (m *Model) openAssert(name string, a pendingAssert) tea.Cmd {
	file := m.calls.saved.path
	spec := dialog.TextSpec{Title: "assert on " + pathText(a.p.Path), About: "in the call " + quoteName(name) + " of " + file,
		Fixed: "exists", Keys: "enter adds · esc cancel", Writes: true,
		Accept: func(text string) (kit.Action, error) {
			p := a.p
			if p.Kind() != "exists" {
				var err error
				if p, err = p.WithExpected(text); err != nil {
					return nil, err
				}
			}
			return addAssert{file: file, name: name, p: p, res: a.res}, nil
		}}
	if kind := a.p.Kind(); kind != "exists" {
		spec.Field = dialog.NewField(m.styles.Input, kind+": ", a.p.Expected(), false)
		spec.Keys = "edit the expected value · " + spec.Keys
	}
	d := dialog.NewText(spec)
	m.dialogs.Open(d)
	return d.Focus()
}

// addAssert adds an assertion to a saved call (enter in the dialog).
type addAssert struct {
	file, name string
	p          calls.PathAssert
	res        calls.Result
}

// assertAddedMsg says an assertion was added, or why not.
type assertAddedMsg struct {
	addAssert
	err error
}

func writeAssert(a addAssert) tea.Cmd {
	return func() tea.Msg {
		err := calls.Update(a.file, func(f *calls.File) error { return f.AssertOn(a.name, a.p) })
		return assertAddedMsg{addAssert: a, err: err}
	}
}

// assertAdded closes the dialog and says what was added, and whether it
// holds on the result it was made on; or shows in the dialog why not.
func (m *Model) assertAdded(msg assertAddedMsg) tea.Cmd {
	if cmd, ok := endWrite(m, msg.err); !ok {
		return cmd
	}
	// The file was named in the dialog: the status line keeps to what
	// was added, which a narrow screen cuts last.
	text := "added " + msg.p.String() + " to " + quoteName(msg.name)
	for _, v := range msg.p.Check(msg.res) {
		if !v.OK {
			got := v.Got
			if v.Path != msg.p.Path {
				got = v.Path + ": " + got
			}
			return m.setStatus(model.SanitizeLine(text+"; fails on this result: got "+got), true)
		}
	}
	return m.setStatus(model.SanitizeLine(text), false)
}

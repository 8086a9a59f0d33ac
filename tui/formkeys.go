package tui

import (
	"errors"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
)

// A fieldsForm's keys: it moves its focus and submits itself, within the
// key that asks for it, instead of by huh's messages a key later.

// key handles a key press: tab and enter move to the next field (enter
// on the button submits), shift+tab to the previous one, the submit key
// submits from any field; any other key goes to the field with the focus.
// The moves are made here, before the next key is read.
func (f *fieldsForm) key(msg tea.KeyPressMsg, k *keyMap) tea.Cmd {
	f.refusal = nil
	var cmd tea.Cmd
	switch {
	case key.Matches(msg, k.FormSubmit):
		cmd = f.submit()
	case f.focused() == len(f.items)-1 && key.Matches(msg, k.Accept):
		cmd = f.submit()
	case key.Matches(msg, k.FormNext):
		cmd = f.move(1)
	case key.Matches(msg, k.FormPrev):
		cmd = f.move(-1)
	default:
		_, cmd = f.form.Update(msg)
		f.pull()
	}
	return tea.Batch(f.started(), cmd)
}

// update passes a message other than a key to the form: a paste (made
// safe for the field it lands in), or what one of its commands sent back
// (a cursor blink). It returns the form's commands, for Bubble Tea to run
// off the UI loop; their messages come back through the root model.
func (f *fieldsForm) update(msg tea.Msg) tea.Cmd {
	if p, ok := msg.(tea.PasteMsg); ok {
		i := f.focused()
		if i >= len(f.fields) {
			return nil
		}
		switch f.fields[i].kind {
		case kindText, kindList:
			p.Content = pasteText(p.Content, false)
		case kindBool, kindChoice, kindMulti, kindObject:
			return nil // a choice is not typed
		default:
			p.Content = pasteText(p.Content, true)
		}
		msg = p
	}
	_, cmd := f.form.Update(msg)
	f.pull()
	return tea.Batch(f.started(), cmd)
}

// pull copies the picks of the multiple choices into their texts, one
// choice per line.
func (f *fieldsForm) pull() {
	for i, p := range f.picks {
		if p != nil {
			*f.texts[i] = strings.Join(*p, "\n")
		}
	}
}

// focused is the index of the item with the focus (len(fields) and on
// are the note and the button).
func (f *fieldsForm) focused() int {
	at := f.form.GetFocusedField()
	for i, it := range f.items {
		if it == at {
			return i
		}
	}
	return len(f.items) - 1
}

// move moves the focus to the next (dir 1) or the previous (-1) field
// that takes it; tab on the button goes round to the first field.
func (f *fieldsForm) move(dir int) tea.Cmd {
	to := f.takes(f.focused()+dir, dir)
	if to < 0 && dir > 0 {
		to = f.takes(0, 1)
	}
	if to < 0 {
		return nil
	}
	return f.focus(to)
}

// takes is the first item from i on, going dir, that takes the focus; -1
// for none.
func (f *fieldsForm) takes(i, dir int) int {
	for ; i >= 0 && i < len(f.items); i += dir {
		if !f.items[i].Skip() {
			return i
		}
	}
	return -1
}

// focus moves the focus to item i, which takes it, one field at a time
// as huh moves, all at once; each field left is marked left. No move
// goes past the last or the first item that takes the focus (huh would
// end the form, a message later).
func (f *fieldsForm) focus(i int) tea.Cmd {
	var cmds []tea.Cmd
	for range len(f.items) {
		at := f.focused()
		if at == i {
			break
		}
		if at < len(f.fields) {
			f.left[at] = true
		}
		if at < i {
			cmds = append(cmds, f.form.NextField())
		} else {
			cmds = append(cmds, f.form.PrevField())
		}
	}
	return tea.Batch(cmds...)
}

// submit asks check whether the form may complete; a refusal that names
// a field moves the focus there.
func (f *fieldsForm) submit() tea.Cmd {
	f.tried = true
	err := f.check()
	if err == nil {
		f.submitted = true
		return nil
	}
	f.refusal = err
	return f.focusRefused(err)
}

// focusRefused moves the focus to the field a refusal names: the field,
// or for a heading (an object's, which takes no focus) the first field
// under it.
func (f *fieldsForm) focusRefused(err error) tea.Cmd {
	var at fieldRefusal
	if !errors.As(err, &at) || at.field < 0 || at.field >= len(f.fields) {
		return nil
	}
	if i := f.takes(at.field, 1); i >= 0 {
		return f.focus(i)
	}
	return nil
}

// changed reports whether the user changed a field since the form was
// built.
func (f *fieldsForm) changed() bool { return !slices.Equal(f.values(), f.built) }

// asked is the question an esc asks before it drops what the user typed
// into a form: the first esc returns true (ask), a second one, or an esc
// on an untouched form, false; any other key withdraws the question.
type asked struct{ pending bool }

// esc reports whether this esc is to ask first.
func (a *asked) esc(changed bool) bool {
	if a.pending || !changed {
		return false
	}
	a.pending = true
	return true
}

// refused is why the last submit was refused, or nil.
func (f *fieldsForm) refused() error { return f.refusal }

// aborted reports whether the user left the form with huh's own quit key.
func (f *fieldsForm) aborted() bool { return f.form.State == huh.StateAborted }

// done reports whether a submit was let through by check.
func (f *fieldsForm) done() bool { return f.submitted }

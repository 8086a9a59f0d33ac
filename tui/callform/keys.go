package callform

import (
	"errors"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"

	"mcpeek/tui/uitext"
)

// A Form's keys: it moves its focus and submits itself, within the
// key that asks for it, instead of by huh's messages a key later.

// Keys are the bindings a Form answers itself; the explorer declares
// them with its other keys and hands them in.
type Keys struct {
	// Submit submits from any field; Accept (enter) submits on the
	// button; Next and Prev move the focus.
	Submit, Accept, Next, Prev key.Binding
}

// Key handles a key press: tab and enter move to the next field (enter
// on the button submits), shift+tab to the previous one, the submit key
// submits from any field; any other key goes to the field with the focus.
// The moves are made here, before the next key is read.
func (f *Form) Key(msg tea.KeyPressMsg, k Keys) tea.Cmd {
	f.refusal = nil
	var cmd tea.Cmd
	switch {
	case key.Matches(msg, k.Submit):
		cmd = f.submit()
	case f.Focused() == len(f.items)-1 && key.Matches(msg, k.Accept):
		cmd = f.submit()
	case key.Matches(msg, k.Next):
		cmd = f.move(1)
	case key.Matches(msg, k.Prev):
		cmd = f.move(-1)
	default:
		_, cmd = f.form.Update(msg)
		f.pull()
	}
	return tea.Batch(f.Started(), cmd)
}

// Update passes a message other than a key to the form: a paste (made
// safe for the field it lands in), or what one of its commands sent back
// (a cursor blink). It returns the form's commands, for Bubble Tea to run
// off the UI loop; their messages come back through the explorer's Update.
func (f *Form) Update(msg tea.Msg) tea.Cmd {
	if p, ok := msg.(tea.PasteMsg); ok {
		i := f.Focused()
		if i >= len(f.Fields) {
			return nil
		}
		switch f.Fields[i].Kind {
		case KindText, KindList:
			p.Content = uitext.Paste(p.Content, false)
		case KindBool, KindChoice, KindMulti, KindObject:
			return nil // a choice is not typed
		default:
			p.Content = uitext.Paste(p.Content, true)
		}
		msg = p
	}
	_, cmd := f.form.Update(msg)
	f.pull()
	return tea.Batch(f.Started(), cmd)
}

// pull copies the picks of the multiple choices into their texts, one
// choice per line.
func (f *Form) pull() {
	for i, p := range f.picks {
		if p != nil {
			*f.texts[i] = strings.Join(*p, "\n")
		}
	}
}

// Focused is the index of the item with the focus (len(fields) and on
// are the note and the button).
func (f *Form) Focused() int {
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
func (f *Form) move(dir int) tea.Cmd {
	to := f.takes(f.Focused()+dir, dir)
	if to < 0 && dir > 0 {
		to = f.takes(0, 1)
	}
	if to < 0 {
		return nil
	}
	return f.Focus(to)
}

// takes is the first item from i on, going dir, that takes the focus; -1
// for none.
func (f *Form) takes(i, dir int) int {
	for ; i >= 0 && i < len(f.items); i += dir {
		if !f.items[i].Skip() {
			return i
		}
	}
	return -1
}

// Focus moves the focus to item i, which takes it, one field at a time
// as huh moves, all at once; each field left is marked left. No move
// goes past the last or the first item that takes the focus (huh would
// end the form, a message later).
func (f *Form) Focus(i int) tea.Cmd {
	var cmds []tea.Cmd
	for range len(f.items) {
		at := f.Focused()
		if at == i {
			break
		}
		if at < len(f.Fields) {
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
func (f *Form) submit() tea.Cmd {
	f.tried = true
	err := f.Check()
	if err == nil {
		f.submitted = true
		return nil
	}
	f.refusal = err
	return f.FocusRefused(err)
}

// FocusRefused moves the focus to the field a refusal names: the field,
// or for a heading (an object's, which takes no focus) the first field
// under it.
func (f *Form) FocusRefused(err error) tea.Cmd {
	var at Refusal
	if !errors.As(err, &at) || at.Field < 0 || at.Field >= len(f.Fields) {
		return nil
	}
	if i := f.takes(at.Field, 1); i >= 0 {
		return f.Focus(i)
	}
	return nil
}

// Changed reports whether the user changed a field since the form was
// built.
func (f *Form) Changed() bool { return !slices.Equal(f.Values(), f.built) }

// Try marks every error as if a submit was tried (an empty required
// field's too), as the dialog does when it refuses the arguments itself.
func (f *Form) Try() { f.tried = true }

// Refused is why the last submit was refused, or nil.
func (f *Form) Refused() error { return f.refusal }

// Aborted reports whether the user left the form with huh's own quit key.
func (f *Form) Aborted() bool { return f.form.State == huh.StateAborted }

// Done reports whether a submit was let through by check.
func (f *Form) Done() bool { return f.submitted }

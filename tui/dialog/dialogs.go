// Package dialog is the explorer's dialog stack and the dialogs drawn on
// it: windows over the screen that have every key while on top and say
// what they want done by returning a kit.Action. The root opens them,
// handing each the values it needs, and draws the stack over the screen.
package dialog

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"mcpeek/tui/kit"
)

// Dialog is a window over the screen. While it is on top of the dialog
// stack it has every key, and the mouse does nothing; it says what it
// wants done by returning a kit.Action (kit.CloseDialog to go away).
type Dialog interface {
	// Key handles a key press.
	Key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action
	// Render draws the dialog in at most width x height cells; the
	// stack centres it on the screen.
	Render(s *kit.Styles, width, height int) string
	// Help is the short help while the dialog has the keys.
	Help(k *kit.KeyMap) []key.Binding
}

// MsgTaker is a dialog that takes messages other than keys: a paste, an
// answer it waits for, what its own commands sent back (a form's moves
// between fields and cursor blinks). The root model hands it every
// message that is not its own while it is on top.
type MsgTaker interface {
	Update(msg tea.Msg) kit.Action
}

// Paster is a dialog with one line of text that takes a paste as one
// edit of it (the field search, the save prompt).
type Paster interface {
	Paste(text string) kit.Action
}

// Stack is the stack of open dialogs, drawn over the screen bottom first;
// the top one has the keys. (The result laid over a schema is not a
// dialog: it is the overlay.)
type Stack struct{ stack []Dialog }

// Open puts d on top.
func (s *Stack) Open(d Dialog) { s.stack = append(s.stack, d) }

// Close closes the top dialog.
func (s *Stack) Close() {
	if n := len(s.stack); n > 0 {
		s.stack[n-1] = nil
		s.stack = s.stack[:n-1]
	}
}

// Remove closes dialog d wherever it is in the stack.
func (s *Stack) Remove(d Dialog) {
	for i, x := range s.stack {
		if x == d {
			s.stack = append(s.stack[:i], s.stack[i+1:]...)
			return
		}
	}
}

// Top is the dialog that has the keys, or nil.
func (s *Stack) Top() Dialog {
	if n := len(s.stack); n > 0 {
		return s.stack[n-1]
	}
	return nil
}

// Find is the dialog of type D nearest the bottom of the stack, if one is
// open.
func Find[D Dialog](s *Stack) (D, bool) {
	for _, d := range s.stack {
		if d, ok := d.(D); ok {
			return d, true
		}
	}
	var none D
	return none, false
}

// Each is every open dialog that satisfies D, bottom first.
func Each[D any](s *Stack) []D {
	var out []D
	for _, d := range s.stack {
		if d, ok := d.(D); ok {
			out = append(out, d)
		}
	}
	return out
}

// Draw puts the dialogs over the screen, each centred. With none open the
// screen is returned as it is.
func (s *Stack) Draw(st *kit.Styles, screen string, width, height int) string {
	if len(s.stack) == 0 {
		return screen
	}
	layers := []*lipgloss.Layer{lipgloss.NewLayer(screen)}
	for i, d := range s.stack {
		box := d.Render(st, width, height)
		x, y := (width-lipgloss.Width(box))/2, (height-lipgloss.Height(box))/2
		layers = append(layers, lipgloss.NewLayer(box).X(max(x, 0)).Y(max(y, 0)).Z(i+1))
	}
	return lipgloss.NewCanvas(width, height).Compose(lipgloss.NewCompositor(layers...)).Render()
}

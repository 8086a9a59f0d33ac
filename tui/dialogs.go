package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"mcpeek/tui/kit"
)

// dialog is a window over the screen. While it is on top of the dialog
// stack it has every key, and the mouse does nothing; it says what it wants done
// by returning an kit.Action (closeDialog to go away).
type dialog interface {
	// key handles a key press.
	key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action
	// render draws the dialog in at most width x height cells; the
	// stack centres it on the screen.
	render(s *kit.Styles, width, height int) string
	// help is the short help while the dialog has the keys.
	help(k *kit.KeyMap) []key.Binding
}

// msgTaker is a dialog that takes messages other than keys: a paste, an
// answer it waits for, what its own commands sent back (a huh form's moves
// between fields and cursor blinks). The root model hands it every message
// that is not its own while it is on top.
type msgTaker interface {
	update(msg tea.Msg) kit.Action
}

// dialogs is the stack of open dialogs, drawn over the screen bottom
// first; the top one has the keys. (The result laid over a schema is the
// overlay: package toolview.)
type dialogs struct{ stack []dialog }

func (ds *dialogs) open(d dialog) { ds.stack = append(ds.stack, d) }

// close closes the top dialog.
func (ds *dialogs) close() {
	if n := len(ds.stack); n > 0 {
		ds.stack[n-1] = nil
		ds.stack = ds.stack[:n-1]
	}
}

// top is the dialog that has the keys, or nil.
func (ds *dialogs) top() dialog {
	if n := len(ds.stack); n > 0 {
		return ds.stack[n-1]
	}
	return nil
}

// draw puts the dialogs over the screen, each centred. With none open the
// screen is returned as it is.
func (ds *dialogs) draw(s *kit.Styles, screen string, width, height int) string {
	if len(ds.stack) == 0 {
		return screen
	}
	layers := []*lipgloss.Layer{lipgloss.NewLayer(screen)}
	for i, d := range ds.stack {
		box := d.render(s, width, height)
		x, y := (width-lipgloss.Width(box))/2, (height-lipgloss.Height(box))/2
		layers = append(layers, lipgloss.NewLayer(box).X(max(x, 0)).Y(max(y, 0)).Z(i+1))
	}
	return lipgloss.NewCanvas(width, height).Compose(lipgloss.NewCompositor(layers...)).Render()
}

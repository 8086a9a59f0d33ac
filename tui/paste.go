package tui

import (
	tea "charm.land/bubbletea/v2"

	"mcpeek/tui/dialog"
	"mcpeek/tui/uitext"
)

// paste takes a bracketed paste (every modern terminal sends one for a
// paste) as one edit of the input that has the keys: the dialog on top
// (a form, the field search, the save prompt), else the filter or the
// search. Nothing else takes text.
func (m *Model) paste(msg tea.PasteMsg) tea.Cmd {
	if m.forms.held(msg) {
		return nil
	}
	if d := m.dialogs.Top(); d != nil {
		if p, ok := d.(dialog.Paster); ok {
			return m.act(p.Paste(msg.Content))
		}
		return m.toDialog(msg) // a form makes it safe for its field
	}
	if m.input.mode == inputNone {
		return nil
	}
	var cmd tea.Cmd
	was := m.input.field.Value()
	m.input.field, cmd = m.input.field.Update(tea.PasteMsg{Content: uitext.Paste(msg.Content, true)})
	return m.inputEdited(cmd, m.input.field.Value() != was)
}

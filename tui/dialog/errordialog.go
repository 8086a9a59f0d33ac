package dialog

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/tui/kit"
	"mcpeek/tui/uitext"
)

// Fatal covers the whole screen with an error the app cannot go on from
// (the servers' backend could not start); only the quit key works.
type Fatal struct{ Err error }

// Key quits on the quit key and ignores any other.
func (d Fatal) Key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
	if key.Matches(msg, k.Quit) {
		return kit.QuitApp{}
	}
	return nil
}

// Render fills the screen with the error.
func (d Fatal) Render(s *kit.Styles, width, height int) string {
	text := s.StatusErr.Render("mcpeek cannot go on") + "\n\n" + model.Sanitize(d.Err.Error()) +
		"\n\n" + s.Dim.Render("q quits")
	return uitext.PadLines(text, width, height)
}

// Help is the quit key.
func (d Fatal) Help(k *kit.KeyMap) []key.Binding { return []key.Binding{k.Quit} }

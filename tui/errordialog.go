package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/tui/kit"
)

// fatalDialog covers the whole screen with an error the app cannot go on
// from (the servers' backend could not start); only the quit key works.
type fatalDialog struct{ err error }

func (d fatalDialog) key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
	if key.Matches(msg, k.Quit) {
		return kit.QuitApp{}
	}
	return nil
}

func (d fatalDialog) render(s *kit.Styles, width, height int) string {
	text := s.StatusErr.Render("mcpeek cannot go on") + "\n\n" + model.Sanitize(d.err.Error()) +
		"\n\n" + s.Dim.Render("q quits")
	return padLines(text, width, height)
}

func (d fatalDialog) help(k *kit.KeyMap) []key.Binding { return []key.Binding{k.Quit} }

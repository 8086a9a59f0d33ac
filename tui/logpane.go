package tui

import (
	tea "charm.land/bubbletea/v2"

	"mcpeek/tui/logview"
)

// The log screen (M) is package logview's; the root hands it the keys,
// the server selected and the rows of the body, and sets levels through
// the backend.

// logsKey handles a key while the log screen is open (M opens it).
func (m *Model) logsKey(msg tea.KeyPressMsg) tea.Cmd {
	if a, ok := m.offers.logs.Key(msg, &m.keys, m.logRows()).(logview.StepLevel); ok {
		return m.stepLogLevel(a.Dir)
	}
	return nil
}

// logRows are the rows of messages under the log screen's head line.
func (m *Model) logRows() int { return max(m.term.layout.bodyH-1, 1) }

// stepLogLevel asks the selected server for its messages from the next
// level up (dir 1) or down (-1), with logging/setLevel.
func (m *Model) stepLogLevel(dir int) tea.Cmd {
	o := m.offerer()
	srv, ok := m.selectedServer()
	switch {
	case o == nil || !ok:
		return m.setStatus("select a server first", true)
	case !srv.Offers.Logging:
		return m.setStatus(srv.Name+" does not say it logs (no logging capability)", true)
	}
	return m.offers.logs.Step(m.life.ctx, o, srv.Name, dir)
}

func (m *Model) logLevelSet(msg logview.LevelSetMsg) tea.Cmd {
	if msg.Err != nil {
		return m.setStatus(errorf("set log level: %w", msg.Err).Error(), true)
	}
	return m.setStatus(msg.Server+": log messages from "+msg.Level+" up", false)
}

// logView draws the log screen over the body.
func (m *Model) logView() string {
	name := ""
	if srv, ok := m.selectedServer(); ok {
		name = srv.Name
	}
	return m.offers.logs.Render(&m.styles, name, m.term.width, m.logRows())
}

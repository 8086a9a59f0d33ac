package tui

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient"
	"mcpeek/model"
)

// maxLogScreenLines bounds the log messages the log screen keeps, of all
// servers: a ring, the oldest dropped first.
const maxLogScreenLines = 2000

// logScreen is the log screen (M): the log messages servers sent
// (notifications/message), newest at the bottom, over the whole body. The
// messages come from the servers' snapshots, which keep the last few of
// each; the screen keeps more, in a ring.
type logScreen struct {
	open  bool
	ring  []logLine // maxLogScreenLines at most; start is the oldest
	start int
	// seen is the time of the newest message taken, by server.
	seen map[string]time.Time
	// back is how many lines the view is scrolled up from the newest.
	back int
	// levels are the levels set from here, by server.
	levels map[string]string
}

// logLine is one message and the server that sent it.
type logLine struct {
	server string
	msg    model.LogMessage
}

// logLevelSetMsg is the answer to a change of a server's log level.
type logLevelSetMsg struct {
	server, level string
	err           error
}

// len is how many lines the ring holds.
func (l *logScreen) len() int { return len(l.ring) }

// at is the i-th line, oldest first.
func (l *logScreen) at(i int) logLine { return l.ring[(l.start+i)%len(l.ring)] }

// push adds a line, dropping the oldest when the ring is full.
func (l *logScreen) push(line logLine) {
	if len(l.ring) < maxLogScreenLines {
		l.ring = append(l.ring, line)
		return
	}
	l.ring[l.start] = line
	l.start = (l.start + 1) % len(l.ring)
	if l.back > 0 {
		l.back = min(l.back+1, len(l.ring)) // the view stays on its lines
	}
}

// take adds the messages of the servers' snapshots newer than those taken.
func (l *logScreen) take(servers []model.Server) {
	if l.seen == nil {
		l.seen = map[string]time.Time{}
	}
	for _, srv := range servers {
		last := l.seen[srv.Name]
		for _, msg := range srv.Log {
			if msg.Time.After(last) {
				l.push(logLine{server: srv.Name, msg: msg})
				l.seen[srv.Name] = msg.Time
			}
		}
	}
}

// logsKey handles a key while the log screen is open (M opens it).
func (m *Model) logsKey(msg tea.KeyPressMsg) tea.Cmd {
	k := &m.keys
	l := &m.offers.logs
	rows := max(m.layout.bodyH-1, 1)
	switch {
	case key.Matches(msg, k.Logs), key.Matches(msg, k.Cancel):
		l.open = !l.open
		l.back = 0
	case key.Matches(msg, k.Up):
		l.back++
	case key.Matches(msg, k.Down):
		l.back--
	case key.Matches(msg, k.PageUp):
		l.back += rows
	case key.Matches(msg, k.PageDown):
		l.back -= rows
	case key.Matches(msg, k.Top):
		l.back = l.len()
	case key.Matches(msg, k.Bottom):
		l.back = 0
	case key.Matches(msg, k.LevelUp):
		return m.stepLogLevel(1)
	case key.Matches(msg, k.LevelDown):
		return m.stepLogLevel(-1)
	}
	l.back = min(max(l.back, 0), max(l.len()-rows, 0))
	return nil
}

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
	l := &m.offers.logs
	now := cmp.Or(l.levels[srv.Name], "info")
	i := slices.Index(mcpclient.LogLevels, now) + dir
	i = min(max(i, 0), len(mcpclient.LogLevels)-1)
	level := mcpclient.LogLevels[i]
	if l.levels == nil {
		l.levels = map[string]string{}
	}
	l.levels[srv.Name] = level
	ctx, server := m.ctx, srv.Name
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		return logLevelSetMsg{server: server, level: level, err: o.SetLogLevel(ctx, server, level)}
	}
}

func (m *Model) logLevelSet(msg logLevelSetMsg) tea.Cmd {
	if msg.err != nil {
		return m.setStatus(errorf("set log level: %w", msg.err).Error(), true)
	}
	return m.setStatus(msg.server+": log messages from "+msg.level+" up", false)
}

// logView draws the log screen: a head line, then the newest messages
// that fit, each one line, sanitised. Its cost is the screen's height.
func (m *Model) logView() string {
	s := &m.styles
	l := &m.offers.logs
	w := m.width
	level := "info"
	name := "no server"
	if srv, ok := m.selectedServer(); ok {
		name = srv.Name
		level = cmp.Or(l.levels[srv.Name], "info")
	}
	head := s.PaneTitleFocus.Render("Server log") + s.Dim.Render("  "+plural(l.len(), "message")+
		" · "+model.SanitizeLine(name)+" from "+level+" up · +/-: level · M: back")
	rows := max(m.layout.bodyH-1, 1)
	end := l.len() - l.back
	start := max(end-rows, 0)
	lines := []string{fit(head, w)}
	if l.len() == 0 {
		lines = append(lines, s.Dim.Render("No log messages yet. +/- asks the selected server for more or fewer."))
	}
	for i := start; i < end; i++ {
		ln := l.at(i)
		st := s.Dim
		switch ln.msg.Level {
		case "warning", "error", "critical", "alert", "emergency":
			st = s.ErrText
		}
		text := ln.msg.Time.Format("15:04:05") + " " + model.SanitizeLine(ln.server) + " " +
			model.SanitizeLine(ln.msg.String())
		lines = append(lines, st.Render(fit(text, w)))
	}
	return strings.Join(lines, "\n")
}

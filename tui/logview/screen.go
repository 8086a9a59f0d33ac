package logview

import (
	"cmp"
	"context"
	"mcpeek/tui/kit"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/tui/uitext"
)

// Keep bounds the log messages the screen keeps, of all servers: a ring,
// the oldest dropped first.
const Keep = 2000

// Screen is the log screen. The messages come from the servers'
// snapshots, which keep the last few of each; the screen keeps more, in a
// ring.
type Screen struct {
	// Open says the screen is shown.
	Open  bool
	ring  []line // Keep at most; start is the oldest
	start int
	// seen is the time of the newest message taken, by server.
	seen map[string]time.Time
	// back is how many lines the view is scrolled up from the newest.
	back int
	// levels are the levels set from here, by server.
	levels map[string]string
}

// line is one message and the server that sent it.
type line struct {
	server string
	msg    model.LogMessage
}

// Action is what the screen asks of the explorer after a key.
type Action interface{ action() }

// StepLevel asks to set the selected server's level one step up (Dir 1)
// or down (-1): Step and SetLevel do it once the explorer knows the
// server logs.
type StepLevel struct{ Dir int }

func (StepLevel) action() {}

// LevelSetMsg is the answer to a change of a server's log level.
type LevelSetMsg struct {
	Server, Level string
	Err           error
}

// Leveler sets the level a server logs from (logging/setLevel).
type Leveler interface {
	SetLogLevel(ctx context.Context, server, level string) error
}

// Len is how many lines the ring holds.
func (l *Screen) Len() int { return len(l.ring) }

// at is the i-th line, oldest first.
func (l *Screen) at(i int) line { return l.ring[(l.start+i)%len(l.ring)] }

// push adds a line, dropping the oldest when the ring is full.
func (l *Screen) push(ln line) {
	if len(l.ring) < Keep {
		l.ring = append(l.ring, ln)
		return
	}
	l.ring[l.start] = ln
	l.start = (l.start + 1) % len(l.ring)
	if l.back > 0 {
		l.back = min(l.back+1, len(l.ring)) // the view stays on its lines
	}
}

// Take adds the messages of the servers' snapshots newer than those taken.
func (l *Screen) Take(servers []model.Server) {
	if l.seen == nil {
		l.seen = map[string]time.Time{}
	}
	for _, srv := range servers {
		last := l.seen[srv.Name]
		for _, msg := range srv.Log {
			if msg.Time.After(last) {
				l.push(line{server: srv.Name, msg: msg})
				l.seen[srv.Name] = msg.Time
			}
		}
	}
}

// Key handles a key while the screen is open, rows rows of messages
// being shown.
func (l *Screen) Key(msg tea.KeyPressMsg, k *kit.KeyMap, rows int) Action {
	switch {
	case key.Matches(msg, k.Logs), key.Matches(msg, k.Cancel):
		l.Open = !l.Open
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
		l.back = l.Len()
	case key.Matches(msg, k.Bottom):
		l.back = 0
	case key.Matches(msg, k.LevelUp):
		return StepLevel{Dir: 1}
	case key.Matches(msg, k.LevelDown):
		return StepLevel{Dir: -1}
	}
	l.back = min(max(l.back, 0), max(l.Len()-rows, 0))
	return nil
}

// Level is the level server was last asked to log from: info unless set
// from here.
func (l *Screen) Level(server string) string { return cmp.Or(l.levels[server], "info") }

// Step moves server's level one step up (dir 1) or down (-1), and returns
// the command that asks the server for it through o.
func (l *Screen) Step(ctx context.Context, o Leveler, server string, dir int) tea.Cmd {
	i := slices.Index(mcpclient.LogLevels, l.Level(server)) + dir
	i = min(max(i, 0), len(mcpclient.LogLevels)-1)
	level := mcpclient.LogLevels[i]
	if l.levels == nil {
		l.levels = map[string]string{}
	}
	l.levels[server] = level
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		return LevelSetMsg{Server: server, Level: level, Err: o.SetLogLevel(ctx, server, level)}
	}
}

// Render draws the screen width cells wide: a head line, then the newest
// messages that fit in rows, each one line, sanitised. server is the one
// selected, "" for none. Its cost is the screen's height.
func (l *Screen) Render(s *kit.Styles, server string, width, rows int) string {
	level := "info"
	name := "no server"
	if server != "" {
		name, level = server, l.Level(server)
	}
	head := s.PaneTitleFocus.Render("Server log") + s.Dim.Render("  "+uitext.Plural(l.Len(), "message")+
		" · "+model.SanitizeLine(name)+" from "+level+" up · +/-: level · M: back")
	end := l.Len() - l.back
	start := max(end-rows, 0)
	lines := []string{uitext.Fit(head, width)}
	if l.Len() == 0 {
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
		lines = append(lines, st.Render(uitext.Fit(text, width)))
	}
	return strings.Join(lines, "\n")
}

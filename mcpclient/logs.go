package mcpclient

import (
	"encoding/json"
	"time"
	"unicode/utf8"

	"github.com/mark3labs/mcp-go/mcp"

	"mcpeek/model"
)

// logMessage reads a notifications/message into a model.LogMessage whose
// text is one line, sanitised, with the server's secrets redacted (clean)
// and at most maxStderrLine bytes long.
func logMessage(n mcp.JSONRPCNotification, clean func(string) string, now time.Time) model.LogMessage {
	var params struct {
		Level  string          `json:"level"`
		Logger string          `json:"logger"`
		Data   json.RawMessage `json:"data"`
	}
	notificationParams(n, &params)
	var text string
	if json.Unmarshal(params.Data, &text) != nil {
		text = string(params.Data)
	}
	// Cut after redacting, so that no part of a secret is left.
	if text = clean(text); len(text) > maxStderrLine {
		n := maxStderrLine
		for n > 0 && !utf8.RuneStart(text[n]) {
			n--
		}
		text = text[:n] + "…"
	}
	return model.LogMessage{Time: now, Level: clean(params.Level), Logger: clean(params.Logger), Text: text}
}

// logged keeps a log message of s, the last stderrLines of them, and tells
// the event reader. It runs on a transport's reading goroutine and never
// blocks.
func (m *Manager) logged(s *serverState, n mcp.JSONRPCNotification) {
	msg := logMessage(n, s.clean, time.Now())
	s.mu.Lock()
	s.log = append(s.log, msg)
	if extra := len(s.log) - m.opts.stderrLines; extra > 0 {
		s.log = append(s.log[:0:0], s.log[extra:]...)
	}
	state := s.state
	s.mu.Unlock()
	m.events.push(Event{Kind: EventLog, Server: s.name, State: state, Log: msg})
}

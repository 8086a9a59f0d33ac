package mcpclient

import (
	"errors"
	"fmt"
	"strings"

	"mcpeek/model"
)

// Line words a task's state with its TTL: "working: Gathering
// sources... (TTL 5m0s)".
func (t Task) Line() string {
	s := t.String()
	if t.TTL > 0 {
		s += fmt.Sprintf(" (TTL %s)", t.TTL)
	}
	return s
}

// Line words a progress report: "progress 3/5 (60%) message".
func (p Progress) Line() string {
	s := p.String()
	if p.Total > 0 {
		msg := ""
		if p.Message != "" {
			msg = " " + p.Message
		}
		s = fmt.Sprintf("%g/%g (%.0f%%)%s", p.Progress, p.Total, 100*p.Progress/p.Total, msg)
	}
	return "progress " + s
}

// LastMessage is the text of the request's last message on one line,
// sanitised, cut to 80 characters.
func (r SamplingRequest) LastMessage() string {
	if len(r.Messages) == 0 {
		return ""
	}
	s := []rune(model.SanitizeLine(r.Messages[len(r.Messages)-1].Text))
	if len(s) > 80 {
		return string(s[:79]) + "…"
	}
	return string(s)
}

// CallFailed words a failed call of server's tool: the pages the server
// asks to have opened first (shown, never opened: the user opens them,
// then calls again), and what to do about a timeout.
func CallFailed(server, tool string, err error) error {
	pages := URLElicitations(err)
	err = fmt.Errorf("call %s.%s: %w", server, tool, err)
	if len(pages) > 0 {
		var b strings.Builder
		for _, p := range pages {
			fmt.Fprintf(&b, "\n  open %s (%s)", p.URL, model.SanitizeLine(p.Message))
		}
		err = fmt.Errorf("%w\nthe server asks you to open a page first, then to call again:%s", err, b.String())
	}
	if _, ok := errors.AsType[*TimeoutError](err); ok {
		err = fmt.Errorf("%w (give it longer with --timeout)", err)
	}
	return err
}

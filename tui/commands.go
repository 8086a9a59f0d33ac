package tui

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/tui/toollist"
	"mcpeek/tui/toolview"
)

// The explorer's commands for the servers and tools are here; the panes
// and the gateway keep theirs beside them. Each captures what it needs
// before it runs and never touches the model; its result message says
// what happened and carries a ticket so stale answers are dropped.

// startWait bounds how long the start command waits for first attempts;
// servers that take longer keep connecting and report through events.
const startWait = 45 * time.Second

// statusTTL is how long a status message stays.
const statusTTL = 4 * time.Second

type (
	// serversStartedMsg: every server made its first attempt.
	serversStartedMsg struct{ err error }
	// serversLoadedMsg: a snapshot of the servers, for the request
	// numbered ticket.
	serversLoadedMsg struct {
		ticket  ticket
		servers []model.Server
		info    map[string]toolInfo
	}
	// toolLoadedMsg: a tool's schemas are parsed and its trees built.
	toolLoadedMsg struct {
		ticket ticket
		view   *toolview.View
	}
	// reconnectedMsg: a server's reconnect attempt ended, as srv says.
	reconnectedMsg struct {
		server string
		srv    model.Server
		err    error
	}
	// statusExpiredMsg: the status line tagged ticket has had its time.
	statusExpiredMsg struct{ ticket ticket }
)

func startServers(b Backend) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), startWait)
		defer cancel()
		err := b.Start(ctx)
		if errors.Is(err, context.DeadlineExceeded) {
			err = nil // slow servers go on connecting; events tell the rest
		}
		return serversStartedMsg{err: err}
	}
}

// loadServers takes a snapshot and indexes every tool: whether its summary
// hides fields at the budget, and its text for the filter. Tools unchanged
// since prev (same schema, same budget) are not summarised again (prev is
// never written after it is handed out); the others are summarised on
// every core.
func loadServers(b Backend, t ticket, prev map[string]toolInfo, budget summarizer.Options) tea.Cmd {
	return func() tea.Msg {
		servers := b.Servers()
		info := make(map[string]toolInfo, len(prev))
		var todo []model.Tool
		for _, s := range servers {
			for _, t := range s.Tools {
				id := t.ID().String()
				if p, ok := prev[id]; ok && p.budget == budget && bytes.Equal(p.outputSchema, t.OutputSchema) && p.description == t.Description {
					info[id] = p
					continue
				}
				todo = append(todo, t)
			}
		}
		ds, errs := summarizer.DescribeAll(todo, budget)
		for i, t := range todo {
			ti := indexTool(t, ds[i].HasHiddenFields, errs[i] != nil)
			ti.budget = budget
			info[t.ID().String()] = ti
		}
		return serversLoadedMsg{ticket: t, servers: servers, info: info}
	}
}

// toolInfo is what the tools pane shows and filters on for one tool, and
// what it is indexed from.
type toolInfo struct {
	toollist.Info
	outputSchema []byte
	description  string
	budget       summarizer.Options // hidesFields is at this budget
}

func indexTool(t model.Tool, hides, bad bool) toolInfo {
	return toolInfo{
		Info: toollist.Info{
			HasOutput:   t.HasOutputSchema(),
			HidesFields: hides,
			BadSchema:   bad,
			Name:        t.Name,
			Text:        t.Title + " " + t.Description,
		},
		outputSchema: t.OutputSchema,
		description:  t.Description,
	}
}

func loadTool(t model.Tool, tk ticket, budget summarizer.Options) tea.Cmd {
	return func() tea.Msg { return toolLoadedMsg{ticket: tk, view: toolview.New(t, budget)} }
}

// reconnect asks for a server's reconnect and waits for the attempt to
// end, so that r gets an answer: "connected, N tools" or "still failing:
// …".
func reconnect(b Backend, server string) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), startWait)
		defer cancel()
		srv, err := b.ReconnectWait(ctx, server)
		return reconnectedMsg{server: server, srv: srv, err: err}
	}
}

// reconnectResult is what the status line says of a reconnect's attempt.
func reconnectResult(msg reconnectedMsg) (text string, isErr bool) {
	switch {
	case msg.err != nil:
		return errorf("reconnect %s: %w", msg.server, msg.err).Error(), true
	case msg.srv.State == model.StateConnected:
		tools := thousands(len(msg.srv.Tools)) + " tools"
		if len(msg.srv.Tools) == 1 {
			tools = "1 tool"
		}
		return msg.server + ": connected, " + tools, false
	case msg.srv.State == model.StateError:
		return msg.server + ": still failing: " + msg.srv.Err, true
	}
	return msg.server + ": " + msg.srv.State.String(), false
}

// errorf wraps an error with context for the status line.
func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }

package tui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"
)

// LoginURLMsg tells the explorer that a server asks the user to log in at
// URL (an OAuth authorization page); the server pane shows it until the
// login ends. The front end that made the Manager sends it from the
// Manager's login prompt.
type LoginURLMsg struct {
	Server, URL string
}

// loggedInMsg: a login the user started with r ended.
type loggedInMsg struct {
	server string
	err    error
}

// loginer is a Backend that can log in to a server behind OAuth (the
// Manager can).
type loginer interface {
	Login(ctx context.Context, name string) error
}

// loginWait bounds how long the explorer waits for the user to finish a
// login in the browser.
const loginWait = 5 * time.Minute

// login starts a fresh login for server, or returns nil when the Backend
// cannot log in.
func login(b Backend, server string) tea.Cmd {
	l, ok := b.(loginer)
	if !ok {
		return nil
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), loginWait)
		defer cancel()
		return loggedInMsg{server: server, err: l.Login(ctx, server)}
	}
}

package tui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"
)

// loginURLMsg tells the explorer that a server asks the user to log in at
// url (an OAuth authorization page); the server pane shows it until the
// login ends.
type loginURLMsg struct {
	server, url string
}

// warningMsg is a problem that did not stop the Manager (a config
// warning): the status line says the first one.
type warningMsg struct {
	text string
}

// loggedInMsg: a login the user started with r ended.
type loggedInMsg struct {
	server string
	err    error
}

// loginWait bounds how long the explorer waits for the user to finish a
// login in the browser.
const loginWait = 5 * time.Minute

// login starts a fresh login for server.
func login(b Backend, server string) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), loginWait)
		defer cancel()
		return loggedInMsg{server: server, err: b.Login(ctx, server)}
	}
}

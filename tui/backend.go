package tui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient"
	"mcpeek/model"
)

// Backend is what the explorer needs of an mcpclient.Manager.
type Backend interface {
	// Start connects the servers and returns after their first attempts.
	Start(ctx context.Context) error
	// Servers returns a snapshot of every server and its tools.
	Servers() []model.Server
	// Reconnect drops a server's connection and connects again at once.
	Reconnect(name string) error
}

// ServerChangedMsg tells the model that a server's state or tools changed;
// the model then reads a fresh snapshot from the Backend.
type ServerChangedMsg struct {
	Server string
}

// ForwardEvents is the one bridge from the Manager's events to the
// program: it sends each event as a ServerChangedMsg until the channel is
// closed (by Manager.Close). Run it in its own goroutine with program.Send.
func ForwardEvents(events <-chan mcpclient.Event, send func(tea.Msg)) {
	for ev := range events {
		send(ServerChangedMsg{Server: ev.Server})
	}
}

package tui

import (
	"context"
	"encoding/json"

	"mcpeek/mcpclient"
	"mcpeek/model"
)

// Backend is what the explorer needs of an mcpclient.Manager: the servers
// to show, what the user can ask of them, and the calls the background
// gateway passes on (a Backend is the gateway's gateway.Upstreams). What
// the Manager tells on its own comes through its events (ForwardEvents).
type Backend interface {
	// Start connects the servers and returns after their first attempts.
	Start(ctx context.Context) error
	// Servers returns a snapshot of every server and its tools.
	Servers() []model.Server
	// ReconnectWait drops a server's connection, connects again at once
	// and returns the server as that attempt left it.
	ReconnectWait(ctx context.Context, name string) (model.Server, error)
	// Login starts a fresh OAuth login for a server and returns once its
	// connection attempt has ended; a server that does not use OAuth
	// answers mcpclient.ErrNoOAuth.
	Login(ctx context.Context, name string) error
	// CallTool calls one tool of a server and returns its raw result.
	CallTool(ctx context.Context, server, tool string, args json.RawMessage) (*mcpclient.CallResult, error)
	// CallToolWith calls a tool for the user: with progress reports and a
	// timeout, cancelled (notifications/cancelled) when ctx ends.
	CallToolWith(ctx context.Context, server, tool string, args json.RawMessage, opts mcpclient.CallOptions) (*mcpclient.CallResult, error)
}

// ServerChangedMsg tells the model that a server's state or tools changed;
// the model then reads a fresh snapshot from the Backend.
type ServerChangedMsg struct {
	Server string
}

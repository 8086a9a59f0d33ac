package main

import (
	"context"

	"mcpeek/mcpclient"
	"mcpeek/model"
)

// connectedServer starts the named server alone, asking for its log
// messages at --log-level, and returns it once connected, or an error that
// says why it is not.
func (a *app) connectedServer(ctx context.Context, name string, logs *logFlag, more ...mcpclient.Option) (*mcpclient.Manager, model.Server, error) {
	opts, err := logs.options()
	if err != nil {
		return nil, model.Server{}, err
	}
	opts = append(opts, more...)
	m, err := a.openServer(ctx, name, opts...)
	if err != nil {
		return nil, model.Server{}, err
	}
	s, ok := m.Server(name)
	switch {
	case !ok:
		err = mcpclient.UnknownServer(name, mcpclient.ServerNames(m.Servers()))
	case s.State == model.StateNeedsLogin:
		err = mcpclient.NeedsLogin(s)
	case s.State != model.StateConnected:
		err = mcpclient.NotReady(s)
	}
	if err != nil {
		m.Close()
		return nil, model.Server{}, err
	}
	return m, s, nil
}

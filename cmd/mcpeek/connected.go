package main

import (
	"context"
	"fmt"

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
		err = unknownServer(name, serverNames(m.Servers()))
	case s.State == model.StateNeedsLogin:
		err = fmt.Errorf("server %q needs a login (run `mcpeek auth login %s`): %s", name, name, s.Err)
	case s.State != model.StateConnected:
		err = fmt.Errorf("server %q is %s: %s", name, s.State, s.Err)
	}
	if err != nil {
		m.Close()
		return nil, model.Server{}, err
	}
	return m, s, nil
}

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
		err = notReady(s)
	}
	if err != nil {
		m.Close()
		return nil, model.Server{}, err
	}
	return m, s, nil
}

// notReady is the error for a server a command needs that is not
// connected, in words: it failed (and why), is disabled, or still starts.
func notReady(s model.Server) error {
	switch s.State {
	case model.StateError:
		return fmt.Errorf("server %q could not be reached: %s", s.Name, s.Err)
	case model.StateDisabled:
		return fmt.Errorf("server %q is disabled in its config (%s)", s.Name, s.Source)
	case model.StateStarting:
		return fmt.Errorf("server %q did not finish starting in time (--connect-timeout gives it longer)", s.Name)
	}
	return fmt.Errorf("server %q is %s: %s", s.Name, s.State, s.Err)
}

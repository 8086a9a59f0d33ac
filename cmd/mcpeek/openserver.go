package main

import (
	"context"
	"errors"
	"fmt"

	"mcpeek/mcpclient"
	"mcpeek/model"
)

// openServer is openManager for a command that names a server: that server
// alone is started, so that the others' start-up (a dead one's timeout, a
// big one's listing) costs it nothing. An unknown name lists the
// configured ones.
func (a *app) openServer(ctx context.Context, name string, opts ...mcpclient.Option) (*mcpclient.Manager, error) {
	wait := a.connectWait()
	if a.autoLogin() {
		wait += loginWait
	}
	opts = append([]mcpclient.Option{mcpclient.WithAutoLogin(a.autoLogin()), mcpclient.WithLoginTimeout(loginWait)}, opts...)
	cfg, demo, err := a.loadConfig()
	if err != nil {
		return nil, err
	}
	if !demo {
		var names []string
		for _, s := range cfg.Servers {
			if s.Name == name {
				cfg.Servers = []mcpclient.ServerConfig{s}
				names = nil
				break
			}
			names = append(names, s.Name)
		}
		if names != nil {
			return nil, unknownServer(name, names)
		}
	}
	m, err := a.managerOn(cfg, demo, opts...)
	if err != nil {
		return nil, err
	}
	waitCtx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	stopNote := a.noteSlowServers(m)
	err = m.Start(waitCtx)
	stopNote()
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		m.Close()
		return nil, err
	}
	return m, nil
}

// connectedServer starts the named server alone, asking for its log
// messages at --log-level, and returns it once connected, or an error that
// says why it is not.
func (a *app) connectedServer(ctx context.Context, name string, logs *logFlag) (*mcpclient.Manager, model.Server, error) {
	opts, err := logs.options()
	if err != nil {
		return nil, model.Server{}, err
	}
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

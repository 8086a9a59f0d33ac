package main

import (
	"context"
	"errors"

	"mcpeek/mcpclient"
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

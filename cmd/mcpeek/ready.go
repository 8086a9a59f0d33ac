package main

import (
	"context"
	"time"

	"mcpeek/mcpclient"
	"mcpeek/model"
)

// streamServers starts a Manager as startManager does and calls show with
// each server as soon as its first attempt is over, in the order
// eachServerDone says, so that a server that hangs does not hold back
// what the others list. It returns the Manager (the caller closes it)
// once every server was shown.
func (a *app) streamServers(ctx context.Context, only []string, show func(model.Server)) (*mcpclient.Manager, error) {
	m, wait, err := a.launchManager(only)
	if err != nil {
		return nil, err
	}
	waitCtx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	a.eachServerDone(waitCtx, m, a.noteAfter(), show)
	if err := ctx.Err(); err != nil {
		m.Close()
		return nil, err
	}
	return m, nil
}

// eachServerDone calls show with each server of m once its first attempt
// is over (connected or failed), or as it stands when ctx ends. The order
// is the config's while every server is done within grace, so the output
// of a command is the same from run to run; a server that takes longer
// holds up the others only until then: mcpeek says which servers it is
// still waiting for, shows those done, in config order, and each late one
// as soon as it is done.
func (a *app) eachServerDone(ctx context.Context, m *mcpclient.Manager, grace time.Duration, show func(model.Server)) {
	servers := m.Servers()
	done := make(chan int, len(servers))
	for i, s := range servers {
		go func() {
			m.WaitFirstAttempt(ctx, s.Name) // an error is ctx ending: shown as it stands
			done <- i
		}()
	}
	timer := time.NewTimer(grace)
	defer timer.Stop()
	finished, shown := make([]bool, len(servers)), make([]bool, len(servers))
	late := false
	for left := len(servers); left > 0; {
		select {
		case i := <-done:
			finished[i] = true
		case <-timer.C:
			late = true
			a.noteWaiting(m)
		}
		for i := range servers {
			if !finished[i] {
				if late {
					continue
				}
				break // in config order until then
			}
			if !shown[i] {
				shown[i] = true
				left--
				if s, ok := m.Server(servers[i].Name); ok {
					show(s)
				}
			}
		}
	}
}

package main

import (
	"context"

	"mcpeek/mcpclient"
	"mcpeek/model"
)

// streamServers starts a Manager as startManager does and calls show with
// each server as soon as its first attempt is over, in the order
// EachServerDone says, so that a server that hangs does not hold back
// what the others list. It returns the Manager (the caller closes it)
// once every server was shown.
func (a *app) streamServers(ctx context.Context, only []string, show func(model.Server)) (*mcpclient.Manager, error) {
	m, wait, err := a.launchManager(only)
	if err != nil {
		return nil, err
	}
	waitCtx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	m.EachServerDone(waitCtx, a.noteAfter(), func() { a.noteWaiting(m) }, show)
	if err := ctx.Err(); err != nil {
		m.Close()
		return nil, err
	}
	return m, nil
}

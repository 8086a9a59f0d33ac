package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"mcpeek/mcpclient"
	"mcpeek/registry"
	"mcpeek/tui"
)

// explorerRegistry is the registry the explorer's registry pane (R)
// browses (--registry, through the cache), and its way of trying a
// server: installed and started in the sandbox as mcpeek try does, then
// added to m beside the configured servers, marked as tried. nil when
// --registry is not a URL (mcpeek registry says why).
func (a *app) explorerRegistry(m *mcpclient.Manager) *tui.Registry {
	b, err := a.registry.browser()
	if err != nil {
		return nil
	}
	return &tui.Registry{
		URL:    b.Client.URL(),
		Search: b.Search,
		Try: func(ctx context.Context, e registry.Entry, progress func(string)) (string, error) {
			return a.tryInExplorer(ctx, b.Client.URL(), m, e, progress)
		},
	}
}

// tryInExplorer installs e's package, starts it in the sandbox and adds
// it to m, telling progress each step. The explorer does not ask for
// inputs yet: a server that needs some is refused, pointing to mcpeek
// try, which asks.
func (a *app) tryInExplorer(ctx context.Context, reg string, m *mcpclient.Manager, e registry.Entry, progress func(string)) (string, error) {
	name := e.Server.Name
	if needs := registryNeeds(e, map[string]string{}, os.LookupEnv); len(needs) > 0 {
		var labels []string
		for _, n := range needs {
			labels = append(labels, n.Label)
		}
		return "", fmt.Errorf("%s needs %s: run mcpeek try %s, which asks for them (the explorer does not yet)", name, strings.Join(labels, ", "), name)
	}
	sc, l, shown, err := registryServerConfig(e, map[string]string{})
	if err != nil {
		return "", err
	}
	if _, taken := m.Server(sc.Name); taken {
		return "", fmt.Errorf("a server named %s is already shown", sc.Name)
	}
	progress(fmt.Sprintf("%s@%s: preparing %s…", name, e.Server.Version, shown))
	sc, how, err := a.runnable(ctx, reg, sc, l, &shown, true, progress)
	if err != nil {
		return "", err
	}
	progress(fmt.Sprintf("starting %s%s…", sc.Name, how))
	if err := m.AddServer(sc); err != nil {
		return "", err
	}
	return sc.Name, nil
}

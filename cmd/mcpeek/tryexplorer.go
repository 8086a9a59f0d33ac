package main

import (
	"context"
	"fmt"
	"maps"
	"strings"

	"mcpeek/mcpclient"
	"mcpeek/mcpclient/registry"
	"mcpeek/tui"
)

// explorerRegistry is the registry the explorer's registry pane (R)
// browses (--registry, through the cache), its way of trying a server
// (installed and started in the sandbox as mcpeek try does, then added to
// m beside the configured servers, marked as tried) and of adding one to
// a client's config, as mcpeek add does. nil when the registry's URL is
// not a base URL (mcpeek registry says why).
func (a *app) explorerRegistry(m *mcpclient.Manager) *tui.Registry {
	b, err := a.registry.browser()
	if err != nil {
		return nil
	}
	given, err := inputValues(a.registry.inputs, a.env.lookupVar)
	if err != nil {
		return nil
	}
	return &tui.Registry{
		URL:    b.Client.URL(),
		Search: b.Search,
		Try: func(ctx context.Context, e registry.Entry, values map[string]string, progress func(string)) (string, error) {
			return a.tryInExplorer(ctx, b.Client.URL(), m, e, withGiven(given, values), progress)
		},
		Needs: func(e registry.Entry) []registry.Need {
			return e.Needs(withGiven(given, nil), a.env.lookupVar)
		},
		Clients: addClients(),
		AddNeeds: func(e registry.Entry) []registry.Need {
			values := withGiven(given, nil)
			registry.SecretReferences(e, values, false, nil)
			return e.Needs(values, registry.NoEnv)
		},
		PlanAdd: func(_ context.Context, e registry.Entry, client string, values map[string]string) (tui.AddPlan, error) {
			values = withGiven(given, values)
			secrets := registry.SecretReferences(e, values, false, nil)
			p, err := registry.PlanAdd(e.Server.Name, e, registry.AddTo{Client: client}, values, secrets)
			if err != nil {
				return tui.AddPlan{}, prepareFailed(err)
			}
			return tui.AddPlan{Path: p.ShownPath(), Diff: p.Diff, Notes: p.Notes, Write: p.Write, Cancel: p.Discard}, nil
		},
	}
}

// withGiven is values over the --registry-input ones, in a new map.
func withGiven(given, values map[string]string) map[string]string {
	out := map[string]string{}
	maps.Copy(out, given)
	maps.Copy(out, values)
	return out
}

// tryInExplorer installs e's package, starts it in the sandbox and adds
// it to m, telling progress each step. values holds the inputs the
// explorer asked for; a server that still needs some is refused, naming
// them.
func (a *app) tryInExplorer(ctx context.Context, reg string, m *mcpclient.Manager, e registry.Entry, values map[string]string, progress func(string)) (string, error) {
	name := e.Server.Name
	if err := registry.CheckAnswer(name, e); err != nil {
		return "", err
	}
	if needs := e.Needs(values, a.env.lookupVar); len(needs) > 0 {
		var labels []string
		for _, n := range needs {
			labels = append(labels, n.Label)
		}
		return "", fmt.Errorf("%s needs %s", name, strings.Join(labels, ", "))
	}
	sc, l, shown, err := registryServerConfigFrom(e, values, a.env.lookupVar)
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

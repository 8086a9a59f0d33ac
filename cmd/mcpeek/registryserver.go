package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"mcpeek/mcpclient"
	"mcpeek/registry"
)

// registryConfig is the config of --registry-server (and mcpeek try): the
// one server of the registry it names, started from its first package
// mcpeek can run (an npm package, installed into a directory of its own
// and run in the sandbox; through npx with --no-sandbox) or reached at
// its first remote. The server is named by the last part of its registry
// name; its source says where it came from and what the sandbox enforces.
func (a *app) registryConfig() (mcpclient.Config, error) {
	var cfg mcpclient.Config
	f := a.registry
	if f.resolved != nil {
		return *f.resolved, nil
	}
	switch {
	case a.serverURL != "":
		return cfg, usageError("give either --registry-server or --url, not both")
	case a.configPath != "":
		return cfg, usageError("give either --registry-server or --config, not both")
	}
	what := "--registry-server: " // what the errors name: the flag, or try's argument
	if f.tried {
		what = "try: "
	}
	name, version := registry.SplitRef(f.server)
	if err := registry.CheckName(name); err != nil {
		return cfg, usageError("%s%v", what, err)
	}
	values, err := inputValues(f.inputs)
	if err != nil {
		return cfg, err
	}
	b, err := f.browser()
	if err != nil {
		return cfg, err
	}
	// loadConfig has no context of its own: the look-up is bounded like a
	// connection.
	ctx, cancel := context.WithTimeout(context.Background(), a.connectTimeout)
	defer cancel()
	e, fresh, err := b.Show(ctx, name, version)
	if err != nil {
		return cfg, fmt.Errorf("%s%w", what, err)
	}
	a.noteFreshness(b, fresh)
	if err := f.askedInputs(ctx, e, values, a.env.lookupVar); err != nil {
		return cfg, err
	}
	sc, l, shown, err := registryServerConfig(e, values)
	if err != nil {
		return cfg, err
	}
	// The install may take a while; it is bounded on its own.
	sc, how, err := a.runnable(context.Background(), b.Client.URL(), sc, l, &shown, a.registry.tried, a.note)
	if err != nil {
		return cfg, err
	}
	a.note(fmt.Sprintf("%s@%s from the registry, as %s: %s%s", e.Server.Name, e.Server.Version, sc.Name, shown, how))
	cfg.Servers = []mcpclient.ServerConfig{sc}
	return cfg, nil
}

// runnable makes sc, a registry server of reg, ready to start: an npm
// package (l) installed and run in the sandbox (as the user with
// --no-sandbox), a remote as it is. Its source says first what matters
// when it is cut to fit: tried, and what the sandbox enforces. how says
// the same for a note; shown becomes the package's own command. note
// tells the user that an install starts.
func (a *app) runnable(ctx context.Context, reg string, sc mcpclient.ServerConfig, l *registry.Launch, shown *string, tried bool, note func(string)) (mcpclient.ServerConfig, string, error) {
	sc.Source = "registry " + reg
	how := ""
	switch {
	case l == nil: // a remote: nothing runs here
	case a.registry.noSandbox:
		how = " (no sandbox: it runs with your files, network and environment)"
		sc.Source = "no sandbox; " + sc.Source
		u, err := a.unsandboxed(ctx, *l, note)
		if err != nil {
			return sc, "", err
		}
		*shown = u.CommandLine()
		sc.Command, sc.Args, sc.Env = u.Program, u.Args, u.Env
	default:
		r, err := a.sandboxed(ctx, *l, note)
		if err != nil {
			return sc, "", err
		}
		*shown = r.Launch.CommandLine()
		sc.Command, sc.Args = r.Program, r.Args
		for k, v := range r.Launch.Env {
			if sc.Env == nil {
				sc.Env = map[string]string{}
			}
			sc.Env[k] = v
		}
		sc.Wrapped = &mcpclient.Wrapped{Command: *shown, Sandbox: r.Says}
		how = " (sandbox: " + r.Says + ")"
	}
	if tried {
		sc.Source = "tried, " + sc.Source
	}
	return sc, how, nil
}

// registryServerConfig makes the config entry of a registry server: its
// first package mcpeek can start (l is then its launch, run through npx
// as it stands), else its first remote it can reach. shown is the command
// or URL, secrets masked, for telling the user.
func registryServerConfig(e registry.Entry, values map[string]string) (sc mcpclient.ServerConfig, l *registry.Launch, shown string, err error) {
	return registryServerConfigFrom(e, values, os.LookupEnv)
}

// registryServerConfigFrom is registryServerConfig with lookupEnv telling
// which environment variables the server would inherit.
func registryServerConfigFrom(e registry.Entry, values map[string]string, lookupEnv func(string) (string, bool)) (sc mcpclient.ServerConfig, l *registry.Launch, shown string, err error) {
	s := e.Server
	sc.Name = registry.ShortName(s.Name)
	var why []string
	for _, p := range s.Packages {
		l, err := p.Launch(values, lookupEnv)
		switch {
		case errors.Is(err, registry.ErrNotRunnable):
			why = append(why, err.Error())
			continue
		case err != nil:
			return sc, nil, "", err
		case len(l.Missing) > 0:
			return sc, nil, "", missingInputs(s.Name, l.Missing)
		}
		sc.Command, sc.Args, sc.Env, sc.Type = l.Program, l.Args, l.Env, "stdio"
		return sc, &l, l.CommandLine(), nil
	}
	for _, r := range s.Remotes {
		ep, err := r.Endpoint(values)
		switch {
		case errors.Is(err, registry.ErrNotRunnable):
			why = append(why, err.Error())
			continue
		case err != nil:
			return sc, nil, "", err
		case len(ep.Missing) > 0:
			return sc, nil, "", missingInputs(s.Name, ep.Missing)
		}
		sc.URL, sc.Headers, sc.Type = ep.URL, ep.Headers, "http"
		if ep.Type == "sse" {
			sc.Type = "sse"
		}
		return sc, nil, ep.Type + " " + ep.Shown, nil
	}
	if len(why) == 0 {
		return sc, nil, "", fmt.Errorf("%s has no packages and no remotes: there is nothing to run", s.Name)
	}
	return sc, nil, "", fmt.Errorf("%s has nothing mcpeek can run: %s", s.Name, strings.Join(why, "; "))
}

// missingInputs says which inputs a registry server needs and how to
// give them.
func missingInputs(name string, missing []string) error {
	return usageError("%s needs %s: give each with --registry-input KEY=VALUE (the argument's name or value hint, the variable's name; an environment variable may also be set in mcpeek's environment)",
		name, strings.Join(missing, ", "))
}

// inputValues reads the --registry-input KEY=VALUE flags.
func inputValues(inputs []string) (map[string]string, error) {
	values := map[string]string{}
	for _, in := range inputs {
		k, v, ok := strings.Cut(in, "=")
		k = strings.Trim(k, "{}<>")
		if !ok || k == "" {
			return nil, usageError("--registry-input %q is not KEY=VALUE", in)
		}
		values[k] = v
	}
	return values, nil
}

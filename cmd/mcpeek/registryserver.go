package main

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"mcpeek/mcpclient"
	"mcpeek/mcpclient/registry"
)

// registryConfig is the config of --registry-server (and mcpeek try): the
// one server of the registry it names, started from its first package
// mcpeek can run (an npm package, installed into a directory of its own
// and run in the sandbox; through npx with --no-sandbox) or reached at
// its first remote. The server is named by the last part of the name
// asked for, once the registry's answer is checked to be its; its source says where it came from and what the sandbox enforces.
func (a *app) registryConfig() (mcpclient.Config, error) {
	var cfg mcpclient.Config
	f := &a.registry
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
	values, err := inputValues(f.inputs, a.env.lookupVar)
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
	if err := registry.CheckAnswer(name, e); err != nil {
		return cfg, fmt.Errorf("%s%w", what, err)
	}
	a.noteFreshness(b, fresh)
	if err := checkInputKeys(e, values); err != nil {
		return cfg, err
	}
	if err := f.askedInputs(ctx, e, values, a.env.lookupVar); err != nil {
		return cfg, err
	}
	sc, l, shown, err := registryServerConfigFrom(e, values, a.env.lookupVar)
	if err != nil {
		return cfg, err
	}
	sc.Name = registry.ShortName(name)
	if l != nil && !f.noSandbox {
		a.noteEnvironment(*l)
	}
	// The install may take a while; it is bounded on its own.
	sc, how, err := a.runnable(context.Background(), b.Client.URL(), sc, l, &shown, a.registry.tried, a.note)
	if err != nil {
		return cfg, err
	}
	a.note(fmt.Sprintf("%s@%s from the registry, as %s: %s%s", name, e.Server.Version, sc.Name, shown, how))
	cfg.Servers = []mcpclient.ServerConfig{sc}
	return cfg, nil
}

// runnable makes sc, a registry server of reg, ready to start, as
// registry.Preparer.Runnable does with the flags' preparer.
func (a *app) runnable(ctx context.Context, reg string, sc mcpclient.ServerConfig, l *registry.Launch, shown *string, tried bool, note func(string)) (mcpclient.ServerConfig, string, error) {
	sc, how, err := a.registry.preparer().Runnable(ctx, reg, sc, l, shown, tried, note)
	return sc, how, prepareFailed(err)
}

// registryServerConfigFrom is registry.ServerConfig, with inputs still
// missing told as missingInputs tells them.
func registryServerConfigFrom(e registry.Entry, values map[string]string, lookupEnv func(string) (string, bool)) (mcpclient.ServerConfig, *registry.Launch, string, error) {
	sc, l, shown, err := registry.ServerConfig(e, values, lookupEnv)
	return sc, l, shown, prepareFailed(err)
}

// prepareFailed is err, why a package could not be readied to run, with
// inputs it still needs told as missingInputs tells them.
func prepareFailed(err error) error {
	if mi, ok := err.(*registry.MissingInputsError); ok {
		return missingInputs(mi.Server, mi.Missing)
	}
	return err
}

// missingInputs says which inputs a registry server needs and how to
// give them.
func missingInputs(name string, missing []string) error {
	return usageError("%s needs %s: give each with --registry-input KEY=VALUE (the argument's name or value hint, the variable's name; an environment variable may also be set in mcpeek's environment)",
		name, strings.Join(missing, ", "))
}

// inputValues reads the --registry-input KEY=VALUE flags. A bare NAME
// passes the variable NAME of mcpeek's environment (lookupEnv), which the
// server is not given otherwise unless its entry marks it secret; nil
// lookupEnv takes none (add writes a client's config, whose environment
// is the client's).
func inputValues(inputs []string, lookupEnv func(string) (string, bool)) (map[string]string, error) {
	values := map[string]string{}
	for _, in := range inputs {
		k, v, ok := strings.Cut(in, "=")
		k = strings.Trim(k, "{}<>")
		switch {
		case k == "":
			return nil, usageError("--registry-input %q is not KEY=VALUE", in)
		case ok:
		case lookupEnv == nil:
			return nil, usageError("--registry-input %q is not KEY=VALUE (a bare NAME, passing NAME from mcpeek's environment, is for try and --registry-server)", in)
		default:
			if v, ok = lookupEnv(k); !ok {
				return nil, usageError("--registry-input %s passes %s from your environment, which does not set it", k, k)
			}
		}
		values[k] = v
	}
	return values, nil
}

// checkInputKeys refuses a value given for an input e does not take: a
// mistyped key would else be dropped in silence. The inputs of an MCPB
// bundle's manifest are known only once it is unpacked: an entry with a
// bundle takes any key.
func checkInputKeys(e registry.Entry, values map[string]string) error {
	keys, bundle := e.Server.InputKeys()
	if bundle {
		return nil
	}
	var unknown []string
	for _, k := range slices.Sorted(maps.Keys(values)) {
		if !keys[k] {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	known := "it takes none"
	if len(keys) > 0 {
		known = "it takes " + strings.Join(slices.Sorted(maps.Keys(keys)), ", ")
	}
	return usageError("--registry-input %s: %s takes no such input (%s)", strings.Join(unknown, ", "), clean(e.Server.Name), known)
}

// noteEnvironment names the variables of mcpeek's environment the server
// is given (its entry marks them secret, or the user confirmed them) and
// those it is not, before it starts.
func (a *app) noteEnvironment(l registry.Launch) {
	if len(l.Inherited) > 0 {
		a.note("passing from your environment: " + strings.Join(l.Inherited, ", "))
	}
	if len(l.Withheld) > 0 {
		a.note(fmt.Sprintf("not passing from your environment: %s (the entry does not mark them secret; --registry-input NAME passes one)", strings.Join(l.Withheld, ", ")))
	}
}

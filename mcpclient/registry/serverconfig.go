package registry

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"mcpeek/mcpclient"
)

// CheckAnswer checks that e, the registry's answer to a look-up of name,
// is the entry of the server asked for, and name a registry name. A
// registry that answers with another server's entry, or with the name
// carrying escape sequences, a newline or quotes, is refused before
// anything is asked, installed, started or written: the server is then
// named by what the user asked for.
func CheckAnswer(name string, e Entry) error {
	if err := CheckName(name); err != nil {
		return err
	}
	if e.Server.Name != name {
		return fmt.Errorf("the registry answered %s with the entry of %s", name, strconv.Quote(ansi.Truncate(e.Server.Name, 100, "…")))
	}
	return nil
}

// ServerConfig makes the config entry of a registry server:
// its first package mcpeek can start (l is then its launch, run through
// npx as it stands), else its first remote it can reach. shown is the
// command or URL, secrets masked, for telling the user. lookupEnv is
// mcpeek's environment, which the entry's variables may come from (see
// Launch).
func ServerConfig(e Entry, values map[string]string, lookupEnv func(string) (string, bool)) (sc mcpclient.ServerConfig, l *Launch, shown string, err error) {
	s := e.Server
	sc.Name = ShortName(s.Name)
	var why []string
	for _, p := range s.Packages {
		l, err := p.Launch(values, lookupEnv)
		switch {
		case errors.Is(err, ErrNotRunnable):
			why = append(why, err.Error())
			continue
		case err != nil:
			return sc, nil, "", err
		case len(l.Missing) > 0:
			return sc, nil, "", &MissingInputsError{Server: s.Name, Missing: l.Missing}
		}
		sc.Command, sc.Args, sc.Env, sc.Type = l.Program, l.Args, l.Env, "stdio"
		return sc, &l, l.CommandLine(), nil
	}
	for _, r := range s.Remotes {
		ep, err := r.Endpoint(values)
		switch {
		case errors.Is(err, ErrNotRunnable):
			why = append(why, err.Error())
			continue
		case err != nil:
			return sc, nil, "", err
		case len(ep.Missing) > 0:
			return sc, nil, "", &MissingInputsError{Server: s.Name, Missing: ep.Missing}
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

// Runnable makes sc, a registry server of reg, ready to start: an npm
// package (l) installed and run in the sandbox (as the user with
// NoSandbox), a remote as it is. Its source says first what matters
// when it is cut to fit: tried, and what the sandbox enforces. how says
// the same for a note; shown becomes the package's own command. note
// tells the user that an install starts.
func (pr Preparer) Runnable(ctx context.Context, reg string, sc mcpclient.ServerConfig, l *Launch, shown *string, tried bool, note func(string)) (mcpclient.ServerConfig, string, error) {
	sc.Source = "registry " + reg
	how := ""
	switch {
	case l == nil: // a remote: nothing runs here
	case pr.NoSandbox:
		how = " (no sandbox: it runs with your files, network and environment)"
		sc.Source = "no sandbox; " + sc.Source
		u, err := pr.Unsandboxed(ctx, *l, note)
		if err != nil {
			return sc, "", err
		}
		*shown = u.CommandLine()
		sc.Command, sc.Args, sc.Env = u.Program, u.Args, u.Env
	default:
		r, err := pr.Sandboxed(ctx, *l, note)
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
		if r.Inside {
			sc.Wrapped.Policy = &r.Policy
		}
		how = " (sandbox: " + r.Says + ")"
	}
	if tried {
		sc.Source = "tried, " + sc.Source
	}
	return sc, how, nil
}

package registry

import (
	"regexp"
	"slices"
	"strings"
)

// Needs is what the server ServerConfig would start still needs, given
// values: the inputs of its first runnable package, else of its first
// reachable remote.
func (e Entry) Needs(values map[string]string, lookupEnv func(string) (string, bool)) []Need {
	for _, p := range e.Server.Packages {
		if l, err := p.Launch(values, lookupEnv); err == nil {
			return l.Needs
		}
	}
	for _, r := range e.Server.Remotes {
		if ep, err := r.Endpoint(values); err == nil {
			return ep.Needs
		}
	}
	return nil
}

// Withheld are the variables of mcpeek's environment the server's first
// runnable package declares and would not be given, but those already
// among needs, each a Need to confirm (Inherit).
func (e Entry) Withheld(values map[string]string, lookupEnv func(string) (string, bool), needs []Need) []Need {
	for _, p := range e.Server.Packages {
		l, err := p.Launch(values, lookupEnv)
		if err != nil {
			continue
		}
		var out []Need
		for _, name := range l.Withheld {
			if !slices.ContainsFunc(needs, func(n Need) bool { return n.Key == name }) {
				out = append(out, Need{Key: name, Label: "environment " + name, Inherit: true})
			}
		}
		return out
	}
	return nil
}

// Secrets are the secret inputs of what ServerConfig would
// start: its first runnable package, else its first reachable remote.
func (e Entry) Secrets() []Need {
	for _, p := range e.Server.Packages {
		if _, err := p.Launch(nil, nil); err == nil {
			return p.Secrets()
		}
	}
	for _, r := range e.Server.Remotes {
		if _, err := r.Endpoint(nil); err == nil {
			return r.Secrets()
		}
	}
	return nil
}

// EnvName is the environment variable a secret input is read from: its
// key in capitals, other characters as underscores (token: TOKEN).
func EnvName(key string) string {
	return strings.Trim(regexp.MustCompile(`[^A-Z0-9_]+`).ReplaceAllString(strings.ToUpper(key), "_"), "_")
}

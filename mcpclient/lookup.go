package mcpclient

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"mcpeek/internal/similar"
	"mcpeek/model"
	"mcpeek/summarizer/schemadiff"
)

// ServerNames are the names of servers, in their order.
func ServerNames(servers []model.Server) []string {
	names := make([]string, len(servers))
	for i, s := range servers {
		names[i] = s.Name
	}
	return names
}

// UnknownServerError is the error for a server name the config does not
// hold: the nearest names, and every one it does hold. A command that takes
// a list of names finds in it the name that is no server.
type UnknownServerError struct {
	Name  string   // the name given
	Names []string // the servers there are
}

// UnknownServer is the error for a server named name among names.
func UnknownServer(name string, names []string) error {
	return &UnknownServerError{Name: name, Names: names}
}

func (e *UnknownServerError) Error() string {
	return fmt.Sprintf("no server named %q%s; the servers are: %s", e.Name, similar.DidYouMean(e.Name, e.Names), strings.Join(e.Names, ", "))
}

// UnknownTool is the error for a tool a server does not list: the nearest
// names, and where to see them all.
func UnknownTool(s model.Server, tool string) error {
	names := make([]string, len(s.Tools))
	for i, t := range s.Tools {
		names[i] = t.Name
	}
	return fmt.Errorf("%s lists no tool named %q%s (mcpeek tools %s lists them)", s.Name, tool, similar.DidYouMeanIn(s.Name, tool, names), s.Name)
}

// NeedsLogin is the error for a server that waits for an OAuth login.
func NeedsLogin(s model.Server) error {
	return fmt.Errorf("server %q needs a login (run `mcpeek auth login %s`): %s", s.Name, s.Name, s.Err)
}

// NotReady is the error for a server a command needs that is not
// connected, in words: it failed (and why), is disabled, or still starts.
func NotReady(s model.Server) error {
	switch s.State {
	case model.StateError:
		return fmt.Errorf("server %q could not be reached: %s", s.Name, s.Err)
	case model.StateDisabled:
		return fmt.Errorf("server %q is disabled in its config (%s)", s.Name, s.Source)
	case model.StateStarting:
		return fmt.Errorf("server %q did not finish starting in time (--connect-timeout gives it longer)", s.Name)
	}
	return fmt.Errorf("server %q is %s: %s", s.Name, s.State, s.Err)
}

// OnlyServers keeps the entries named, in config order, or says which
// there are (lenient: leaves out a name there is not).
func OnlyServers(servers []ServerConfig, names []string, lenient bool) ([]ServerConfig, error) {
	var kept []ServerConfig
	var known []string
	for _, s := range servers {
		if slices.Contains(names, s.Name) {
			kept = append(kept, s)
		}
		known = append(known, s.Name)
	}
	for _, name := range names {
		if !lenient && !slices.Contains(known, name) {
			return nil, UnknownServer(name, known)
		}
	}
	return kept, nil
}

// FindTool looks a tool up in a started Manager, with errors that say what
// exists instead.
func (m *Manager) FindTool(server, tool string) (model.Tool, error) {
	s, ok := m.Server(server)
	if !ok {
		return model.Tool{}, UnknownServer(server, ServerNames(m.Servers()))
	}
	if s.State == model.StateNeedsLogin && len(s.Tools) == 0 {
		return model.Tool{}, NeedsLogin(s)
	}
	if s.State != model.StateConnected && len(s.Tools) == 0 {
		return model.Tool{}, NotReady(s)
	}
	for _, t := range s.Tools {
		if t.Name == tool {
			return t, nil
		}
	}
	return model.Tool{}, UnknownTool(s, tool)
}

// PickServers returns the named servers of a started Manager, each once,
// or every enabled one when no name is given.
func (m *Manager) PickServers(names []string) ([]model.Server, error) {
	var out []model.Server
	if len(names) == 0 {
		for _, s := range m.Servers() {
			if s.State != model.StateDisabled {
				out = append(out, s)
			}
		}
		return out, nil
	}
	for _, name := range slices.Compact(slices.Sorted(slices.Values(names))) {
		s, ok := m.Server(name)
		if !ok {
			return nil, UnknownServer(name, ServerNames(m.Servers()))
		}
		out = append(out, s)
	}
	return out, nil
}

// WholeSnapshot snapshots servers whole: their tools, and the
// capabilities, resource templates and prompts each offers.
func (m *Manager) WholeSnapshot(ctx context.Context, servers []model.Server) (schemadiff.Snapshot, error) {
	snap := schemadiff.FromServers(servers)
	for i, srv := range snap.Servers {
		s, _ := m.Server(srv.Name)
		templates, prompts, err := m.ListEntries(ctx, srv.Name)
		if err != nil {
			return schemadiff.Snapshot{}, err
		}
		snap.Servers[i] = srv.WithWhole(s.Offers, templates, prompts)
	}
	return snap, nil
}

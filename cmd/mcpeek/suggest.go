package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"mcpeek/internal/similar"
	"mcpeek/model"
)

// serverNames are the names of servers, in their order.
func serverNames(servers []model.Server) []string {
	names := make([]string, len(servers))
	for i, s := range servers {
		names[i] = s.Name
	}
	return names
}

// unknownServer is the error for a server name the config does not hold:
// the nearest names, and every one it does hold.
func unknownServer(name string, names []string) error {
	return &unknownServerError{name: name, names: names}
}

// unknownServerError is unknownServer's error: a command that takes a
// list of names finds in it the name that is no server (listedApart).
type unknownServerError struct {
	name  string
	names []string
}

func (e *unknownServerError) Error() string {
	return fmt.Sprintf("no server named %q%s; the servers are: %s", e.name, similar.DidYouMean(e.name, e.names), strings.Join(e.names, ", "))
}

// listedApart adds to err, when it says that an argument of a list of
// SERVER or SERVER.TOOL (lint, lock update) is no server while the one
// before it is, how to name that tool of that server: people type
// SERVER TOOL, which such a list reads as two servers. When that server
// lists no such tool, it says so instead, with the nearest names.
func (a *app) listedApart(ctx context.Context, err error, args []string) error {
	e, ok := errors.AsType[*unknownServerError](err)
	if !ok {
		return err
	}
	i := slices.Index(args, e.name)
	if i < 1 || strings.Contains(args[i-1], ".") || !slices.Contains(e.names, args[i-1]) {
		return err
	}
	server, tool := args[i-1], e.name
	if snap, serr := a.liveSnapshot(ctx, []string{server}); serr == nil {
		for _, s := range snap.Servers {
			if s.Name == server && !slices.ContainsFunc(s.Tools, func(t model.Tool) bool { return t.Name == tool }) {
				return fmt.Errorf("%w; and %w", err, unknownTool(model.Server{Name: s.Name, Tools: s.Tools}, tool))
			}
		}
	}
	return fmt.Errorf("%w; to name the tool %s of %s, write %s.%s", err, tool, server, server, tool)
}

// unknownTool is the error for a tool a server does not list: the nearest
// names, and where to see them all.
func unknownTool(s model.Server, tool string) error {
	names := make([]string, len(s.Tools))
	for i, t := range s.Tools {
		names[i] = t.Name
	}
	return fmt.Errorf("%s lists no tool named %q%s (mcpeek tools %s lists them)", s.Name, tool, similar.DidYouMeanIn(s.Name, tool, names), s.Name)
}

// suggestFlag adds to a flag error of c that names an unknown flag
// (--jsn) the nearest flags c takes (--json).
func suggestFlag(c *cobra.Command, err error) error {
	name, ok := strings.CutPrefix(err.Error(), "unknown flag: --")
	if !ok {
		return err
	}
	var names []string
	c.Flags().VisitAll(func(f *pflag.Flag) {
		if !f.Hidden {
			names = append(names, f.Name)
		}
	})
	near := similar.Closest(context.Background(), name, names, 3)
	if len(near) == 0 {
		return fmt.Errorf("%w (%s --help lists its flags)", err, c.CommandPath())
	}
	for i, n := range near {
		near[i] = "--" + n
	}
	return fmt.Errorf("%w (did you mean %s?)", err, strings.Join(near, " or "))
}

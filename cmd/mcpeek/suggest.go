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
	"mcpeek/mcpclient"
	"mcpeek/model"
)

// listedApart adds to err, when it says that an argument of a list of
// SERVER or SERVER.TOOL (lint, lock update) is no server while the one
// before it is, how to name that tool of that server: people type
// SERVER TOOL, which such a list reads as two servers. When that server
// lists no such tool, it says so instead, with the nearest names.
func (a *app) listedApart(ctx context.Context, err error, args []string) error {
	e, ok := errors.AsType[*mcpclient.UnknownServerError](err)
	if !ok {
		return err
	}
	i := slices.Index(args, e.Name)
	if i < 1 || strings.Contains(args[i-1], ".") || !slices.Contains(e.Names, args[i-1]) {
		return err
	}
	server, tool := args[i-1], e.Name
	if snap, serr := a.liveSnapshot(ctx, []string{server}); serr == nil {
		for _, s := range snap.Servers {
			if s.Name == server && !slices.ContainsFunc(s.Tools, func(t model.Tool) bool { return t.Name == tool }) {
				return fmt.Errorf("%w; and %w", err, mcpclient.UnknownTool(model.Server{Name: s.Name, Tools: s.Tools}, tool))
			}
		}
	}
	return fmt.Errorf("%w; to name the tool %s of %s, write %s.%s", err, tool, server, server, tool)
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

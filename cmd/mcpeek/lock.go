package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/summarizer/schemadiff"
)

func (a *app) lockCommand() *cobra.Command {
	lock := &cobra.Command{
		Use:   "lock",
		Short: "Approve tool definitions for a gateway pinned with --lock",
	}
	var path string
	var dryRun bool
	update := &cobra.Command{
		Use:   "update [SERVER | SERVER.TOOL ...]",
		Short: "Show what changed since the lock file, and approve it by rewriting the file",
		Long: "lock update connects to the servers, prints what changed in their tools since the\n" +
			"lock file (as `mcpeek diff` does), then rewrites the file with the definitions the\n" +
			"servers list now: every tool of the servers the lock holds (every enabled server\n" +
			"when it holds none, or the file does not exist yet), or only the servers and tools\n" +
			"named. A tool named that a server no longer lists leaves the lock. The file is\n" +
			"replaced atomically; a gateway started with --lock on it serves the approved\n" +
			"definitions within a second, without a restart.",
		Example: "  mcpeek lock update\n" +
			"  mcpeek lock update shop.get_order billing --lock team.lock.json\n" +
			"  mcpeek lock update --dry-run",
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.lockUpdate(cmd.Context(), path, args, dryRun)
		},
	}
	update.Flags().StringVar(&path, "lock", defaultLockFile, "The lock file")
	update.Flags().BoolVar(&dryRun, "dry-run", false, "Show the changes; do not rewrite the file")
	lock.AddCommand(update)
	return lock
}

// lockUpdate prints what changed between the lock file and the live
// servers for the tools picked, then writes the lock with them approved.
func (a *app) lockUpdate(ctx context.Context, path string, picks []string, dryRun bool) error {
	old, err := a.readSnapshot(path)
	fresh := errors.Is(err, fs.ErrNotExist)
	if fresh {
		old, err = schemadiff.Snapshot{}, nil
	}
	if err != nil {
		return err
	}
	servers := map[string]bool{}
	for _, p := range picks {
		servers[old.ServerOf(p)] = true
	}
	if len(picks) == 0 {
		for _, s := range old.Servers {
			servers[s.Name] = true
		}
	}
	live, err := a.liveSnapshot(ctx, slices.Sorted(maps.Keys(servers)))
	if err != nil {
		return a.listedApart(ctx, err, picks)
	}
	// said once the servers answered: a run that fails writes nothing
	if fresh && dryRun {
		a.note(path + " does not exist yet (--dry-run: it is not written)")
	} else if fresh {
		a.note(path + " does not exist yet: writing it")
	}
	if unmatched := old.Unmatched(live, picks); len(unmatched) > 0 {
		return unmatchedPicks(live, old.ServerOf, unmatched, path)
	}
	approved := old.Approve(live, picks)
	if err := a.printChanges(schemadiff.Diff(old, approved), schemadiff.Costs{}, formatText); err != nil {
		return err
	}
	if dryRun {
		return nil
	}
	b, err := approved.Encode()
	if err != nil {
		return err
	}
	if was, _ := old.Encode(); !fresh && bytes.Equal(b, was) {
		a.note(path + " already holds these definitions: nothing written")
		return nil
	}
	if err := writeFileAtomic(path, b); err != nil {
		return err
	}
	a.note("wrote " + path)
	return nil
}

// unmatchedPicks is the error for tools named that neither the lock nor
// the servers of the config read have: nothing could be approved.
func unmatchedPicks(live schemadiff.Snapshot, serverOf func(string) string, picks []string, lock string) error {
	var errs []error
	for _, p := range picks {
		name := serverOf(p)
		srv, _ := live.Server(name)
		errs = append(errs, mcpclient.UnknownTool(model.Server{Name: name, Tools: srv.Tools}, strings.TrimPrefix(p, name+".")))
	}
	return fmt.Errorf("%w; nor does %s: nothing to approve, nothing written (is this the config and lock the gateway runs with? give them with --config and --lock)", errors.Join(errs...), lock)
}

package main

import (
	"cmp"
	"context"
	"errors"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"mcpeek/model"
	"mcpeek/schemadiff"
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
	limit, err := snapshotLimit()
	if err != nil {
		return err
	}
	old, err := schemadiff.ReadFile(path, limit)
	if errors.Is(err, fs.ErrNotExist) {
		old, err = schemadiff.Snapshot{}, nil
		a.note(path + " does not exist yet: writing it")
	}
	if err != nil {
		return err
	}
	servers := map[string]bool{}
	for _, p := range picks {
		servers[serverOfPick(p, old)] = true
	}
	if len(picks) == 0 {
		for _, s := range old.Servers {
			servers[s.Name] = true
		}
	}
	live, err := a.liveSnapshot(ctx, slices.Sorted(maps.Keys(servers)))
	if err != nil {
		return err
	}
	approved := approve(old, live, picks)
	if err := a.printChanges(schemadiff.Diff(old, approved), formatText); err != nil {
		return err
	}
	if dryRun {
		return nil
	}
	b, err := approved.Encode()
	if err != nil {
		return err
	}
	if err := writeFileAtomic(path, b); err != nil {
		return err
	}
	a.note("wrote " + path)
	return nil
}

// serverOfPick is the server of a pick: SERVER, or the SERVER of
// SERVER.TOOL. A server name may hold dots: the longest name of the lock
// that the pick starts with wins, else the pick up to its first dot.
func serverOfPick(pick string, lock schemadiff.Snapshot) string {
	best := ""
	for _, s := range lock.Servers {
		if (pick == s.Name || strings.HasPrefix(pick, s.Name+".")) && len(s.Name) > len(best) {
			best = s.Name
		}
	}
	if best != "" {
		return best
	}
	name, _, _ := strings.Cut(pick, ".")
	return name
}

// approve returns the lock with the picked servers and tools as live lists
// them (every server of live when picks is empty).
func approve(lock, live schemadiff.Snapshot, picks []string) schemadiff.Snapshot {
	whole := map[string]bool{}
	tools := map[string]map[string]bool{} // server -> tool names
	for _, p := range picks {
		server := serverOfPick(p, lock)
		if p == server {
			whole[server] = true
			continue
		}
		if tools[server] == nil {
			tools[server] = map[string]bool{}
		}
		tools[server][strings.TrimPrefix(p, server+".")] = true
	}
	out := schemadiff.Snapshot{}
	names := map[string]bool{}
	for _, s := range lock.Servers {
		names[s.Name] = true
	}
	for _, s := range live.Servers {
		names[s.Name] = true
	}
	for _, name := range slices.Sorted(maps.Keys(names)) {
		was, inLock := lock.Server(name)
		now, isLive := live.Server(name)
		switch {
		case !isLive:
			out.Servers = append(out.Servers, was)
		case len(picks) == 0 || whole[name]:
			out.Servers = append(out.Servers, now)
		case tools[name] == nil:
			out.Servers = append(out.Servers, was)
		default:
			merged := was
			if !inLock {
				merged = schemadiff.Server{Name: name}
			}
			merged.Implementation, merged.ProtocolVersion = now.Implementation, now.ProtocolVersion
			merged.Tools = mergeTools(merged.Tools, now.Tools, tools[name])
			out.Servers = append(out.Servers, merged)
		}
	}
	return out
}

// mergeTools is locked with the tools named replaced by their live
// versions (dropped when live does not list them), sorted by name.
func mergeTools(locked, live []model.Tool, named map[string]bool) []model.Tool {
	var out []model.Tool
	for _, t := range locked {
		if !named[t.Name] {
			out = append(out, t)
		}
	}
	for _, t := range live {
		if named[t.Name] {
			out = append(out, t)
		}
	}
	slices.SortStableFunc(out, func(a, b model.Tool) int { return cmp.Compare(a.Name, b.Name) })
	return out
}

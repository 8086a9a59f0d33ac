package main

import (
	"context"
	"fmt"
	"mcpeek/internal/atomicfile"
	"mcpeek/internal/plural"
	"strings"

	"github.com/spf13/cobra"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/summarizer/schemadiff"
)

func (a *app) snapshotCommand() *cobra.Command {
	var outPath string
	cmd := &cobra.Command{
		Use:   "snapshot -o FILE [SERVER...]",
		Short: "Write every tool's definition to a lock file, to commit and diff later",
		Long: "snapshot connects to the servers named (every enabled server when none is) and\n" +
			"writes their tools' definitions exactly as listed, sorted by server then tool,\n" +
			"with each server's name, version, protocol version and era, capabilities,\n" +
			"resource templates and prompts: a lock file meant to be\n" +
			"committed and compared with `mcpeek diff`. The same tools always give the same\n" +
			"bytes. A server that does not connect fails the command and no file is written.",
		Example: "  mcpeek snapshot -o mcpeek.lock.json\n" +
			"  mcpeek snapshot shop billing -o mcpeek.lock.json --config mcp.json",
		RunE: func(cmd *cobra.Command, args []string) error {
			snap, err := a.liveSnapshot(cmd.Context(), args)
			if err != nil {
				return err
			}
			b, err := snap.Encode()
			if err != nil {
				return err
			}
			if outPath == "" || outPath == "-" {
				_, err = a.stdout.Write(b)
				return err
			}
			if err := writeFileAtomic(outPath, b); err != nil {
				return err
			}
			tools := 0
			for _, s := range snap.Servers {
				tools += len(s.Tools)
			}
			a.note(fmt.Sprintf("wrote %s of %s to %s", plural.Count(tools, "tool", "tools"), plural.Count(len(snap.Servers), "server", "servers"), outPath))
			return nil
		},
	}
	cmd.Flags().StringVarP(&outPath, "output", "o", "", "The lock file to write (- or nothing: standard output)")
	return cmd
}

// liveSnapshot connects to the named servers alone (every enabled one when
// names is empty) and snapshots their tools. Each server taken must be
// connected: a snapshot that silently lost a server would report all its
// tools as removed.
func (a *app) liveSnapshot(ctx context.Context, names []string) (schemadiff.Snapshot, error) {
	m, err := a.startManager(ctx, names)
	if err != nil {
		return schemadiff.Snapshot{}, err
	}
	defer m.Close()
	servers, err := m.PickServers(names)
	if err != nil {
		return schemadiff.Snapshot{}, err
	}
	var connected []string
	for _, s := range servers {
		if s.State == model.StateConnected {
			connected = append(connected, s.Name)
		}
	}
	for _, s := range servers {
		if s.State != model.StateConnected {
			err := mcpclient.NotReady(s)
			if len(names) == 0 && len(connected) > 0 {
				// every server was taken: name those that answered
				err = fmt.Errorf("%w\n(to take only the servers that connect, name them: %s)", err, strings.Join(connected, " "))
			}
			return schemadiff.Snapshot{}, err
		}
	}
	return m.WholeSnapshot(ctx, servers)
}

// writeFileAtomic replaces path with b, never leaving it half written.
func writeFileAtomic(path string, b []byte) error {
	if err := atomicfile.Write(path, b, 0o644); err != nil {
		return fmt.Errorf("cannot write the lock file: %w", err)
	}
	return nil
}

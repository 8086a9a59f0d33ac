package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"mcpeek/internal/similar"
	"mcpeek/mcpclient"
	"mcpeek/summarizer/schemadiff"
	"mcpeek/summarizer/tokens"
)

func (a *app) diffCommand() *cobra.Command {
	var (
		format string
		asJSON bool
		failOn string
	)
	cmd := &cobra.Command{
		Use:   "diff OLD NEW",
		Short: "List what changed in the tools between two snapshots or servers: breaking, routing, unknown or compatible",
		Long: "diff compares two versions of the tools, each a snapshot file (from `mcpeek\n" +
			"snapshot`) or a live SERVER of the config, tool by tool on their resolved\n" +
			"schemas ($refs followed: moving a definition into $defs changes no shape),\n" +
			"and reports every difference, keyword by keyword, in one of four classes:\n" +
			"breaking (a tool removed or renamed, an input made required, an output field\n" +
			"removed, a type changed, ...), routing (what a model reads: names, titles,\n" +
			"descriptions, examples, defaults, annotations, icons; the text before and\n" +
			"after is shown), unknown (the diff cannot decide: a pattern changed, union\n" +
			"alternatives moved, a $ref that does not resolve; it says why) or compatible\n" +
			"(an optional input or an output field added, an enum widened). With a SERVER\n" +
			"on one side, the file on the other side is read for that server only.\n" +
			"docs/diff.md lists every kind of change.\n\n" +
			"Exit status: 0 no change, 1 changes of no class --fail-on names, 2 some\n" +
			"change of a class --fail-on names (breaking by default), 3 the comparison\n" +
			"could not run (a file or server unreadable).",
		Example: "  mcpeek diff mcpeek.lock.json shop --format markdown\n" +
			"  mcpeek diff old.lock.json new.lock.json --format json",
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if asJSON {
				format = formatJSON
			}
			if err := checkFormat(format, formatSARIF, formatGitHub); err != nil {
				return err
			}
			failing, err := schemadiff.ParseClasses(failOn)
			if err != nil {
				return usageError("--fail-on: %v", err)
			}
			old, new, err := a.diffSides(cmd.Context(), args[0], args[1])
			if err != nil {
				return err
			}
			changes := schemadiff.Diff(old, new)
			switch format {
			case formatSARIF:
				err = a.printSARIFChanges(changes, args[0], args[1])
			case formatGitHub:
				var files []schemadiff.LockText
				var limit int64
				if limit, err = snapshotLimit(); err == nil {
					files, err = schemadiff.ReadLockTexts(limit, args[1], args[0])
				}
				if err == nil {
					costs := schemadiff.MeasureCosts(old, new, tokens.NewCounter())
					err = a.printGitHub(changes, files, schemadiff.Markdown(changes)+costs.Markdown())
				}
			default:
				err = a.printChanges(changes, schemadiff.MeasureCosts(old, new, tokens.NewCounter()), format)
			}
			if err != nil {
				return err
			}
			return diffExit(changes, failing)
		},
	}
	cmd.Flags().StringVar(&format, "format", formatText, "Text, json, markdown (for a pull request comment), sarif (for code scanning) or github (annotations on the lock file's lines, and the job summary)")
	cmd.Flags().BoolVar(&asJSON, "json", false, `Print {"changes": [...]} (same as --format json)`)
	cmd.Flags().StringVar(&failOn, "fail-on", "breaking", "Exit 2 when a change is of one of these classes (breaking, routing, unknown, compatible; separate with commas)")
	return ciCommand(cmd)
}

// checkFormat accepts text, json, markdown and the formats more names.
func checkFormat(format string, more ...string) error {
	switch format {
	case formatText, formatJSON, formatMarkdown:
		return nil
	}
	if slices.Contains(more, format) {
		return nil
	}
	names := append([]string{formatText, formatJSON, formatMarkdown}, more...)
	return usageError("--format must be %s or %s, not %q", strings.Join(names[:len(names)-1], ", "), names[len(names)-1], format)
}

// diffSides reads both sides of a diff: files as snapshots, other names
// as live servers (connected once for both). A file compared with a live
// SERVER is cut to that server.
func (a *app) diffSides(ctx context.Context, oldArg, newArg string) (old, new schemadiff.Snapshot, err error) {
	oldFile, oldIsFile, err := a.readSnapshotArg(oldArg)
	if err != nil {
		return old, new, err
	}
	newFile, newIsFile, err := a.readSnapshotArg(newArg)
	if err != nil {
		return old, new, err
	}
	var live []string
	if !oldIsFile {
		live = append(live, oldArg)
	}
	if !newIsFile && newArg != oldArg {
		live = append(live, newArg)
	}
	var servers schemadiff.Snapshot
	if len(live) > 0 {
		if servers, err = a.liveSnapshot(ctx, live); err != nil {
			if e, ok := errors.AsType[*mcpclient.UnknownServerError](err); ok {
				err = fmt.Errorf("%q is neither a snapshot file nor a server: %w", e.Name, err)
			}
			return old, new, err
		}
	}
	side := func(arg string, isFile bool, file schemadiff.Snapshot) schemadiff.Snapshot {
		if isFile {
			return file
		}
		s, _ := servers.Server(arg)
		return schemadiff.Snapshot{Servers: []schemadiff.Server{s}}
	}
	old, new = side(oldArg, oldIsFile, oldFile), side(newArg, newIsFile, newFile)
	switch {
	case oldIsFile && !newIsFile:
		old, err = a.cutTo(old, oldArg, newArg)
	case !oldIsFile && newIsFile:
		new, err = a.cutTo(new, newArg, oldArg)
	}
	return old, new, err
}

// readSnapshotArg reads arg as a snapshot file when a file of that name
// exists (or the name looks like a path); otherwise it names a server.
func (a *app) readSnapshotArg(arg string) (schemadiff.Snapshot, bool, error) {
	s, err := a.readSnapshot(arg)
	if errors.Is(err, fs.ErrNotExist) && !strings.ContainsAny(arg, `/\`) && !strings.HasSuffix(arg, ".json") {
		return schemadiff.Snapshot{}, false, nil // a server's name
	}
	return s, true, err
}

// cutTo keeps the server of a snapshot file that a live server is compared
// with: the one of the same name, or the file's only server under the live
// server's name (a server renamed in the config).
func (a *app) cutTo(file schemadiff.Snapshot, path, server string) (schemadiff.Snapshot, error) {
	if s, ok := file.Server(server); ok {
		return schemadiff.Snapshot{Servers: []schemadiff.Server{s}}, nil
	}
	if len(file.Servers) == 1 {
		s := file.Servers[0]
		a.note(fmt.Sprintf("%s holds server %q, not %q: comparing it with %q", path, s.Name, server, server))
		s.Name = server
		for i := range s.Tools {
			s.Tools[i].Server = server
		}
		return schemadiff.Snapshot{Servers: []schemadiff.Server{s}}, nil
	}
	var names []string
	for _, s := range file.Servers {
		names = append(names, s.Name)
	}
	return file, fmt.Errorf("%s holds no server named %q%s; it holds %s", path, server, similar.DidYouMean(server, names), strings.Join(names, ", "))
}

// printChanges writes a diff's changes and what they cost in a prompt.
func (a *app) printChanges(changes []schemadiff.Change, costs schemadiff.Costs, format string) error {
	switch format {
	case formatJSON:
		return writeJSON(a.stdout, diffJSON(changes, costs))
	case formatMarkdown:
		_, err := a.stdout.Write([]byte(schemadiff.Markdown(changes) + costs.Markdown()))
		return err
	}
	out := a.printer().out()
	schemadiff.Text(out, changes)
	costs.Text(out)
	return nil
}

// diffReport is a diff as --format json writes it.
type diffReport struct {
	Changes []schemadiff.Change `json:"changes"`
	Costs   schemadiff.Costs    `json:"costs"`
}

func diffJSON(changes []schemadiff.Change, costs schemadiff.Costs) diffReport {
	if changes == nil {
		changes = []schemadiff.Change{}
	}
	if costs.Tools == nil {
		costs.Tools = []schemadiff.ToolCost{}
	}
	if costs.Servers == nil {
		costs.Servers = []schemadiff.ServerCost{}
	}
	return diffReport{changes, costs}
}

// diffExit is the exit status of a diff: 2 (breaking) when a change is of
// a class failing names, 1 when there are other changes, 0 when none.
func diffExit(changes []schemadiff.Change, failing []schemadiff.Class) error {
	switch {
	case schemadiff.AnyOf(changes, failing):
		return &exitStatus{code: exitBreaking}
	case len(changes) > 0:
		return &exitStatus{code: exitCompatible}
	}
	return nil
}

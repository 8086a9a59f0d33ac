package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"mcpeek/internal/plural"
	"mcpeek/internal/similar"
	"mcpeek/model"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"mcpeek/summarizer/schemadiff"
)

func (a *app) diffCommand() *cobra.Command {
	var (
		format string
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "diff OLD NEW",
		Short: "List what changed in the tools between two snapshots or servers, breaking or compatible",
		Long: "diff compares two versions of the tools, each a snapshot file (from `mcpeek\n" +
			"snapshot`) or a live SERVER of the config, tool by tool on their resolved\n" +
			"schemas ($refs followed: moving a definition into $defs changes no shape),\n" +
			"and classifies each change for callers: breaking (a tool removed or renamed,\n" +
			"an input made required, an output field removed, a type changed, ...) or\n" +
			"compatible (an optional input or an output field added, an enum widened, a\n" +
			"description edited). Any other difference in a definition (an example, a\n" +
			"default, an unknown keyword, a $ref written inline) is definition-changed,\n" +
			"at its JSON pointer: a definition that differs is never \"no change\". With\n" +
			"a SERVER on one side, the file on the other side is read for that server\n" +
			"only. docs/diff.md lists every kind of change.\n\n" +
			"Exit status: 0 no change, 1 compatible changes only, 2 some change is\n" +
			"breaking, 3 the comparison could not run (a file or server unreadable).",
		Example: "  mcpeek diff mcpeek.lock.json shop --format markdown\n" +
			"  mcpeek diff old.lock.json new.lock.json --format json",
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if asJSON {
				format = formatJSON
			}
			if err := checkFormat(format, formatSARIF); err != nil {
				return err
			}
			old, new, err := a.diffSides(cmd.Context(), args[0], args[1])
			if err != nil {
				return err
			}
			changes := schemadiff.Diff(old, new)
			if format == formatSARIF {
				err = a.printSARIFChanges(changes, args[0], args[1])
			} else {
				err = a.printChanges(changes, format)
			}
			if err != nil {
				return err
			}
			switch schemadiff.Worst(changes) {
			case schemadiff.Breaking:
				return &exitStatus{code: exitBreaking}
			case schemadiff.Compatible:
				return &exitStatus{code: exitCompatible}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", formatText, "Text, json, markdown (for a pull request comment) or sarif (for code scanning)")
	cmd.Flags().BoolVar(&asJSON, "json", false, `Print {"changes": [...]} (same as --format json)`)
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
			if e, ok := errors.AsType[*unknownServerError](err); ok {
				err = fmt.Errorf("%q is neither a snapshot file nor a server: %w", e.name, err)
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

func (a *app) printChanges(changes []schemadiff.Change, format string) error {
	switch format {
	case formatJSON:
		if changes == nil {
			changes = []schemadiff.Change{}
		}
		return writeJSON(a.stdout, struct {
			Changes []schemadiff.Change `json:"changes"`
		}{changes})
	case formatMarkdown:
		_, err := a.stdout.Write([]byte(schemadiff.Markdown(changes)))
		return err
	}
	a.printer().changes(changes)
	return nil
}

// changes prints changes grouped by tool, in the diff's order.
func (p printer) changes(changes []schemadiff.Change) {
	if len(changes) == 0 {
		p.println("no changes")
		return
	}
	var tool model.ToolID
	for _, c := range changes {
		if c.Tool != tool {
			tool = c.Tool
			p.println(p.head.Render(clean(tool.String())))
		}
		class := fmt.Sprintf("%-10s", c.Class)
		if c.Class == schemadiff.Breaking {
			class = p.fold.Render(class)
		}
		p.println("  " + class + "  " + p.path.Render(clean(c.Where())) + "  " + string(c.Kind) + p.faint.Render(": "+clean(c.Detail)))
	}
	n := schemadiff.Count(changes)
	p.println(fmt.Sprintf("%s and %s in %s", plural.Count(n.Breaking, "breaking change", "breaking changes"),
		plural.Count(n.Compatible, "compatible change", "compatible changes"), plural.Count(n.Tools, "tool", "tools")))
}

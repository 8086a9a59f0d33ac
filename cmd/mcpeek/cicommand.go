package main

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/spf13/cobra"

	"mcpeek/internal/atomicfile"
	"mcpeek/mcpclient"
	"mcpeek/mcpclient/calls"
	"mcpeek/mcpclient/ci"
	"mcpeek/model"
	"mcpeek/summarizer/lint"
	"mcpeek/summarizer/sarif"
	"mcpeek/summarizer/schemadiff"
)

func (a *app) ciRunCommand() *cobra.Command {
	var (
		lockPath, callsPath string
		sarifPath           string
		clientNames         []string
		format              string
		failOn              string
		jobs                int
		timeout             time.Duration
	)
	cmd := &cobra.Command{
		Use:   "ci [SERVER...]",
		Short: "Check the servers against the lock file, the clients and the saved calls: one summary, one exit status",
		Long: "ci runs, against the servers of the lock file (or those named), the three checks a\n" +
			"pull request needs, over one connection to each server:\n\n" +
			"  diff  the live tools against the lock file: changes of a class --fail-on names\n" +
			"        fail (breaking by default)\n" +
			"  lint  the live tools for the clients of --client (default: the MCP specification\n" +
			"        alone): an error fails\n" +
			"  test  the calls file, when there is one: a failed assertion fails\n\n" +
			"It prints one summary, then each part's report (--format markdown for a pull\n" +
			"request comment).\n\n" +
			"Exit status: 0 every part passes, 1 some part fails, 3 some part could not run\n" +
			"(no lock file, a server unreachable, a calls file unreadable).",
		Example: "  mcpeek ci --format markdown > ci.md\n" +
			"  mcpeek ci shop --client openai,claude-code --calls ci/shop.calls.json",
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format, formatGitHub); err != nil {
				return err
			}
			failing, err := schemadiff.ParseClasses(failOn)
			if err != nil {
				return usageError("--fail-on: %v", err)
			}
			if len(clientNames) == 0 {
				clientNames = []string{"mcp"}
			}
			clients, err := pickClients(clientNames)
			if err != nil {
				return err
			}
			if jobs < 1 {
				return usageError("-j must be 1 or more")
			}
			limit, err := snapshotLimit()
			if err != nil {
				return err
			}
			lockText, err := schemadiff.ReadBytes(lockPath, limit)
			if err != nil {
				return fmt.Errorf("cannot read the lock file (write one with mcpeek snapshot -o %s): %w", lockPath, err)
			}
			lock, err := schemadiff.Decode(lockText)
			if err != nil {
				return fmt.Errorf("%s: %w", lockPath, err)
			}
			run, err := a.runCI(cmd.Context(), ci.Check{Lock: lock, LockPath: lockPath, Names: ci.ServerNames(lock, args), Clients: clients,
				CallsPath: callsPath, CallsGiven: cmd.Flags().Changed("calls"), FailOn: failing}, jobs, timeout)
			if err != nil {
				return err
			}
			if format == formatGitHub {
				lock := schemadiff.LockText{Path: lockPath, Text: lockText, Snapshot: lock}
				if err := a.printGitHub(run.Changes, []schemadiff.LockText{lock}, run.Markdown()); err != nil {
					return err
				}
				format = formatText
			}
			if err := a.printCI(run, format); err != nil {
				return err
			}
			if sarifPath != "" {
				lockAt := &lockFile{path: lockPath, tools: schemadiff.ToolPositions(lockText)}
				if err := writeCISARIF(sarifPath, run, clients, lockAt); err != nil {
					return err
				}
			}
			switch run.Status {
			case ci.Error:
				return &exitStatus{code: exitCouldNotRun}
			case ci.Fail:
				return &exitStatus{code: exitFindings}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&lockPath, "lock", defaultLockFile, "The lock file to compare the servers with")
	cmd.Flags().StringVar(&callsPath, "calls", calls.DefaultFile, "The calls file to run (skipped when the default is absent)")
	cmd.Flags().StringSliceVar(&clientNames, "client", nil, "Lint for these clients (repeat, or separate with commas); default: mcp alone")
	cmd.Flags().StringVar(&format, "format", formatText, "Text, json, markdown (for a pull request comment) or github (annotations on the lock file's lines, the text report, and the job summary)")
	cmd.Flags().StringVar(&sarifPath, "sarif", "", "Also write every part's findings to this file as one SARIF 2.1.0 run (for code scanning)")
	cmd.Flags().StringVar(&failOn, "fail-on", "breaking", "The diff fails on changes of these classes (breaking, routing, unknown, compatible; separate with commas)")
	cmd.Flags().IntVarP(&jobs, "jobs", "j", 4, "How many saved calls run at a time")
	cmd.Flags().DurationVar(&timeout, "timeout", 60*time.Second, "Deadline of each saved call")
	return ciCommand(cmd)
}

// runCI connects once to the servers check names and those its saved
// calls name (only those are started) and runs its parts: the saved calls
// jobs at a time, each within timeout.
func (a *app) runCI(ctx context.Context, check ci.Check, jobs int, timeout time.Duration) (ci.Result, error) {
	needed := check.Names
	if f, err := calls.ReadFile(check.CallsPath); err == nil && len(needed) > 0 {
		needed = append(slices.Clone(needed), calls.Servers(f.Calls)...)
	}
	m, err := a.startServersFor(ctx, needed, mcpclient.WithCallTimeout(timeout))
	if err != nil {
		return ci.Result{}, err
	}
	defer m.Close()
	check.Live, check.LiveErr = m.PickServers(check.Names)
	check.Whole = func(live []model.Server) (schemadiff.Snapshot, error) { return m.WholeSnapshot(ctx, live) }
	check.RunCalls = func(list []calls.Call) (calls.Report, error) {
		return calls.Run(ctx, m, list, jobs, timeout, a.toolLookup(m))
	}
	return check.Run()
}

// writeCISARIF writes the findings of every part that ran as one SARIF
// run, located in the lock file.
func writeCISARIF(path string, run ci.Result, clients []lint.Client, lock *lockFile) error {
	b := newSARIF()
	run.AddSARIF(b, clients, func(tool model.ToolID) []sarif.Location { return locateTool(tool, lock) })
	var buf bytes.Buffer
	if err := b.Log().Write(&buf); err != nil {
		return err
	}
	if err := atomicfile.Write(path, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("--sarif: %w", err)
	}
	return nil
}

// printCI writes the summary, then each part's own report.
func (a *app) printCI(run ci.Result, format string) error {
	switch format {
	case formatJSON:
		return writeJSON(a.stdout, run.ForJSON())
	case formatMarkdown:
		_, err := a.stdout.Write([]byte(run.Markdown()))
		return err
	}
	p := a.printer()
	p.println(p.head.Render("mcpeek ci: " + run.Verdict()))
	for _, part := range run.Parts {
		line := fmt.Sprintf("  %-4s  %-7s  %s", part.Name, part.Status, clean(part.Summary))
		if part.Error != "" {
			line += clean(part.Error)
		}
		p.println(line)
	}
	if run.DiffRan() {
		p.println("")
		p.println(p.head.Render("diff"))
		schemadiff.Text(p.out(), run.Changes)
		run.Costs.Text(p.out())
	}
	if run.LintRan() {
		p.println("")
		p.println(p.head.Render("lint"))
		lint.Text(p.out(), run.Findings)
	}
	if run.Test != nil {
		p.println("")
		p.println(p.head.Render("test"))
		run.Test.Text(p.out())
	}
	return nil
}

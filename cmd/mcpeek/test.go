package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"time"

	"github.com/spf13/cobra"

	"mcpeek/mcpclient"
	"mcpeek/mcpclient/calls"
	"mcpeek/model"
)

// The formats of `mcpeek test` beyond text, json and markdown.
const (
	formatJUnit = "junit"
	formatSARIF = "sarif"
)

func (a *app) testCommand() *cobra.Command {
	var (
		format  string
		runs    []string
		jobs    int
		timeout time.Duration
	)
	cmd := &cobra.Command{
		Use:   "test [FILE]",
		Short: "Run the saved calls of a calls file and check their results against their assertions",
		Long: "test runs every call of the calls file (default " + calls.DefaultFile + "; `mcpeek call\n" +
			"--save` writes it) against the configured servers, up to -j at a time, and\n" +
			"checks each result against the call's assertions: the output schema, isError,\n" +
			"undeclared fields, latency, and values at field paths (line_items[].price_set).\n" +
			"${env:NAME} in arguments is filled from the environment. docs/calls.md\n" +
			"describes the file.\n\n" +
			"Exit status: 0 every assertion holds, 1 some assertion fails, 3 the run\n" +
			"could not finish (a server could not be reached, the file is unreadable,\n" +
			"an ${env:NAME} is not set).",
		Example: "  mcpeek test\n" +
			"  mcpeek test ci/shop.calls.json --run 'order-*' -j 8\n" +
			"  mcpeek test --format junit > calls.xml",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkTestFormat(format); err != nil {
				return err
			}
			if jobs < 1 {
				return usageError("-j must be 1 or more")
			}
			file := calls.DefaultFile
			if len(args) == 1 {
				file = args[0]
			}
			f, err := calls.ReadFile(file)
			if errors.Is(err, fs.ErrNotExist) {
				return errors.New(calls.NoFile(file))
			}
			if err != nil {
				return fmt.Errorf("cannot read the calls file: %w", err)
			}
			selected, err := selectCalls(f.Calls, runs)
			if err != nil {
				return fmt.Errorf("%s: %w", file, err)
			}
			report, err := a.runCalls(cmd.Context(), selected, jobs, timeout)
			if err != nil {
				return err
			}
			report.File = file
			if err := a.printTestReport(report, format); err != nil {
				return err
			}
			if code := testExitCode(report); code != 0 {
				return &exitStatus{code: code}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", formatText, "Text, json, markdown (for a pull request comment), junit or sarif")
	cmd.Flags().StringArrayVar(&runs, "run", nil, "Run only the calls of this NAME (a glob such as 'order-*'; repeatable)")
	cmd.Flags().IntVarP(&jobs, "jobs", "j", 4, "How many calls run at a time (calls wait on servers, not on the CPU)")
	cmd.Flags().DurationVar(&timeout, "timeout", 60*time.Second, "Deadline of each call")
	return ciCommand(cmd)
}

func checkTestFormat(format string) error {
	switch format {
	case formatText, formatJSON, formatMarkdown, formatJUnit, formatSARIF:
		return nil
	}
	return usageError("--format must be text, json, markdown, junit or sarif, not %q", format)
}

// selectCalls keeps the calls whose names match one of the globs (all of
// them when there are none); a glob that matches nothing is an error.
func selectCalls(all []calls.Call, globs []string) ([]calls.Call, error) {
	if len(globs) == 0 {
		return all, nil
	}
	var out []calls.Call
	used := make([]bool, len(globs))
	for _, c := range all {
		for i, g := range globs {
			if ok, err := path.Match(g, c.Name); err != nil {
				return nil, usageError("--run %q: %v", g, err)
			} else if ok {
				used[i] = true
				out = append(out, c)
				break
			}
		}
	}
	for i, g := range globs {
		if !used[i] {
			return nil, usageError("--run %q matches no call", g)
		}
	}
	return out, nil
}

// testExitCode is the exit code of a run: could not run, findings, or 0.
func testExitCode(r calls.Report) int {
	switch {
	case r.NotRun > 0:
		return exitCouldNotRun
	case r.Failed > 0:
		return exitFindings
	}
	return 0
}

// runCalls connects once to the servers the calls name, then runs the
// calls.
func (a *app) runCalls(ctx context.Context, list []calls.Call, jobs int, timeout time.Duration) (calls.Report, error) {
	m, err := a.startServersFor(ctx, calls.Servers(list), mcpclient.WithCallTimeout(timeout))
	if err != nil {
		return calls.Report{}, err
	}
	defer m.Close()
	return calls.Run(ctx, m, list, jobs, timeout, a.toolLookup(m))
}

// knownServers are the names of the config's servers, started or not
// (those of m when no config was read).
func (a *app) knownServers(m *mcpclient.Manager) []string {
	if a.configured != nil && !a.usingDemo {
		return a.configured
	}
	return mcpclient.ServerNames(m.Servers())
}

// toolLookup finds the tools of m for a run of calls, with errors that
// say what exists instead.
func (a *app) toolLookup(m *mcpclient.Manager) calls.Lookup {
	return calls.Lookup{
		UnknownServer: func(name string) error { return mcpclient.UnknownServer(name, a.knownServers(m)) },
		Tool:          func(server, tool string) (model.Tool, error) { return m.FindTool(server, tool) },
	}
}

// printTestReport writes the run in the format asked for.
func (a *app) printTestReport(r calls.Report, format string) error {
	switch format {
	case formatJSON:
		if r.Calls == nil {
			r.Calls = []calls.Outcome{}
		}
		return writeJSON(a.stdout, r)
	case formatMarkdown:
		_, err := a.stdout.Write([]byte(r.Markdown()))
		return err
	case formatJUnit:
		return calls.WriteJUnit(a.stdout, r)
	case formatSARIF:
		return sarifTest(r).Write(a.stdout)
	}
	r.Text(a.printer().out())
	return nil
}

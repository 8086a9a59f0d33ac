package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"mcpeek/internal/plural"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"mcpeek/internal/atomicfile"
	"mcpeek/mcpclient"
	"mcpeek/mcpclient/calls"
	"mcpeek/model"
	"mcpeek/summarizer/lint"
	"mcpeek/summarizer/sarif"
	"mcpeek/summarizer/schemadiff"
)

// ciPart is one check of `mcpeek ci` and how it went.
type ciPart struct {
	Name string `json:"name"`
	// Status is pass, fail, skipped or error (could not run).
	Status string `json:"status"`
	// Summary says what was checked and what came of it, in one line.
	Summary string `json:"summary"`
	// Error says why the part could not run.
	Error string `json:"error,omitempty"`
}

const (
	partPass    = "pass"
	partFail    = "fail"
	partSkipped = "skipped"
	partError   = "error"
)

// ciRun is the whole of `mcpeek ci`: each part's verdict and report.
type ciRun struct {
	Status   string              `json:"status"`
	Parts    []ciPart            `json:"parts"`
	Changes  []schemadiff.Change `json:"changes"`
	Findings []lint.Finding      `json:"findings"`
	Test     *calls.Report       `json:"test,omitempty"`
}

func (a *app) ciRunCommand() *cobra.Command {
	var (
		lockPath, callsPath string
		sarifPath           string
		clientNames         []string
		format              string
		jobs                int
		timeout             time.Duration
	)
	cmd := &cobra.Command{
		Use:   "ci [SERVER...]",
		Short: "Check the servers against the lock file, the clients and the saved calls: one summary, one exit status",
		Long: "ci runs, against the servers of the lock file (or those named), the three checks a\n" +
			"pull request needs, over one connection to each server:\n\n" +
			"  diff  the live tools against the lock file: breaking changes fail\n" +
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
			if err := checkFormat(format); err != nil {
				return err
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
			run, err := a.runCI(cmd.Context(), ciInputs{lock: lock, lockPath: lockPath, servers: args, clients: clients,
				callsPath: callsPath, callsGiven: cmd.Flags().Changed("calls"), jobs: jobs, timeout: timeout})
			if err != nil {
				return err
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
			case partError:
				return &exitStatus{code: exitCouldNotRun}
			case partFail:
				return &exitStatus{code: exitFindings}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&lockPath, "lock", defaultLockFile, "The lock file to compare the servers with")
	cmd.Flags().StringVar(&callsPath, "calls", calls.DefaultFile, "The calls file to run (skipped when the default is absent)")
	cmd.Flags().StringSliceVar(&clientNames, "client", nil, "Lint for these clients (repeat, or separate with commas); default: mcp alone")
	cmd.Flags().StringVar(&format, "format", formatText, "Text, json or markdown (for a pull request comment)")
	cmd.Flags().StringVar(&sarifPath, "sarif", "", "Also write every part's findings to this file as one SARIF 2.1.0 run (for code scanning)")
	cmd.Flags().IntVarP(&jobs, "jobs", "j", 4, "How many saved calls run at a time")
	cmd.Flags().DurationVar(&timeout, "timeout", 60*time.Second, "Deadline of each saved call")
	return ciCommand(cmd)
}

// ciInputs is what runCI checks.
type ciInputs struct {
	lock       schemadiff.Snapshot
	lockPath   string
	servers    []string
	clients    []lint.Client
	callsPath  string
	callsGiven bool
	jobs       int
	timeout    time.Duration
}

// runCI connects once and runs the parts in order: diff, lint, test. A
// part that cannot run is marked so and the others still run.
func (a *app) runCI(ctx context.Context, in ciInputs) (ciRun, error) {
	var run ciRun
	names := in.servers
	if len(names) == 0 {
		for _, s := range in.lock.Servers {
			names = append(names, s.Name)
		}
	}
	m, err := a.openManager(ctx, mcpclient.WithCallTimeout(in.timeout))
	if err != nil {
		return run, err
	}
	defer m.Close()

	live, liveErr := pickServers(m, names)
	for _, s := range live {
		if liveErr == nil && len(s.Tools) == 0 && s.State != model.StateConnected {
			liveErr = fmt.Errorf("server %q could not be reached (%s): %s", s.Name, s.State, s.Err)
		}
	}
	var snap schemadiff.Snapshot
	if liveErr == nil {
		snap = schemadiff.FromServers(live)
	}

	// diff: the lock file's servers against the same servers live.
	diffPart := ciPart{Name: "diff"}
	if liveErr != nil {
		diffPart.Status, diffPart.Error = partError, liveErr.Error()
	} else {
		old := schemadiff.Snapshot{}
		for _, s := range snap.Servers {
			if ls, ok := in.lock.Server(s.Name); ok {
				old.Servers = append(old.Servers, ls)
			} else {
				old.Servers = append(old.Servers, schemadiff.Server{Name: s.Name})
			}
		}
		run.Changes = schemadiff.Diff(old, snap)
		n := schemadiff.Count(run.Changes)
		diffPart.Status = partPass
		if n.Breaking > 0 {
			diffPart.Status = partFail
		}
		diffPart.Summary = fmt.Sprintf("%s against %s: %s, %s", strings.Join(names, ", "), in.lockPath,
			plural.Count(n.Breaking, "breaking change", "breaking changes"), plural.Count(n.Compatible, "compatible change", "compatible changes"))
	}
	run.Parts = append(run.Parts, diffPart)

	// lint: the live tools.
	lintPart := ciPart{Name: "lint"}
	if liveErr != nil {
		lintPart.Status, lintPart.Error = partError, liveErr.Error()
	} else {
		var clientNames []string
		for _, c := range in.clients {
			clientNames = append(clientNames, c.Name)
		}
		var tools []model.Tool
		for _, s := range snap.Servers {
			tools = append(tools, s.Tools...)
		}
		run.Findings = lint.Lint(tools, in.clients)
		errs, warnings, _ := lint.Verdict(run.Findings)
		lintPart.Status = partPass
		if errs > 0 {
			lintPart.Status = partFail
		}
		lintPart.Summary = fmt.Sprintf("%s for %s: %s, %s", plural.Count(len(tools), "tool", "tools"), strings.Join(clientNames, ", "),
			plural.Count(errs, "error", "errors"), plural.Count(warnings, "warning", "warnings"))
	}
	run.Parts = append(run.Parts, lintPart)

	// test: the calls file, when there is one.
	testPart := ciPart{Name: "test"}
	f, err := calls.ReadFile(in.callsPath)
	switch {
	case errors.Is(err, fs.ErrNotExist) && !in.callsGiven:
		testPart.Status, testPart.Summary = partSkipped, "no "+in.callsPath+" (mcpeek call --save writes one)"
	case errors.Is(err, fs.ErrNotExist):
		testPart.Status, testPart.Error = partError, noCallsFile(in.callsPath)
	case err != nil:
		testPart.Status, testPart.Error = partError, "cannot read the calls file: "+err.Error()
	default:
		report, err := calls.Run(ctx, m, f.Calls, in.jobs, in.timeout, a.toolLookup(m))
		if err != nil {
			return run, err
		}
		report.File = in.callsPath
		run.Test = &report
		testPart.Summary = in.callsPath + ": " + report.Totals()
		switch testExitCode(report) {
		case 0:
			testPart.Status = partPass
		case exitFindings:
			testPart.Status = partFail
		default:
			testPart.Status = partError
		}
	}
	run.Parts = append(run.Parts, testPart)

	run.Status = partPass
	for _, p := range run.Parts {
		switch {
		case p.Status == partError:
			run.Status = partError
		case p.Status == partFail && run.Status != partError:
			run.Status = partFail
		}
	}
	return run, nil
}

// writeCISARIF writes the findings of every part that ran as one SARIF
// run (code-scanning services take one run per tool and category): the
// diff's changes and lint's findings at their tools in the lock file, the
// failed assertions at their calls in the calls file.
func writeCISARIF(path string, run ciRun, clients []lint.Client, lock *lockFile) error {
	b := newSARIF()
	if diffRan(run) {
		schemadiff.AddSARIF(b, run.Changes, func(tool model.ToolID) []sarif.Location { return locateTool(tool, lock) })
	}
	if lintRan(run) {
		lint.AddSARIF(b, run.Findings, clients, func(tool model.ToolID) []sarif.Location { return locateTool(tool, lock) })
	}
	if run.Test != nil {
		calls.AddSARIF(b, *run.Test)
	}
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
func (a *app) printCI(run ciRun, format string) error {
	switch format {
	case formatJSON:
		if run.Changes == nil {
			run.Changes = []schemadiff.Change{}
		}
		if run.Findings == nil {
			run.Findings = []lint.Finding{}
		}
		return writeJSON(a.stdout, run)
	case formatMarkdown:
		_, err := a.stdout.Write([]byte(markdownCI(run)))
		return err
	}
	p := a.printer()
	p.println(p.head.Render("mcpeek ci: " + ciVerdict(run.Status)))
	for _, part := range run.Parts {
		line := fmt.Sprintf("  %-4s  %-7s  %s", part.Name, part.Status, clean(part.Summary))
		if part.Error != "" {
			line += clean(part.Error)
		}
		p.println(line)
	}
	if diffRan(run) {
		p.println("")
		p.println(p.head.Render("diff"))
		p.changes(run.Changes)
	}
	if lintRan(run) {
		p.println("")
		p.println(p.head.Render("lint"))
		p.findings(run.Findings)
	}
	if run.Test != nil {
		p.println("")
		p.println(p.head.Render("test"))
		p.testRun(*run.Test)
	}
	return nil
}

func diffRan(run ciRun) bool { return run.Parts[0].Status != partError }
func lintRan(run ciRun) bool { return run.Parts[1].Status != partError }

func ciVerdict(status string) string {
	switch status {
	case partFail:
		return "failing"
	case partError:
		return "incomplete"
	}
	return "passing"
}

// markdownCI renders the run for a pull request comment: the verdict, a
// table of the parts, then each part's own Markdown report.
func markdownCI(run ciRun) string {
	var b strings.Builder
	verdict := ciVerdict(run.Status)
	if run.Status != partPass {
		verdict = "**" + verdict + "**"
	}
	fmt.Fprintf(&b, "## mcpeek ci: %s\n\n| check | status | |\n|---|---|---|\n", verdict)
	for _, p := range run.Parts {
		text := p.Summary
		if p.Error != "" {
			text = p.Error
		}
		status := p.Status
		if status == partFail || status == partError {
			status = "**" + status + "**"
		}
		fmt.Fprintf(&b, "| %s | %s | %s |\n", p.Name, status, model.MarkdownCell(text))
	}
	if diffRan(run) {
		b.WriteString("\n" + schemadiff.Markdown(run.Changes))
	}
	if lintRan(run) {
		b.WriteString("\n" + lint.Markdown(run.Findings))
	}
	if run.Test != nil {
		b.WriteString("\n" + run.Test.Markdown())
	}
	return b.String()
}

// Package ci is `mcpeek ci`: the three checks a pull request needs, run
// over one connection to each server (the live tools against the lock
// file, the live tools linted for the clients, the calls file run), each
// part's verdict, and the run's summary as Markdown and SARIF.
package ci

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"mcpeek/internal/plural"
	"mcpeek/mcpclient/calls"
	"mcpeek/model"
	"mcpeek/summarizer/lint"
	"mcpeek/summarizer/schemadiff"
	"mcpeek/summarizer/tokens"
)

// The status of a part, and of the whole run.
const (
	Pass    = "pass"
	Fail    = "fail"
	Skipped = "skipped"
	Error   = "error" // the part could not run
)

// Part is one check of a run and how it went.
type Part struct {
	Name string `json:"name"`
	// Status is pass, fail, skipped or error (could not run).
	Status string `json:"status"`
	// Summary says what was checked and what came of it, in one line.
	Summary string `json:"summary"`
	// Error says why the part could not run.
	Error string `json:"error,omitempty"`
}

// Result is the whole of a run: each part's verdict and report. Parts
// are diff, lint and test, in that order.
type Result struct {
	Status   string              `json:"status"`
	Parts    []Part              `json:"parts"`
	Changes  []schemadiff.Change `json:"changes"`
	Costs    *schemadiff.Costs   `json:"costs,omitempty"`
	Findings []lint.Finding      `json:"findings"`
	Test     *calls.Report       `json:"test,omitempty"`
}

// Check is what a run checks: the live servers against the lock file and
// the clients, and the calls file.
type Check struct {
	Lock     schemadiff.Snapshot
	LockPath string
	// Names are the servers checked (ServerNames).
	Names []string
	// Live are those servers as connected; LiveErr why they could not be
	// picked (an unknown name).
	Live    []model.Server
	LiveErr error
	Clients []lint.Client
	// CallsPath is the calls file; CallsGiven says the user named it, so
	// that its absence is an error rather than a part skipped.
	CallsPath  string
	CallsGiven bool
	// RunCalls runs the calls of the calls file against the live servers.
	RunCalls func([]calls.Call) (calls.Report, error)
	// FailOn are the classes of change that fail the diff part; nil is
	// breaking alone.
	FailOn []schemadiff.Class
	// Whole is the live servers as a lock file would hold them (their
	// prompts and resource templates too); nil takes their tools alone.
	Whole func(live []model.Server) (schemadiff.Snapshot, error)
}

// ServerNames are the servers a run checks: those named, or else every
// server of the lock file.
func ServerNames(lock schemadiff.Snapshot, named []string) []string {
	if len(named) > 0 {
		return named
	}
	var names []string
	for _, s := range lock.Servers {
		names = append(names, s.Name)
	}
	return names
}

// Run runs the parts in order: diff, lint, test. A part that cannot run
// is marked so and the others still run; the error is RunCalls' own.
func (c Check) Run() (Result, error) {
	var r Result
	liveErr := c.LiveErr
	for _, s := range c.Live {
		if liveErr == nil && len(s.Tools) == 0 && s.State != model.StateConnected {
			liveErr = fmt.Errorf("server %q could not be reached (%s): %s", s.Name, s.State, s.Err)
		}
	}
	var snap schemadiff.Snapshot
	switch {
	case liveErr != nil:
	case c.Whole != nil:
		snap, liveErr = c.Whole(c.Live)
	default:
		snap = schemadiff.FromServers(c.Live)
	}
	r.Parts = append(r.Parts, c.diff(&r, snap, liveErr), c.lint(&r, snap, liveErr))
	test, err := c.test(&r)
	if err != nil {
		return r, err
	}
	r.Parts = append(r.Parts, test)
	r.Status = Pass
	for _, p := range r.Parts {
		switch {
		case p.Status == Error:
			r.Status = Error
		case p.Status == Fail && r.Status != Error:
			r.Status = Fail
		}
	}
	return r, nil
}

// diff compares the lock file's servers with the same servers live.
func (c Check) diff(r *Result, snap schemadiff.Snapshot, liveErr error) Part {
	p := Part{Name: "diff"}
	if liveErr != nil {
		p.Status, p.Error = Error, liveErr.Error()
		return p
	}
	old := schemadiff.Snapshot{}
	for _, s := range snap.Servers {
		if ls, ok := c.Lock.Server(s.Name); ok {
			old.Servers = append(old.Servers, ls)
		} else {
			old.Servers = append(old.Servers, schemadiff.Server{Name: s.Name})
		}
	}
	r.Changes = schemadiff.Diff(old, snap)
	costs := schemadiff.MeasureCosts(old, snap, tokens.NewCounter())
	r.Costs = &costs
	failOn := c.FailOn
	if failOn == nil {
		failOn = []schemadiff.Class{schemadiff.Breaking}
	}
	p.Status = Pass
	if schemadiff.AnyOf(r.Changes, failOn) {
		p.Status = Fail
	}
	p.Summary = fmt.Sprintf("%s against %s: %s", strings.Join(c.Names, ", "), c.LockPath, schemadiff.Count(r.Changes))
	return p
}

// lint lints the live tools for the clients.
func (c Check) lint(r *Result, snap schemadiff.Snapshot, liveErr error) Part {
	p := Part{Name: "lint"}
	if liveErr != nil {
		p.Status, p.Error = Error, liveErr.Error()
		return p
	}
	var clientNames []string
	for _, cl := range c.Clients {
		clientNames = append(clientNames, cl.Name)
	}
	var tools []model.Tool
	for _, s := range snap.Servers {
		tools = append(tools, s.Tools...)
	}
	r.Findings = lint.Lint(tools, c.Clients)
	errs, warnings, _ := lint.Verdict(r.Findings)
	p.Status = Pass
	if errs > 0 {
		p.Status = Fail
	}
	p.Summary = fmt.Sprintf("%s for %s: %s, %s", plural.Count(len(tools), "tool", "tools"), strings.Join(clientNames, ", "),
		plural.Count(errs, "error", "errors"), plural.Count(warnings, "warning", "warnings"))
	return p
}

// test runs the calls file, when there is one.
func (c Check) test(r *Result) (Part, error) {
	p := Part{Name: "test"}
	f, err := calls.ReadFile(c.CallsPath)
	switch {
	case errors.Is(err, fs.ErrNotExist) && !c.CallsGiven:
		p.Status, p.Summary = Skipped, "no "+c.CallsPath+" (mcpeek call --save writes one)"
	case errors.Is(err, fs.ErrNotExist):
		p.Status, p.Error = Error, calls.NoFile(c.CallsPath)
	case err != nil:
		p.Status, p.Error = Error, "cannot read the calls file: "+err.Error()
	default:
		report, err := c.RunCalls(f.Calls)
		if err != nil {
			return p, err
		}
		report.File = c.CallsPath
		r.Test = &report
		p.Summary = c.CallsPath + ": " + report.Totals()
		switch {
		case report.NotRun > 0:
			p.Status = Error
		case report.Failed > 0:
			p.Status = Fail
		default:
			p.Status = Pass
		}
	}
	return p, nil
}

// DiffRan and LintRan say whether the diff and lint parts ran: each has
// a report then.
func (r Result) DiffRan() bool { return r.Parts[0].Status != Error }

// LintRan: see DiffRan.
func (r Result) LintRan() bool { return r.Parts[1].Status != Error }

// Verdict is the run's status in a word: passing, failing or incomplete.
func (r Result) Verdict() string {
	switch r.Status {
	case Fail:
		return "failing"
	case Error:
		return "incomplete"
	}
	return "passing"
}

package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"mcpeek/mcpclient/calls"
	"mcpeek/summarizer/lint"
	"mcpeek/summarizer/sarif"
	"mcpeek/summarizer/schemadiff"
)

// newSARIF starts a SARIF run of mcpeek.
func newSARIF() *sarif.Builder { return sarif.NewBuilder("mcpeek", version, "") }

// lockFile is a lock file's path and where each tool starts in it.
type lockFile struct {
	path  string
	tools map[string]schemadiff.Position
}

// readLockPositions reads the tools' positions in the lock file at path;
// nil when there is no such file (the results are then not located).
func readLockPositions(path string) (*lockFile, error) {
	if path == "" {
		return nil, nil
	}
	limit, err := snapshotLimit()
	if err != nil {
		return nil, err
	}
	b, err := schemadiff.ReadBytes(path, limit)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("cannot read the lock file: %w", err)
	}
	return &lockFile{path: path, tools: schemadiff.ToolPositions(b)}, nil
}

// at locates a tool in the first of the files that holds it.
func locateTool(tool string, files ...*lockFile) []sarif.Location {
	for _, f := range files {
		if f == nil {
			continue
		}
		if p, ok := f.tools[tool]; ok {
			return sarif.At(f.path, p.Line, p.Column)
		}
	}
	return nil
}

// sarifChanges is a diff as SARIF: a rule per kind of change, each change
// a result at the tool's definition in NEW (in OLD for a tool NEW lacks),
// breaking changes errors and compatible ones notes.
func sarifChanges(changes []schemadiff.Change, old, new *lockFile) sarif.Log {
	b := newSARIF()
	addChanges(b, changes, old, new)
	return b.Log()
}

func addChanges(b *sarif.Builder, changes []schemadiff.Change, old, new *lockFile) {
	for _, k := range schemadiff.Kinds() {
		b.Rule(sarif.Rule{ID: string(k.Kind), Name: ruleName(string(k.Kind)),
			ShortDescription: sarif.Message{Text: k.When},
			Help:             &sarif.Message{Text: k.When + ". Fix: " + k.Fix, Markdown: k.When + ".\n\n**Fix:** " + k.Fix + "\n\ndocs/diff.md lists every kind of change."}})
	}
	for _, c := range changes {
		level := sarif.Note
		if c.Class == schemadiff.Breaking {
			level = sarif.Error
		}
		msg := fmt.Sprintf("%s: %s at %s: %s", clean(c.Tool), c.Class, clean(c.Where()), clean(c.Detail))
		b.Add(sarif.Result{RuleID: string(c.Kind), Level: level, Message: sarif.Message{Text: msg},
			Locations:           locateTool(c.Tool, new, old),
			PartialFingerprints: map[string]string{"mcpeek/v1": c.Tool + "|" + string(c.Kind) + "|" + c.Path.String()}})
	}
}

// sarifFindings is lint as SARIF: a rule per client's rule (CLIENT/RULE),
// each finding a result at the tool's definition in the lock file.
func sarifFindings(findings []lint.Finding, clients []lint.Client, lock *lockFile) sarif.Log {
	b := newSARIF()
	addFindings(b, findings, clients, lock)
	return b.Log()
}

func addFindings(b *sarif.Builder, findings []lint.Finding, clients []lint.Client, lock *lockFile) {
	for _, c := range clients {
		for _, r := range c.Rules() {
			b.Rule(sarif.Rule{ID: c.Name + "/" + r.ID, Name: ruleName(r.ID),
				ShortDescription:     sarif.Message{Text: r.Summary},
				FullDescription:      &sarif.Message{Text: c.Title + ": " + r.Summary},
				Help:                 &sarif.Message{Text: r.Summary + " (" + c.Title + "; source: " + r.Source + "). docs/lint.md explains each rule and its fix."},
				HelpURI:              r.Source,
				DefaultConfiguration: &sarif.Configuration{Level: lintLevel(r.Severity)}})
		}
	}
	for _, f := range findings {
		msg := fmt.Sprintf("%s at %s: %s Fix: %s", clean(f.Tool), clean(f.Pointer), clean(f.Why), clean(f.Fix))
		b.Add(sarif.Result{RuleID: f.Client + "/" + f.Rule, Level: lintLevel(f.Severity), Message: sarif.Message{Text: msg},
			Locations:           locateTool(f.Tool, lock),
			PartialFingerprints: map[string]string{"mcpeek/v1": f.Tool + "|" + f.Client + "/" + f.Rule + "|" + f.Pointer}})
	}
}

func lintLevel(s lint.Severity) sarif.Level {
	if s == lint.Error {
		return sarif.Error
	}
	return sarif.Warning
}

// sarifTest is a run of the calls file as SARIF: a rule per kind of
// assertion, each failed assertion (and each call not run) a result at
// the call in the calls file.
func sarifTest(r testReport) sarif.Log {
	b := newSARIF()
	addTest(b, r)
	return b.Log()
}

func addTest(b *sarif.Builder, r testReport) {
	for _, k := range calls.AssertionKinds() {
		b.Rule(sarif.Rule{ID: k.Kind, Name: ruleName(k.Kind), ShortDescription: sarif.Message{Text: k.Help},
			Help: &sarif.Message{Text: k.Help + " docs/calls.md describes the calls file and its assertions."}})
	}
	for _, run := range r.Calls {
		where := sarif.At(r.File, run.Call.Line, run.Call.Column)
		if run.Status == runNotRun {
			b.Add(sarif.Result{RuleID: "not-run", Level: sarif.Error, Locations: where,
				Message:             sarif.Message{Text: fmt.Sprintf("call %s (%s) did not run: %s", clean(run.Name), clean(run.Tool), clean(run.Error))},
				PartialFingerprints: map[string]string{"mcpeek/v1": run.Name + "|not-run"}})
		}
		for _, f := range run.failures() {
			b.Add(sarif.Result{RuleID: f.Kind, Level: sarif.Error, Locations: where,
				Message:             sarif.Message{Text: fmt.Sprintf("call %s (%s): %s", clean(run.Name), clean(run.Tool), clean(assertionLine(f)))},
				PartialFingerprints: map[string]string{"mcpeek/v1": run.Name + "|" + f.Kind + "|" + f.Path}})
		}
	}
}

// ruleName writes a rule ID as SARIF names rules: "output-removed" is
// OutputRemoved.
func ruleName(id string) string {
	var b strings.Builder
	for _, part := range strings.FieldsFunc(id, func(r rune) bool { return r == '-' || r == '_' || r == '/' }) {
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String()
}

// printSARIFChanges writes a diff as SARIF, locating changes in whichever
// sides are files.
func (a *app) printSARIFChanges(changes []schemadiff.Change, oldArg, newArg string) error {
	var files [2]*lockFile
	for i, arg := range []string{oldArg, newArg} {
		if _, err := os.Stat(arg); err != nil {
			continue // a live server
		}
		f, err := readLockPositions(arg)
		if err != nil {
			return err
		}
		files[i] = f
	}
	return sarifChanges(changes, files[0], files[1]).Write(a.stdout)
}

// printSARIFFindings writes lint findings as SARIF, located in the
// snapshot linted, or for live servers in the lock file of the working
// directory when there is one.
func (a *app) printSARIFFindings(findings []lint.Finding, clients []lint.Client, snapshotPath string) error {
	if snapshotPath == "" {
		snapshotPath = defaultLockFile
	}
	lock, err := readLockPositions(snapshotPath)
	if err != nil {
		return err
	}
	return sarifFindings(findings, clients, lock).Write(a.stdout)
}

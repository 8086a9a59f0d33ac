package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"mcpeek/mcpclient/calls"
	"mcpeek/model"
	"mcpeek/summarizer/lint"
	"mcpeek/summarizer/sarif"
	"mcpeek/summarizer/schemadiff"
)

// newSARIF starts a SARIF run of mcpeek.
func newSARIF() *sarif.Builder { return sarif.NewBuilder("mcpeek", version, "") }

// lockFile is a lock file's path and where each tool starts in it.
type lockFile struct {
	path  string
	tools map[model.ToolID]schemadiff.Position
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

// locateTool locates a tool in the first of the files that holds it.
func locateTool(tool model.ToolID, files ...*lockFile) []sarif.Location {
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
	schemadiff.AddSARIF(b, changes, func(tool model.ToolID) []sarif.Location { return locateTool(tool, new, old) })
	return b.Log()
}

// sarifFindings is lint as SARIF: a rule per client's rule (CLIENT/RULE),
// each finding a result at the tool's definition in the lock file.
func sarifFindings(findings []lint.Finding, clients []lint.Client, lock *lockFile) sarif.Log {
	b := newSARIF()
	lint.AddSARIF(b, findings, clients, func(tool model.ToolID) []sarif.Location { return locateTool(tool, lock) })
	return b.Log()
}

// sarifTest is a run of the calls file as SARIF: a rule per kind of
// assertion, each failed assertion (and each call not run) a result at
// the call in the calls file.
func sarifTest(r calls.Report) sarif.Log {
	b := newSARIF()
	calls.AddSARIF(b, r)
	return b.Log()
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

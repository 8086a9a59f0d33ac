package main

import (
	"os"

	"mcpeek/internal/ghactions"
	"mcpeek/summarizer/schemadiff"
)

// formatGitHub writes GitHub workflow commands: an annotation per change
// on its line of the lock file, and the markdown report to the job
// summary ($GITHUB_STEP_SUMMARY) when the job has one.
const formatGitHub = "github"

// lockTexts reads the lock files among args, in that order, for
// annotations to point into; an argument that is no file (a live server)
// is skipped.
func lockTexts(args ...string) ([]schemadiff.LockText, error) {
	limit, err := snapshotLimit()
	if err != nil {
		return nil, err
	}
	var out []schemadiff.LockText
	for _, arg := range args {
		if st, err := os.Stat(arg); err != nil || st.IsDir() {
			continue
		}
		b, err := schemadiff.ReadBytes(arg, limit)
		if err != nil {
			return nil, err
		}
		snap, err := schemadiff.Decode(b)
		if err != nil {
			return nil, err
		}
		out = append(out, schemadiff.LockText{Path: arg, Text: b, Snapshot: snap})
	}
	return out, nil
}

// printGitHub writes the annotations of changes, then the counts, and
// the markdown report to the job summary.
func (a *app) printGitHub(changes []schemadiff.Change, files []schemadiff.LockText, summary string) error {
	for _, line := range schemadiff.GitHubAnnotations(changes, files...) {
		a.printer().println(line)
	}
	a.printer().println(schemadiff.Count(changes).String())
	path, _ := a.env.lookupVar(ghactions.SummaryVar)
	_, err := ghactions.AppendSummary(path, summary)
	return err
}

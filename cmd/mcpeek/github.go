package main

import (
	"mcpeek/internal/ghactions"
	"mcpeek/summarizer/schemadiff"
)

// formatGitHub writes GitHub workflow commands: an annotation per change
// on its line of the lock file, and the markdown report to the job
// summary ($GITHUB_STEP_SUMMARY) when the job has one.
const formatGitHub = "github"

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

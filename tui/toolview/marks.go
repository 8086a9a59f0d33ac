package toolview

import (
	"strings"
	"time"

	"mcpeek/model"
	"mcpeek/summarizer/lint"
	"mcpeek/summarizer/schemadiff"
)

// The explorer marks what changed in each tool and what clients would
// refuse; the root computes the marks off the UI loop, after each
// snapshot of the servers, and the diff and findings views read them
// through Marks.

// Marks is what the views read of the root's marks (read only).
type Marks interface {
	// Gen counts the markings landed: a view built from an older one
	// builds again.
	Gen() int
	// MarkOf is the marks of the tool id, and whether it has been marked
	// for the definition raw.
	MarkOf(id string, raw []byte) (Mark, bool)
	// Base is the lock file read at start, or nil.
	Base() *Baseline
}

// Baseline is a lock file read at start.
type Baseline struct {
	Name    string    // the file's name, as the status line and the views say it
	Written time.Time // its modification time
	Snap    schemadiff.Snapshot
}

// Mark is what the explorer knows of one tool's changes and findings,
// for the definition raw (the listed tool's own bytes, never a copy).
type Mark struct {
	Raw []byte
	// Changes are since the lock file when it lists the tool and the tool
	// differs from it, else since the tool was first listed in this run.
	Changes []schemadiff.Change
	// Old is the definition changes start from (valid when there are any).
	Old model.Tool
	// SinceStart says changes start from the first listing in this run.
	SinceStart bool
	// Added says the lock file's server does not list the tool.
	Added bool
	// Findings are every client profile's, worst first.
	Findings []lint.Finding
}

// Worst is the most serious class of the tool's changes, or 0.
func (k Mark) Worst() schemadiff.Class { return schemadiff.Worst(k.Changes) }

// Rejected says a client refuses the tool as it is listed (the profiles
// of opt-in modes and schema subsets, which nearly every tool breaks one
// of, are left to the findings view).
func (k Mark) Rejected() bool { return lint.RefusedAsListed(k.Findings) }

// ChangeCounts writes "1 breaking, 2 routing, 1 compatible": each class
// that has changes, the most serious first.
func ChangeCounts(changes []schemadiff.Change) string {
	n := schemadiff.Count(changes)
	var parts []string
	for _, class := range schemadiff.Classes() {
		if k := n.Of(class); k > 0 {
			parts = append(parts, itoa(k)+" "+class.String())
		}
	}
	return strings.Join(parts, ", ")
}

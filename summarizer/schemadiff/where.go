package schemadiff

import (
	"mcpeek/model"
	"mcpeek/model/fieldpath"
)

// Side is the part of a tool a change is in: its path's side.
type Side = fieldpath.Side

// The sides of a tool.
const (
	// OnTool is the tool as a whole: its name, words, annotations, _meta.
	OnTool = fieldpath.NoSide
	// OnInput is the input schema: what callers send.
	OnInput = fieldpath.Input
	// OnOutput is the output schema: what callers read, including the
	// output schema appearing or going.
	OnOutput = fieldpath.Output
)

// Side is the part of the tool the change is in: its path's. An output
// schema added or removed is a change at the output's root, as the
// explorer's diff trees mark it.
func (c Change) Side() Side { return c.Path.Side() }

// Where names where the change is, as both front ends write it: its path,
// or "(input root)", "(output root)" or "(tool)" when it has none.
func (c Change) Where() string {
	if !c.Path.IsRoot() {
		return c.Path.String()
	}
	switch c.Side() {
	case OnInput:
		return "(input root)"
	case OnOutput:
		return "(output root)"
	}
	return "(tool)"
}

// Counts is how many changes of each class a list holds, and how many
// tools they touch.
type Counts struct {
	Breaking, Compatible, Tools int
}

// Count counts changes by class, and the tools they touch.
func Count(changes []Change) Counts {
	var n Counts
	seen := map[model.ToolID]bool{}
	for _, c := range changes {
		if c.Class == Breaking {
			n.Breaking++
		} else {
			n.Compatible++
		}
		if !seen[c.Tool] {
			seen[c.Tool] = true
			n.Tools++
		}
	}
	return n
}

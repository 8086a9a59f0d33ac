package schemadiff

import (
	"fmt"
	"strings"

	"mcpeek/internal/plural"
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
	if c.Entry != "" {
		if c.DefinitionPointer != "" {
			return c.DefinitionPointer
		}
		return "(" + string(c.Entry) + ")"
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
// tools (or other entries: prompts, resource templates, servers) they
// touch.
type Counts struct {
	Breaking, Routing, Unknown, Compatible, Tools int
}

// Of is how many changes are of class.
func (n Counts) Of(class Class) int {
	switch class {
	case Breaking:
		return n.Breaking
	case Routing:
		return n.Routing
	case Unknown:
		return n.Unknown
	}
	return n.Compatible
}

// String says the counts in words, the classes with none left out, in
// the order a reviewer decides them: "1 breaking, 2 routing and 3
// compatible changes in 4 tools", or "no changes".
func (n Counts) String() string {
	var parts []string
	total := 0
	for _, class := range Classes() {
		if k := n.Of(class); k > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", k, class))
			total += k
		}
	}
	if total == 0 {
		return "no changes"
	}
	words := parts[0]
	if len(parts) > 1 {
		words = strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
	}
	noun := " changes in "
	if total == 1 {
		noun = " change in "
	}
	return words + noun + plural.Count(n.Tools, "tool", "tools")
}

// Count counts changes by class, and the tools they touch.
func Count(changes []Change) Counts {
	var n Counts
	seen := map[model.ToolID]bool{}
	for _, c := range changes {
		switch c.Class {
		case Breaking:
			n.Breaking++
		case Routing:
			n.Routing++
		case Unknown:
			n.Unknown++
		default:
			n.Compatible++
		}
		if !seen[c.Tool] {
			seen[c.Tool] = true
			n.Tools++
		}
	}
	return n
}

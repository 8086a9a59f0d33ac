package schemadiff

import "strings"

// Side is the part of a tool a change is in.
type Side uint8

// The sides of a tool.
const (
	// OnTool is the tool as a whole: its name, words, annotations, _meta.
	OnTool Side = iota
	// OnInput is the input schema: what callers send.
	OnInput
	// OnOutput is the output schema: what callers read, including the
	// output schema appearing or going.
	OnOutput
)

// String returns "tool", "input" or "output".
func (s Side) String() string {
	switch s {
	case OnInput:
		return "input"
	case OnOutput:
		return "output"
	}
	return "tool"
}

// Side is the part of the tool the change is in. An output schema added
// or removed is a change at the output's root, as the explorer's diff
// trees mark it.
func (c Change) Side() Side {
	k := string(c.Kind)
	switch {
	case strings.HasPrefix(k, "input-"):
		return OnInput
	case strings.HasPrefix(k, "output-"):
		return OnOutput
	}
	return OnTool
}

// Where names where the change is, as both front ends write it: its path,
// or "(input root)", "(output root)" or "(tool)" when it has none.
func (c Change) Where() string {
	if c.Path != "" {
		return c.Path
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
	seen := map[string]bool{}
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

package schemadiff

import (
	"bytes"

	"mcpeek/model"
	"mcpeek/summarizer/lint"
)

// ToolMark is what is known of one tool's changes and lint findings, for
// the definition Raw (the listed tool's own bytes, never a copy).
type ToolMark struct {
	Raw []byte
	// Changes are since the lock file when it lists the tool and the tool
	// differs from it, else since the tool was first listed.
	Changes []Change
	// Old is the definition Changes start from (valid when there are any).
	Old model.Tool
	// SinceStart says Changes start from the first listing.
	SinceStart bool
	// Added says the lock file's server does not list the tool.
	Added bool
	// Findings are every client profile's, worst first.
	Findings []lint.Finding
}

// MarkServers marks every tool of the connected servers: its changes since
// the lock file base (for the servers it lists; nil for no lock file) or
// else since first listed (first, by tool id), and its lint findings for
// every client profile, those of an unchanged definition taken from prev.
// A server that is not connected keeps its tools' marks of prev. It
// returns the marks by tool id, and by server the lock file's tools the
// server no longer lists.
func MarkServers(servers []model.Server, base *Snapshot, first map[string]model.Tool, prev map[string]ToolMark) (map[string]ToolMark, map[string][]Change) {
	marks := map[string]ToolMark{}
	removed := map[string][]Change{}
	findings := LintAll(servers, prev)
	for _, s := range servers {
		if s.State != model.StateConnected {
			// Reconnecting or down: the tools it listed keep their marks,
			// so that coming back with the same tools costs no lint run.
			for _, t := range s.Tools {
				if k, ok := prev[t.ID().String()]; ok {
					marks[t.ID().String()] = k
				}
			}
			continue
		}
		var fromBase map[string][]Change
		var baseTools map[string]model.Tool
		if base != nil {
			if old, ok := base.Server(s.Name); ok {
				fromBase, removed[s.Name] = DiffServer(s.Name, old.Tools, s.Tools)
				baseTools = make(map[string]model.Tool, len(old.Tools))
				for _, t := range old.Tools {
					baseTools[t.Name] = t
				}
			}
		}
		sinceStart := changedSinceFirst(s, first)
		for _, t := range s.Tools {
			id := t.ID().String()
			k := ToolMark{Raw: t.Raw, Findings: findings[id]}
			switch {
			case len(fromBase[t.Name]) > 0:
				k.Changes, k.Old = fromBase[t.Name], baseTools[t.Name]
			case len(sinceStart[t.Name]) > 0:
				k.Changes, k.Old, k.SinceStart = sinceStart[t.Name], first[id], true
			}
			if baseTools != nil {
				_, listed := baseTools[t.Name]
				k.Added = !listed
			}
			marks[id] = k
		}
	}
	return marks, removed
}

// changedSinceFirst diffs the server's tools whose bytes differ from those
// first listed, by tool name; nil when none does.
func changedSinceFirst(s model.Server, first map[string]model.Tool) map[string][]Change {
	var changedOld, changedNew []model.Tool
	for _, t := range s.Tools {
		if f, ok := first[t.ID().String()]; ok && !bytes.Equal(f.Raw, t.Raw) {
			changedOld, changedNew = append(changedOld, f), append(changedNew, t)
		}
	}
	if len(changedNew) == 0 {
		return nil
	}
	byTool, _ := DiffServer(s.Name, changedOld, changedNew)
	return byTool
}

// LintAll lints every tool of the connected servers for every client
// profile (lint.EachTool), by tool id; a definition marked before with
// the same bytes (in prev) keeps its findings.
func LintAll(servers []model.Server, prev map[string]ToolMark) map[string][]lint.Finding {
	out := map[string][]lint.Finding{}
	var todo []model.Tool
	for _, s := range servers {
		if s.State != model.StateConnected {
			continue
		}
		for _, t := range s.Tools {
			if p, ok := prev[t.ID().String()]; ok && bytes.Equal(p.Raw, t.Raw) {
				out[t.ID().String()] = p.Findings
			} else {
				todo = append(todo, t)
			}
		}
	}
	found := lint.EachTool(todo, lint.Clients())
	for i, t := range todo {
		out[t.ID().String()] = found[i]
	}
	return out
}

package schemadiff

import (
	"strings"

	"mcpeek/internal/ghactions"
	"mcpeek/model"
)

// LockText is a lock file as annotations point into it: its path (from
// the repository's root), its text and the text decoded.
type LockText struct {
	Path     string
	Text     []byte
	Snapshot Snapshot
}

// GitHubAnnotations writes each change as a GitHub workflow command, a
// line each: an error for a breaking change, a warning for a routing or
// unknown one, a notice for a compatible one, at the line of the first
// file that holds what changed (Locate), or at the first file alone. A
// routing change's message holds the text before and after.
func GitHubAnnotations(changes []Change, files ...LockText) []string {
	lines := make([][]Position, len(files))
	for i, f := range files {
		lines[i] = Locate(f.Text, f.Snapshot, changes)
	}
	var out []string
	for i, c := range changes {
		a := ghactions.Annotation{Level: ghactions.Notice, Title: "mcpeek diff: " + c.Class.String() + ": " + string(c.Kind),
			Message: model.SanitizeLine(c.Tool.String()) + " at " + model.SanitizeLine(c.Where()) + ": " + model.SanitizeLine(c.Detail)}
		switch c.Class {
		case Breaking:
			a.Level = ghactions.Error
		case Routing, Unknown:
			a.Level = ghactions.Warning
		}
		if c.Class == Routing && (c.Old != "" || c.New != "") {
			a.Message += "\nbefore: " + sanitizedLines(c.Old) + "\nafter: " + sanitizedLines(c.New)
		}
		for j, f := range files {
			if p := lines[j][i]; p.Line > 0 {
				a.File, a.Line, a.Column = f.Path, p.Line, p.Column
				break
			}
		}
		if a.File == "" && len(files) > 0 {
			a.File = files[0].Path
		}
		out = append(out, a.String())
	}
	return out
}

// sanitizedLines is text made safe to show, line by line, "(none)" when
// empty.
func sanitizedLines(s string) string {
	if s == "" {
		return "(none)"
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = model.SanitizeLine(l)
	}
	return strings.Join(lines, "\n")
}

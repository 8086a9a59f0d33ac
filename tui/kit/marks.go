package kit

import (
	"mcpeek/model"
	"mcpeek/tui/uitext"
)

// The marks for what the 2026-07-28 specification and MCP Apps add to a
// tool, drawn beside its name wherever a tool is listed.

// DroppedSeg is the right-hand mark of a tool clients drop: its
// x-mcp-header breaks the rules, and mcpeek never calls it. It takes the
// place of the schema marks (! and the hidden-fields mark).
func DroppedSeg(s *Styles) uitext.Seg { return uitext.Seg{Text: s.Icons.Dropped, Style: s.ErrText} }

// AppSegs is the mark after an MCP App tool's name, nil for another tool.
func AppSegs(s *Styles, t model.Tool) []uitext.Seg {
	if !t.App.IsApp() {
		return nil
	}
	return []uitext.Seg{{Text: " " + s.Icons.App, Style: s.Marker}}
}

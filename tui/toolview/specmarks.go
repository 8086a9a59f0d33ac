package toolview

import (
	"strings"

	"mcpeek/model"
	"mcpeek/tui/kit"
)

// The tools pane's marks for what the 2026-07-28 specification and MCP
// Apps add to a tool, beside the change and lint marks (marks.go): the
// about view says what they mean.

// DroppedSeg is the right-hand mark of a tool clients drop: its
// x-mcp-header breaks the rules, and mcpeek never calls it. It takes the
// place of the schema marks (! and the hidden-fields mark).
func DroppedSeg(s *kit.Styles) seg { return seg{Text: s.Icons.Dropped, Style: s.ErrText} }

// AppSegs is the mark after an MCP App tool's name, nil for another tool.
func AppSegs(s *kit.Styles, t model.Tool) []seg {
	if !t.App.IsApp() {
		return nil
	}
	return []seg{{Text: " " + s.Icons.App, Style: s.Marker}}
}

// ServerFacts are the server pane's lines on what the server said of
// itself at initialize: the protocol version and its era as a badge,
// whether it runs tasks (a badge), its title and its icons' kinds (never
// fetched). None before it connected.
func ServerFacts(s *kit.Styles, srv model.Server, width int) []string {
	if srv.ProtocolVersion == "" {
		return nil
	}
	era := model.EraOf(srv.ProtocolVersion)
	badge, about := " session era ", " "+model.EraLegacy+": initialize opens a session"
	if era == model.EraModern {
		badge, about = " sessionless ", " "+model.EraModern+": every request carries its version"
	}
	lines := []string{s.Dim.Render("protocol ") + model.SanitizeLine(srv.ProtocolVersion) + "  " + s.Badge.Render(badge) + s.Faint.Render(about)}
	if srv.Offers.Tasks {
		lines = append(lines, s.Badge.Render(" tasks ")+s.Faint.Render(" runs tool calls as tasks · T lists this session's"))
	}
	var facts []string
	if t := model.SanitizeLine(srv.Implementation.Title); t != "" {
		facts = append(facts, "title "+t)
	}
	if icons := model.IconsText(srv.Implementation.Icons); icons != "" {
		facts = append(facts, icons+" (never fetched)")
	}
	for _, l := range wrapText(strings.Join(facts, " · "), width) {
		lines = append(lines, s.Dim.Render(l))
	}
	return lines
}

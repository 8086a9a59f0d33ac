package toolview

import (
	"strings"

	"mcpeek/model"
	"mcpeek/tui/kit"
)

// The server pane's lines on what the 2026-07-28 specification adds to
// a server; the tools pane's marks for a tool are kit's (kit.AppSegs,
// kit.DroppedSeg), and the about view says what they mean.

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

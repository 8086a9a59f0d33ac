package main

import (
	"strings"

	"mcpeek/model"
)

// The protocol eras `servers` tells apart: 2026-07-28 made MCP sessionless
// (every request carries its version and capabilities); the versions
// before it keep a session from the initialize handshake.
const (
	eraModern = model.EraModern
	eraLegacy = model.EraLegacy
)

// eraOf is the era of a negotiated protocol version, "" when none was
// negotiated (the server never connected).
func eraOf(version string) string { return model.EraOf(version) }

// offersOf names what a server's capabilities offer besides tools, in a
// fixed order.
func offersOf(o model.Offers) []string {
	out := []string{}
	for _, c := range []struct {
		on   bool
		name string
	}{{o.Resources, "resources"}, {o.Subscribe, "subscribe"}, {o.Prompts, "prompts"}, {o.Completions, "completions"}, {o.Logging, "logging"}, {o.Tasks, "tasks"}} {
		if c.on {
			out = append(out, c.name)
		}
	}
	return out
}

// serverFacts prints, under a connected server's line, its title, the
// protocol version it speaks and its era, and what it offers besides
// tools.
func (p printer) serverFacts(s model.Server) {
	if s.ProtocolVersion == "" {
		return
	}
	line := "    protocol " + clean(s.ProtocolVersion) + ", the session era (" + eraLegacy + ")"
	if eraOf(s.ProtocolVersion) == eraModern {
		line = "    protocol " + clean(s.ProtocolVersion) + ", the sessionless era (" + eraModern + ")"
	}
	if offers := offersOf(s.Offers); len(offers) > 0 {
		line += "; offers " + strings.Join(offers, ", ")
	}
	if s.Implementation.Title != "" {
		line += "; title " + clean(s.Implementation.Title)
	}
	if icons := model.IconsText(s.Implementation.Icons); icons != "" {
		line += "; " + icons
	}
	p.println(p.faint.Render(line))
}

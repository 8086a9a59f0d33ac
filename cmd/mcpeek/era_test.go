package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/server"
)

// TestServersSayTheEraAndWhatIsOffered: an mcp-go server over HTTP speaks
// the 2026-07-28 era unless --protocol pins an older version; servers
// and servers --json say which, and what its capabilities offer.
func TestServersSayTheEraAndWhatIsOffered(t *testing.T) {
	t.Parallel()
	srv := server.NewMCPServer("offers", "1", server.WithTitle("Offering Server"),
		server.WithResourceCapabilities(true, false), server.WithPromptCapabilities(false), server.WithLogging())
	cfg := serveHTTP(t, srv)
	for _, c := range []struct {
		protocol, version, era string
	}{
		{"", "2026-07-28", "2026-07-28"},
		{"2025-11-25", "2025-11-25", "2025-11-25 or older"},
		{"2025-06-18", "2025-06-18", "2025-11-25 or older"},
	} {
		args := []string{"--config", cfg, "servers"}
		if c.protocol != "" {
			args = append(args, "--protocol", c.protocol)
		}
		out, stderr, code := mcpeek(t, append(args, "--json")...)
		var got []serverJSON
		if code != 0 || json.Unmarshal([]byte(out), &got) != nil || len(got) != 1 {
			t.Fatalf("%q: exit %d: %s%s", args, code, out, stderr)
		}
		s := got[0]
		if s.ProtocolVersion != c.version || s.Era != c.era || s.Title != "Offering Server" ||
			!slices.Equal(s.Offers, []string{"resources", "subscribe", "prompts", "logging"}) {
			t.Errorf("--protocol %q: %+v", c.protocol, s)
		}
		out, _, _ = mcpeek(t, args...)
		if !strings.Contains(out, "protocol "+c.version+", the ") || !strings.Contains(out, "offers resources, subscribe, prompts, logging; title Offering Server") {
			t.Errorf("--protocol %q: servers printed\n%s", c.protocol, out)
		}
	}
}

// TestServersSayWhichOfferTasks: a server that runs tool calls as tasks
// says so with "tasks" among its offers, in the 2025-11-25 form
// (capabilities.tasks) and in the 2026-07-28 one (the tasks extension);
// a server with neither does not.
func TestServersSayWhichOfferTasks(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name     string
		opts     []server.ServerOption
		protocol string
		tasks    bool
	}{
		{"2025-11-25 capabilities.tasks", []server.ServerOption{server.WithTaskCapabilities(true, true, true)}, "2025-11-25", true},
		{"2026-07-28 tasks extension", []server.ServerOption{server.WithExtensions(map[string]any{"io.modelcontextprotocol/tasks": map[string]any{}})}, "", true},
		{"tasks listed but no tool calls", []server.ServerOption{server.WithTaskCapabilities(true, true, false)}, "2025-11-25", false},
		{"none", nil, "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cfg := serveHTTP(t, server.NewMCPServer("tasks", "1", append(c.opts, server.WithToolCapabilities(false))...))
			args := []string{"--config", cfg, "servers"}
			if c.protocol != "" {
				args = append(args, "--protocol", c.protocol)
			}
			out, stderr, code := mcpeek(t, append(args, "--json")...)
			var got []serverJSON
			if code != 0 || json.Unmarshal([]byte(out), &got) != nil || len(got) != 1 {
				t.Fatalf("exit %d: %s%s", code, out, stderr)
			}
			if slices.Contains(got[0].Offers, "tasks") != c.tasks {
				t.Errorf("--json offers %v, want tasks: %v", got[0].Offers, c.tasks)
			}
			out, _, _ = mcpeek(t, args...)
			if strings.Contains(out, "offers tasks") != c.tasks {
				t.Errorf("servers printed, want tasks: %v\n%s", c.tasks, out)
			}
		})
	}
}

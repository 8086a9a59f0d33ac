package servertext

import (
	"fmt"
	"strings"

	"mcpeek/internal/plural"
	"mcpeek/internal/styled"
	"mcpeek/model"
)

// Failed is the error a command returns after printing what it
// could when some servers failed: it names each with its error, on stderr
// whatever the output format, and makes the exit status 1. nil when none
// failed.
func Failed(servers []model.Server) error {
	var failed []string
	for _, s := range servers {
		switch s.State {
		case model.StateError:
			failed = append(failed, fmt.Sprintf("%s: %s", s.Name, s.Err))
		case model.StateNeedsLogin:
			failed = append(failed, fmt.Sprintf("%s: needs login: run mcpeek auth login %s", s.Name, s.Name))
		}
	}
	switch len(failed) {
	case 0:
		return nil
	case 1:
		return fmt.Errorf("server %s", failed[0])
	}
	return fmt.Errorf("%d servers failed:\n  %s", len(failed), strings.Join(failed, "\n  "))
}

// ServerJSON is one entry of `servers --json`.
type ServerJSON struct {
	Name      string `json:"name"`
	Source    string `json:"source"`
	Transport string `json:"transport"`
	State     string `json:"state"`
	Error     string `json:"error"`
	ToolCount int    `json:"tool_count"`
	// Roots are the roots offered to the server (file:// URIs); [] when
	// none were, and the server works where its own arguments say.
	Roots []string `json:"roots"`
	// Command is the server's own command line (inside any sandbox), or
	// its URL; secrets masked.
	Command string `json:"command"`
	// Sandbox says what the sandbox the server runs in enforces; "" when
	// it runs without one.
	Sandbox string `json:"sandbox"`
	// SandboxCommand is the whole command line that starts the sandbox
	// around Command, for debugging; "" without a sandbox.
	SandboxCommand string `json:"sandbox_command,omitempty"`
	// ProtocolVersion is the version negotiated, Era its era ("2026-07-28"
	// or "2025-11-25 or older"); both "" for a server never connected.
	ProtocolVersion string `json:"protocol_version"`
	Era             string `json:"era"`
	// Offers is what the server's capabilities offer besides tools.
	Offers []string `json:"offers"`
	Title  string   `json:"title,omitempty"`
	// Icons are the kinds of the server's icons, never fetched.
	Icons []string `json:"icons,omitempty"`
	// Log is the last log messages the server sent, oldest first.
	Log []Log `json:"log,omitempty"`
}

// Log is one log message of `servers --json`.
type Log struct {
	Level   string `json:"level"`
	Logger  string `json:"logger,omitempty"`
	Message string `json:"message"`
}

// NewServerJSON is the entry of s.
func NewServerJSON(s model.Server) ServerJSON {
	return ServerJSON{Name: s.Name, Source: s.Source, Transport: string(s.Transport),
		State: s.State.String(), Error: s.Err, ToolCount: len(s.Tools), Roots: append([]string{}, s.Roots...), Command: s.Command, Sandbox: s.Sandbox, SandboxCommand: s.SandboxCommand, Log: serverLogs(s),
		ProtocolVersion: s.ProtocolVersion, Era: model.EraOf(s.ProtocolVersion), Offers: offersOf(s.Offers), Title: s.Implementation.Title, Icons: iconKinds(s.Implementation.Icons)}
}

// Marks are the marks a listing draws, the explorer's too: a server's
// state's, and whether a tool declares an output schema and its summary
// hides fields.
type Marks struct {
	State                    func(model.ConnState) string
	Output, NoOutput, Hidden string
}

// serverLogs is the last few log messages of s.
func serverLogs(s model.Server) []Log {
	var out []Log
	for _, l := range s.Log[max(0, len(s.Log)-logShown):] {
		out = append(out, Log{Level: l.Level, Logger: l.Logger, Message: l.Text})
	}
	return out
}

// logShown is how many of a server's last log messages `servers` shows.
const logShown = 3

// Server prints a server's line of `servers` and what is known of it.
func Server(p styled.Printer, marks Marks, s model.Server) {
	line := fmt.Sprintf("%s %s  %s  %s  (%s, from %s)", marks.State(s.State), p.Path.Render(clean(s.Name)),
		s.State, plural.Count(len(s.Tools), "tool", "tools"), s.Transport, clean(s.Source))
	p.Println(line)
	serverFacts(p, s)
	ServerError(p, s)
	if s.Sandbox != "" {
		p.Println(p.Faint.Render("    sandbox: " + s.Sandbox))
	}
	if len(s.Roots) > 0 {
		p.Println(p.Faint.Render("    roots offered: " + clean(strings.Join(s.Roots, ", "))))
	}
	for _, l := range model.StderrTail(s.Stderr, 3) {
		p.Println(p.Faint.Render("    stderr: " + clean(l)))
	}
	for _, l := range s.Log[max(0, len(s.Log)-logShown):] {
		p.Println(p.Faint.Render("    log: " + clean(l.String())))
	}
}

// ServerError prints why a server is not connected, and for one that needs
// a login, how to log in.
func ServerError(p styled.Printer, s model.Server) {
	if s.Err != "" {
		p.Println("    " + p.Fold.Render(clean(s.Err)))
	}
	if s.State == model.StateNeedsLogin {
		p.Println("    " + p.Faint.Render("log in with: mcpeek auth login "+clean(s.Name)))
	}
}

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
func serverFacts(p styled.Printer, s model.Server) {
	if s.ProtocolVersion == "" {
		return
	}
	line := "    protocol " + clean(s.ProtocolVersion) + ", the session era (" + model.EraLegacy + ")"
	if model.EraOf(s.ProtocolVersion) == model.EraModern {
		line = "    protocol " + clean(s.ProtocolVersion) + ", the sessionless era (" + model.EraModern + ")"
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
	p.Println(p.Faint.Render(line))
}

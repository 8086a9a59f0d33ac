// Package registrytext is what `mcpeek registry` prints of the MCP
// Registry's entries: the search table, a server's packages, remotes and
// inputs, its versions, the entries as JSON made safe for a terminal, and
// the notes on a cached answer's age.
package registrytext

import (
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"mcpeek/internal/plural"
	"mcpeek/internal/styled"
	"mcpeek/mcpclient/registry"
	"mcpeek/model"
)

// The widest columns of the search table; longer cells are cut with "…".
const (
	nameColumn    = 56
	versionColumn = 20
	kindColumn    = 20
	descColumn    = 72
)

// clean makes untrusted text safe for a terminal and keeps it on one line.
func clean(s string) string { return model.SanitizeLine(s) }

// Table prints one line per server: name, version, kinds, whether it
// needs a secret, the first line of its description.
func Table(p styled.Printer, entries []registry.Entry) {
	if len(entries) == 0 {
		p.Println("no server found")
		return
	}
	nameW, versionW, kindW := len("NAME"), len("VERSION"), len("KIND")
	for _, e := range entries {
		nameW = max(nameW, min(nameColumn, ansi.StringWidth(clean(e.Server.Name))))
		versionW = max(versionW, min(versionColumn, ansi.StringWidth(clean(e.Server.Version))))
		kindW = max(kindW, min(kindColumn, ansi.StringWidth(clean(strings.Join(e.Server.Kinds(), ",")))))
	}
	row := func(name, version, kind, secret, desc string) string {
		return strings.TrimRight(styled.Pad(name, nameW)+"  "+styled.Pad(version, versionW)+"  "+styled.Pad(kind, kindW)+"  "+styled.Pad(secret, 6)+"  "+styled.Cut(desc, descColumn), " ")
	}
	p.Println(p.Head.Render(row("NAME", "VERSION", "KIND", "SECRET", "DESCRIPTION")))
	for _, e := range entries {
		s := e.Server
		secret := ""
		if s.NeedsSecret() {
			secret = "yes"
		}
		desc, _, _ := strings.Cut(s.Description, "\n")
		p.Println(row(clean(s.Name), clean(s.Version), clean(strings.Join(s.Kinds(), ",")), secret, clean(desc)))
	}
	p.Println(p.Faint.Render(plural.Count(len(entries), "server", "servers") + " (mcpeek registry show NAME for its packages and inputs)"))
}

// Versions prints a line per version of a server: the version, its
// status and when it was published.
func Versions(p styled.Printer, entries []registry.Entry) {
	for _, e := range entries {
		o := e.Meta.Official
		line := styled.Pad(clean(e.Server.Version), versionColumn) + "  " + clean(o.Status)
		if o.IsLatest {
			line += ", latest"
		}
		p.Println(strings.TrimRight(line+dated("; published ", o.PublishedAt), " "))
	}
}

// dated is prefix and the date of an RFC 3339 time, or "" without one.
func dated(prefix, t string) string {
	if t == "" {
		return ""
	}
	if tt, err := time.Parse(time.RFC3339Nano, t); err == nil {
		return prefix + tt.UTC().Format("2006-01-02")
	}
	return prefix + clean(t)
}

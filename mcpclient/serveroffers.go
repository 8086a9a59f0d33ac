package mcpclient

import (
	"context"
	"fmt"

	"mcpeek/internal/plural"
	"mcpeek/model"
)

// ServerResources is what a server offers to read: its resources and
// resource templates, and which listings stopped early.
type ServerResources struct {
	Resources Listing[Resource]
	Templates Listing[ResourceTemplate]
	// Stopped says of each listing that ended before the server's last
	// page what it lists and why: "resources: ...".
	Stopped []string
}

// ListServerResources lists the resources and resource templates of the
// connected server s, telling note and warn what a person should know: s
// declares no resources capability (nothing is listed), its templates
// could not be listed (the resources are, all the same; many servers
// never implemented the method), a listing stopped early, entries of the
// wrong shape were left out.
func (m *Manager) ListServerResources(ctx context.Context, s model.Server, note, warn func(string)) (ServerResources, error) {
	var out ServerResources
	var err error
	if !s.Offers.Resources {
		note(fmt.Sprintf("%s declares no resources capability", s.Name))
	} else {
		if out.Resources, err = m.ListResources(ctx, s.Name); err != nil {
			return out, err
		}
		if out.Templates, err = m.ListResourceTemplates(ctx, s.Name); err != nil {
			warn(fmt.Sprintf("no resource templates listed: %v", err))
		}
	}
	for _, l := range []struct{ what, why string }{{"resources", out.Resources.Stopped}, {"resource templates", out.Templates.Stopped}} {
		if l.why != "" {
			out.Stopped = append(out.Stopped, l.what+": "+l.why)
			warn(s.Name + " " + l.what + ": " + l.why)
		}
	}
	if n := out.Resources.Skipped + out.Templates.Skipped; n > 0 {
		warn(fmt.Sprintf("%s: %s left out (not objects of the expected shape)", s.Name, plural.Count(n, "entry", "entries")))
	}
	return out, nil
}

// ListServerPrompts lists the prompts of the connected server s, telling
// note and warn what a person should know: s declares no prompts
// capability (nothing is listed), the listing stopped early, prompts of
// the wrong shape were left out.
func (m *Manager) ListServerPrompts(ctx context.Context, s model.Server, note, warn func(string)) (Listing[Prompt], error) {
	if !s.Offers.Prompts {
		note(fmt.Sprintf("%s declares no prompts capability", s.Name))
		return Listing[Prompt]{}, nil
	}
	ps, err := m.ListPrompts(ctx, s.Name)
	if err != nil {
		return ps, err
	}
	if ps.Stopped != "" {
		warn(s.Name + " prompts: " + ps.Stopped)
	}
	if ps.Skipped > 0 {
		warn(fmt.Sprintf("%s: %s left out (not objects of the expected shape)", s.Name, plural.Count(ps.Skipped, "prompt", "prompts")))
	}
	return ps, nil
}

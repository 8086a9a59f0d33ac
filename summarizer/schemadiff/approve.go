package schemadiff

import (
	"cmp"
	"maps"
	"slices"
	"strings"

	"mcpeek/model"
)

// ServerOf is the server of a pick, SERVER or SERVER.TOOL: a server of
// the lock named so, else the server of the tool id the pick is, read by
// model.ParseToolID against the lock's tools, then its servers (a server
// name may hold dots).
func (lock Snapshot) ServerOf(pick string) string {
	if _, ok := lock.Server(pick); ok {
		return pick
	}
	return lock.ToolIDOf(pick).Server
}

// ToolIDOf reads SERVER.TOOL against the snapshot: the tool it holds of
// that id (model.ParseToolID's rule), else a tool of a server it holds,
// else the text split at its first dot.
func (lock Snapshot) ToolIDOf(text string) model.ToolID {
	names := func(yield func(string) bool) {
		for _, s := range lock.Servers {
			if !yield(s.Name) {
				return
			}
		}
	}
	if id, ok := model.ParseToolID(text, names, lock.HasTool); ok {
		return id
	}
	id, _ := model.ParseToolID(text, names, nil)
	return id
}

// HasTool reports whether the snapshot holds the tool id names.
func (lock Snapshot) HasTool(id model.ToolID) bool {
	s, ok := lock.Server(id.Server)
	return ok && slices.ContainsFunc(s.Tools, func(t model.Tool) bool { return t.Name == id.Tool })
}

// Approve returns lock with the picked servers and tools (SERVER or
// SERVER.TOOL) as live lists them: a tool picked that live does not list
// leaves it, a server that live does not hold is kept as it was. With no
// picks every server of live replaces its version. live is usually a
// snapshot of the picked servers only.
func (lock Snapshot) Approve(live Snapshot, picks []string) Snapshot {
	whole := map[string]bool{}
	tools := map[string]map[string]bool{} // server -> tool names
	for _, p := range picks {
		server := lock.ServerOf(p)
		if p == server {
			whole[server] = true
			continue
		}
		if tools[server] == nil {
			tools[server] = map[string]bool{}
		}
		tools[server][p[len(server)+1:]] = true
	}
	out := Snapshot{}
	names := map[string]bool{}
	for _, s := range lock.Servers {
		names[s.Name] = true
	}
	for _, s := range live.Servers {
		names[s.Name] = true
	}
	for _, name := range slices.Sorted(maps.Keys(names)) {
		was, inLock := lock.Server(name)
		now, isLive := live.Server(name)
		switch {
		case !isLive:
			out.Servers = append(out.Servers, was)
		case len(picks) == 0 || whole[name]:
			out.Servers = append(out.Servers, now)
		case tools[name] == nil:
			out.Servers = append(out.Servers, was)
		default:
			merged := was
			if !inLock {
				merged = Server{Name: name}
			}
			merged.Implementation, merged.ProtocolVersion = now.Implementation, now.ProtocolVersion
			merged.Whole, merged.Capabilities = now.Whole, now.Capabilities
			merged.ResourceTemplates, merged.Prompts = now.ResourceTemplates, now.Prompts
			merged.Tools = mergeTools(merged.Tools, now.Tools, tools[name])
			out.Servers = append(out.Servers, merged)
		}
	}
	return out
}

// mergeTools is locked with the tools named replaced by their live
// versions (dropped when live does not list them), sorted by name.
func mergeTools(locked, live []model.Tool, named map[string]bool) []model.Tool {
	var out []model.Tool
	for _, t := range locked {
		if !named[t.Name] {
			out = append(out, t)
		}
	}
	for _, t := range live {
		if named[t.Name] {
			out = append(out, t)
		}
	}
	slices.SortStableFunc(out, func(a, b model.Tool) int { return cmp.Compare(a.Name, b.Name) })
	return out
}

// Unmatched returns the picks (SERVER.TOOL) that name a tool neither lock
// nor live has: approving them could change nothing, so the name is
// likely wrong or read against another config. A pick naming a server
// alone is never unmatched here (an unknown server fails earlier).
func (lock Snapshot) Unmatched(live Snapshot, picks []string) []string {
	var out []string
	for _, p := range picks {
		server := lock.ServerOf(p)
		if p == server {
			continue
		}
		tool := strings.TrimPrefix(p, server+".")
		if !lock.hasTool(server, tool) && !live.hasTool(server, tool) {
			out = append(out, p)
		}
	}
	return out
}

func (s Snapshot) hasTool(server, tool string) bool {
	srv, ok := s.Server(server)
	return ok && slices.ContainsFunc(srv.Tools, func(t model.Tool) bool { return t.Name == tool })
}

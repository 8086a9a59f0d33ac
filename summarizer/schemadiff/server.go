package schemadiff

import "mcpeek/model"

// DiffServer compares two versions of one server's tools, as a front end
// marks them: byTool holds the changes of each tool still listed in new,
// by its name; gone those of the tools no longer listed (removed, or
// renamed away). A tool added in new has no change here: being new is its
// mark.
func DiffServer(server string, old, new []model.Tool) (byTool map[string][]Change, gone []Change) {
	listed := make(map[string]bool, len(new))
	for _, t := range new {
		listed[t.Name] = true
	}
	snap := func(tools []model.Tool) Snapshot {
		return FromServers([]model.Server{{Name: server, Tools: tools}})
	}
	byTool = map[string][]Change{}
	for _, ch := range Diff(snap(old), snap(new)) {
		name := ch.Tool.Tool
		switch {
		case ch.Kind == ToolAdded:
		case ch.Kind == ToolRemoved, ch.Kind == ToolRenamed, !listed[name]:
			gone = append(gone, ch)
		default:
			byTool[name] = append(byTool[name], ch)
		}
	}
	return byTool, gone
}

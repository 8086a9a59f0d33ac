package main

import (
	"context"
	"fmt"
	"strings"

	"mcpeek/internal/similar"
	"mcpeek/model"
)

// didYouMean is " (did you mean a or b?)" with the names nearest to name,
// as the gateway suggests them; "" when none is near.
func didYouMean(name string, candidates []string) string {
	near := similar.Closest(context.Background(), name, candidates, 3)
	if len(near) == 0 {
		return ""
	}
	return " (did you mean " + strings.Join(near, " or ") + "?)"
}

// serverNames are the names of servers, in their order.
func serverNames(servers []model.Server) []string {
	names := make([]string, len(servers))
	for i, s := range servers {
		names[i] = s.Name
	}
	return names
}

// unknownServer is the error for a server name the config does not hold:
// the nearest names, and every one it does hold.
func unknownServer(name string, names []string) error {
	return fmt.Errorf("no server named %q%s; the servers are: %s", name, didYouMean(name, names), strings.Join(names, ", "))
}

// unknownTool is the error for a tool a server does not list: the nearest
// names, and where to see them all.
func unknownTool(s model.Server, tool string) error {
	names := make([]string, len(s.Tools))
	for i, t := range s.Tools {
		names[i] = t.Name
	}
	near := similar.Closest(context.Background(), tool, names, 3)
	for i, n := range near {
		near[i] = s.Name + "." + n
	}
	hint := ""
	if len(near) > 0 {
		hint = "; did you mean " + strings.Join(near, " or ") + "?"
	}
	return fmt.Errorf("%s lists no tool named %q%s (mcpeek tools %s lists them)", s.Name, tool, hint, s.Name)
}

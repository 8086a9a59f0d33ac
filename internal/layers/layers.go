// Package layers is the rule of mcpeek's house as code: which way imports
// may run between its parts (ARCHITECTURE.md draws them). Its test holds
// every package of the module to it.
package layers

import "strings"

// The parts from the top down. A part's subpackages share its rank.
var ranks = map[string]int{
	"cmd":        5,
	"scripts":    5,
	"tui":        4,
	"gateway":    4,
	"mcpclient":  3,
	"summarizer": 2,
	"model":      1,
	"assets":     0,
	"internal":   0,
}

// testKits are the internal packages that serve tests of the parts above
// them; they may import any part.
var testKits = map[string]bool{
	"internal/testkit":      true,
	"internal/registrytest": true,
	"internal/storetest":    true,
	"internal/npmpeers":     true,
}

// Part is the top-level folder of a package path of the module ("mcpeek/
// summarizer/lint" is in "summarizer"), or "" for a path not of ours.
func Part(path string) string {
	rest, ok := strings.CutPrefix(path, "mcpeek/")
	if !ok {
		return ""
	}
	part, _, _ := strings.Cut(rest, "/")
	return part
}

// Allowed reports whether the package from may import the package to,
// both import paths of the module, and if not, why. Imports run down:
// cmd, then tui and gateway (the explorer runs a gateway), then
// mcpclient, summarizer, model, and assets and internal at the bottom.
// Within one part, its packages import each other freely (Go forbids
// the cycles).
func Allowed(from, to string) (bool, string) {
	pf, pt := Part(from), Part(to)
	rf, okf := ranks[pf]
	rt, okt := ranks[pt]
	switch {
	case !okf:
		return false, "its folder " + pf + " is no part of the house (cmd, tui, gateway, mcpclient, summarizer, model, assets, internal, scripts)"
	case !okt:
		return false, to + " lies in " + pt + ", no part of the house"
	case pf == pt:
		return true, ""
	case testKits[strings.TrimPrefix(from, "mcpeek/")]:
		return true, ""
	case pf == "tui" && pt == "gateway":
		return true, ""
	case pf == "internal" && pt != "internal" && pt != "assets":
		return false, "internal packages serve every part and import none (but the test kits)"
	case rf > rt:
		return true, ""
	}
	return false, pf + " lies above " + pt + " or beside it: imports run down (cmd → tui, gateway → mcpclient → summarizer → model)"
}

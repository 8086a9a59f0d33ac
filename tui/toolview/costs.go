package toolview

import "mcpeek/tui/uitext"

// subtreeCost is a folded schema line's badge: how deep its subtree goes
// and what the subtree's JSON Schema would cost dumped into a prompt.
type subtreeCost struct {
	depth  int
	tokens int  // cl100k; -1 if the vocabulary did not load
	capped bool // SCAN_CAP cut the subtree: the cost is at least this
}

// badge writes the cost after the child count: "· 3 deep · 1.2k tok".
func (c subtreeCost) badge() string {
	t := compactCount(c.tokens) + " tok"
	if c.capped {
		t = "≥" + t
	}
	if c.tokens < 0 {
		t = "tokens n/a"
	}
	return " · " + itoa(c.depth) + " deep · " + t
}

// compactCount writes 812, 1.2k, 12k, 1.3M.
func compactCount(n int) string { return uitext.Compact(n) }

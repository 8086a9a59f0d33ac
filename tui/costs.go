package tui

import (
	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/schematree"
	"mcpeek/summarizer"
	"mcpeek/tokens"
)

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
func compactCount(n int) string {
	switch {
	case n < 1000:
		return itoa(n)
	case n < 10_000:
		return itoa(n/1000) + "." + itoa(n%1000/100) + "k"
	case n < 1_000_000:
		return itoa(n/1000) + "k"
	}
	return itoa(n/1_000_000) + "." + itoa(n%1_000_000/100_000) + "M"
}

// costsMeasuredMsg: the badges of some folded lines of a view's schema
// tree were computed; tagged with the view, dropped if it is no longer
// held.
type costsMeasuredMsg struct {
	view  *toolView
	costs map[*schematree.Node]subtreeCost
}

// requestCosts computes, off the UI loop, the badges of the folded lines
// on screen that have none yet. It is called after a message, never from
// View, and walks only the lines on screen. The command parses its own
// copy of the schemas (a Schema is not safe for concurrent use), finds
// each line by its route, writes the subtree out (bounded by SCAN_CAP)
// and counts its tokens.
func (m *Model) requestCosts(v *toolView) tea.Cmd {
	type job struct {
		n     *schematree.Node
		route schematree.Route
	}
	var jobs []job
	v.schema.Visible(func(_ int, n *schematree.Node) {
		if !n.Openable() || !n.Collapsed() || v.costPending[n] {
			return
		}
		if _, ok := v.costs[n]; ok {
			return
		}
		if r, ok := n.Route(); ok {
			jobs = append(jobs, job{n, r})
			v.costPending[n] = true
		}
	})
	if len(jobs) == 0 {
		return nil
	}
	docs := map[string][]byte{"output": v.tool.OutputSchema, "input": v.tool.InputSchema}
	counter := m.counter
	return func() tea.Msg {
		parsed := map[string]*model.Schema{}
		out := costsMeasuredMsg{view: v, costs: make(map[*schematree.Node]subtreeCost, len(jobs))}
		for _, j := range jobs {
			s, ok := parsed[j.route.Section]
			if !ok {
				s, _ = model.ParseSchema(docs[j.route.Section])
				parsed[j.route.Section] = s
			}
			c := subtreeCost{tokens: -1}
			if s != nil {
				if node, ok := j.route.Resolve(s); ok {
					sub := summarizer.WriteSubtree(s, node)
					c = subtreeCost{depth: sub.Depth, tokens: measureCL100K(counter, sub.JSON), capped: sub.Capped}
				}
			}
			out.costs[j.n] = c
		}
		return out
	}
}

func measureCL100K(c *tokens.Counter, b []byte) int { return c.CL100K(string(b)) }

func (m *Model) costsMeasured(msg costsMeasuredMsg) {
	v := msg.view
	if m.views[v.tool.ID()] != v {
		return
	}
	for n, c := range msg.costs {
		delete(v.costPending, n)
		v.costs[n] = c
	}
}

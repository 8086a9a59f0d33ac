package toolview

import (
	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/kit"
)

// SchemaPane is the schema view: the output and input schemas as one
// foldable tree, each folded line on screen with a badge of what its
// subtree costs, counted in the background.
type SchemaPane struct {
	TreePane
	tool    model.Tool
	docs    map[string]*model.Schema    // by section: the view's parsed schemas, shared
	pending map[*schematree.Node]ticket // badges being counted
}

func newSchemaPane(v *View) kit.ToolPane {
	t := v.Tool
	var outNote, inNote string
	switch {
	case !t.HasOutputSchema():
		outNote = "none declared: the result is unstructured content"
	case v.Out == nil:
		outNote = "unreadable: " + model.SanitizeLine(v.OutErr.Error())
	case v.Enveloped:
		outNote = "summary paths start inside data"
	}
	in := v.Parsed.In
	switch {
	case v.Parsed.InErr != nil:
		inNote = "unreadable: " + model.SanitizeLine(v.Parsed.InErr.Error())
	case in == nil:
		inNote = "none declared"
	}
	return &SchemaPane{
		TreePane: TreePane{id: v.ID, layer: &v.layer, t: schematree.NewSchema(v.Out, in, outNote, inNote), costs: map[*schematree.Node]subtreeCost{}},
		tool:     t,
		docs:     map[string]*model.Schema{"output": v.Out, "input": in},
		pending:  map[*schematree.Node]ticket{},
	}
}

func (p *SchemaPane) Headline() string { return "output and input schemas" }

// costsMeasuredMsg: the badges of some folded lines of a tool's schema
// tree were counted, for the request numbered ticket.
type costsMeasuredMsg struct {
	tool   string
	ticket ticket
	costs  map[*schematree.Node]subtreeCost
}

// sync counts, off the UI loop, the badges of the folded lines on screen
// that have none yet. It walks only the lines on screen. The command reads
// the view's own parsed schemas (safe for concurrent readers): each
// line's own node, by its section's schema, writes the subtree out
// (bounded by SCAN_CAP) and counts its tokens.
func (p *SchemaPane) Sync(e Env) tea.Cmd {
	type job struct {
		n       *schematree.Node
		section string
		node    *model.Node
	}
	var jobs []job
	p.t.Visible(func(_ int, n *schematree.Node) {
		if !n.Openable() || !n.Collapsed() || p.pending[n] != 0 {
			return
		}
		if _, ok := p.costs[n]; ok {
			return
		}
		r, routed := n.Route()
		if _, term, ok := n.SchemaNodes(); routed && ok {
			jobs = append(jobs, job{n, r.Section, term})
		}
	})
	if len(jobs) == 0 {
		return nil
	}
	t := e.Tickets.Next()
	for _, j := range jobs {
		p.pending[j.n] = t
	}
	docs, counter, id := p.docs, e.Counter, p.tool.ID().String()
	return func() tea.Msg {
		out := costsMeasuredMsg{tool: id, ticket: t, costs: make(map[*schematree.Node]subtreeCost, len(jobs))}
		for _, j := range jobs {
			s := docs[j.section]
			c := subtreeCost{tokens: -1}
			if s != nil {
				sub := summarizer.WriteSubtree(s, j.node)
				c = subtreeCost{depth: sub.Depth, tokens: counter.CL100K(string(sub.JSON)), capped: sub.Capped}
			}
			out.costs[j.n] = c
		}
		return out
	}
}

// land keeps the badges still awaited by the tool's schema pane.
func (msg costsMeasuredMsg) Land(views map[string]*View) {
	p, ok := PaneOf[*SchemaPane](views[msg.tool])
	if !ok {
		return
	}
	for n, c := range msg.costs {
		if stale(msg.ticket, p.pending[n]) {
			continue
		}
		delete(p.pending, n)
		p.costs[n] = c
	}
}

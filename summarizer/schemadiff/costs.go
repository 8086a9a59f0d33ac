package schemadiff

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"mcpeek/internal/jsonfmt"
	"mcpeek/internal/par"
	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/summarizer/tokens"
)

// Delta is a cost before and after: bytes and tokens in cl100k and o200k,
// as the explorer counts them (summarizer/tokens). A side that does not
// have the thing (a tool added or removed) costs zero.
type Delta struct {
	Before tokens.Size `json:"before"`
	After  tokens.Size `json:"after"`
}

// Change is after minus before.
func (d Delta) Change() tokens.Size {
	return tokens.Size{Bytes: d.After.Bytes - d.Before.Bytes, CL100K: d.After.CL100K - d.Before.CL100K, O200K: d.After.O200K - d.Before.O200K}
}

func (d *Delta) add(e Delta) {
	d.Before = plus(d.Before, e.Before)
	d.After = plus(d.After, e.After)
}

func plus(a, b tokens.Size) tokens.Size {
	return tokens.Size{Bytes: a.Bytes + b.Bytes, CL100K: a.CL100K + b.CL100K, O200K: a.O200K + b.O200K}
}

// Cost is what a client pays for something in its prompt, before and
// after: its definition as the server sends it, and its planner summary
// (the compact descriptor a planner reads, docs/summary.md) at the default
// budget.
type Cost struct {
	Definition Delta `json:"definition"`
	Summary    Delta `json:"summary"`
}

func (c *Cost) add(d Cost) {
	c.Definition.add(d.Definition)
	c.Summary.add(d.Summary)
}

// ToolCost is the cost of one tool whose definition changed (or that was
// added or removed), by SERVER.TOOL.
type ToolCost struct {
	Tool string `json:"tool"`
	Cost
}

// ServerCost is the cost of every tool of a server with a changed tool:
// the sum of its tools', so that the changes of its tools add up to its
// change.
type ServerCost struct {
	Server string `json:"server"`
	Cost
}

// Costs is what the changes cost: each changed tool, and each server
// with one.
type Costs struct {
	Tools   []ToolCost   `json:"tools"`
	Servers []ServerCost `json:"servers"`
}

// MeasureCosts counts what the tools of old and new cost, for the servers
// where some tool's definition differs once canonicalised (or a tool was
// added or removed).
// A tool written the same on both sides is counted once; tools are
// counted on every core.
func MeasureCosts(old, new Snapshot, counter *tokens.Counter) Costs {
	var pairs []toolPair
	for _, name := range serverNames(old, new) {
		o, _ := old.Server(name)
		n, _ := new.Server(name)
		oldBy, newBy := byName(o.Tools), byName(n.Tools)
		var names []string
		for t := range oldBy {
			names = append(names, t)
		}
		for t := range newBy {
			names = append(names, t)
		}
		slices.Sort(names)
		var these []toolPair
		changed := false
		for _, t := range slices.Compact(names) {
			p := toolPair{server: name, id: name + "." + t}
			if tool, ok := oldBy[t]; ok {
				p.old = &tool
			}
			if tool, ok := newBy[t]; ok {
				p.new = &tool
			}
			changed = changed || p.differs()
			these = append(these, p)
		}
		if changed {
			pairs = append(pairs, these...)
		}
	}
	costs := make([]Cost, len(pairs))
	par.Each(len(pairs), func(i int) {
		p := pairs[i]
		var c Cost
		if p.old != nil {
			c.Definition.Before, c.Summary.Before = measureTool(counter, *p.old)
		}
		switch {
		case p.new == nil:
		case p.old != nil && bytes.Equal(p.old.Raw, p.new.Raw):
			c.Definition.After, c.Summary.After = c.Definition.Before, c.Summary.Before
		default:
			c.Definition.After, c.Summary.After = measureTool(counter, *p.new)
		}
		costs[i] = c
	})
	var out Costs
	for i, p := range pairs {
		if len(out.Servers) == 0 || out.Servers[len(out.Servers)-1].Server != p.server {
			out.Servers = append(out.Servers, ServerCost{Server: p.server})
		}
		out.Servers[len(out.Servers)-1].add(costs[i])
		if p.differs() {
			out.Tools = append(out.Tools, ToolCost{Tool: p.id, Cost: costs[i]})
		}
	}
	return out
}

// toolPair is a tool of a server in two versions, nil where absent.
type toolPair struct {
	server, id string
	old, new   *model.Tool
}

// differs reports whether the tool was added, removed, or its definition
// differs once canonicalised (as the diff and the gateway's pin tell it).
func (p toolPair) differs() bool {
	return p.old == nil || p.new == nil || !model.SameDefinition(p.old.Raw, p.new.Raw)
}

// measureTool counts a tool's definition (its bytes as sent) and its
// planner summary at the default budget, measured compact as a planner
// receives it.
func measureTool(counter *tokens.Counter, t model.Tool) (definition, summary tokens.Size) {
	definition = counter.Measure(string(t.Raw))
	d, _ := summarizer.Describe(t, summarizer.Options{})
	if b, err := jsonfmt.MarshalCompact(d); err == nil {
		summary = counter.Measure(string(b))
	}
	return definition, summary
}

// Words says a change of cost as a report line does: "+312 tokens, +4%"
// in cl100k, o200k after a slash when it differs ("+312/+301 tokens").
func (d Delta) Words() string {
	ch := d.Change()
	tok := signed(ch.CL100K)
	if ch.O200K != ch.CL100K {
		tok += "/" + signed(ch.O200K)
	}
	return tok + " tokens, " + percent(ch.CL100K, d.Before.CL100K)
}

func signed(n int) string {
	if n > 0 {
		return "+" + thousands(n)
	}
	if n < 0 {
		return "-" + thousands(-n)
	}
	return "±0"
}

func percent(change, before int) string {
	switch {
	case change == 0:
		return "±0%"
	case before == 0:
		return "new"
	}
	p := float64(change) * 100 / float64(before)
	if p > -0.5 && p < 0.5 && change != 0 {
		return fmt.Sprintf("%+.1f%%", p)
	}
	return fmt.Sprintf("%+.0f%%", p)
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Lines says the costs in text, one line per server then per tool:
// "shop: definitions 12,345 → 12,657 cl100k tokens (+312/+301 tokens,
// +3%); planner summaries ...".
func (c Costs) Lines() []string {
	var out []string
	for _, s := range c.Servers {
		out = append(out, fmt.Sprintf("%s: definitions %s (%s); planner summaries %s (%s)", s.Server,
			beforeAfter(s.Definition), s.Definition.Words(), beforeAfter(s.Summary), s.Summary.Words()))
	}
	for _, t := range c.Tools {
		out = append(out, fmt.Sprintf("  %s: definition %s (%s); planner summary %s (%s)", t.Tool,
			beforeAfter(t.Definition), t.Definition.Words(), beforeAfter(t.Summary), t.Summary.Words()))
	}
	return out
}

func beforeAfter(d Delta) string {
	return thousands(d.Before.CL100K) + " → " + thousands(d.After.CL100K) + " cl100k tokens"
}

// Markdown renders the costs as a table: each server's total, then each
// changed tool, cl100k and o200k before → after with the change.
func (c Costs) Markdown() string {
	if len(c.Servers) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n#### What it costs in a prompt\n\n| | definition (cl100k) | definition (o200k) | change | planner summary (cl100k) | change |\n|---|---|---|---|---|---|\n")
	row := func(name string, cost Cost) {
		fmt.Fprintf(&b, "| %s | %s → %s | %s → %s | %s | %s → %s | %s |\n", name,
			thousands(cost.Definition.Before.CL100K), thousands(cost.Definition.After.CL100K),
			thousands(cost.Definition.Before.O200K), thousands(cost.Definition.After.O200K), cost.Definition.Words(),
			thousands(cost.Summary.Before.CL100K), thousands(cost.Summary.After.CL100K), cost.Summary.Words())
	}
	for _, s := range c.Servers {
		row("**"+model.MarkdownCell(s.Server)+"** (every tool)", s.Cost)
	}
	for _, t := range c.Tools {
		row("`"+model.MarkdownCode(t.Tool)+"`", t.Cost)
	}
	return b.String()
}

package tui

import (
	"bytes"
	"encoding/json"
	"runtime/debug"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"mcpeek/gateway"
	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/summarizer/tokens"
	"mcpeek/tui/toolview"
)

// tokenTotals are what the servers' tools cost in a prompt, by server
// name, and what the gateway's progressive tools/list costs, counted once
// (gatewayAsked) with the first server's totals.
type tokenTotals struct {
	// counter counts tokens in commands; its vocabularies load on first use.
	counter      *tokens.Counter
	servers      map[string]*serverTotals
	gateway      *tokens.Size
	gatewayAsked bool
	// gc is lowered while counts run: from their request to their
	// message, both on the UI loop.
	gc countingGC
}

// serverTotals is what a server's tools cost in a prompt: its raw
// tools/list (every tool's definition as the server sent it, as one JSON
// array) against all its planner descriptors at the current budget, and
// against the gateway's progressive tools/list.
type serverTotals struct {
	key       string // the snapshot and budget they are counted for
	ticket    ticket // the count under way, 0 once done
	tools     int
	raw, desc tokens.Size
	done      bool
	// listing and budget are what they are counted from: a new snapshot
	// with the same tools (a reconnect, another server's change) keeps
	// them, since counting 1,000 tools takes seconds of CPU.
	listing []model.Tool
	budget  summarizer.Options
}

// serverTotalsMsg: a server's totals were counted, for the request
// numbered ticket; the first time, the gateway's tools/list too.
type serverTotalsMsg struct {
	server    string
	ticket    ticket
	tools     int
	raw, desc tokens.Size
	gateway   *tokens.Size
}

// totalsKey names what a server's totals depend on: the snapshot its
// tools come from and the budget.
func (m *Model) totalsKey() string {
	return itoa(int(m.fleet.snapshots.applied)) + "/" + itoa(m.budget.MaxFields) + "/" + itoa(m.budget.MaxDepth)
}

// requestTotals counts a server's totals off the UI loop, unless they are
// counted or being counted for the same tools at the same budget. Each
// snapshot costs a comparison of the listing, which is quick when the
// snapshot shares the tools' bytes with the last one (see sameListing).
func (m *Model) requestTotals(srv model.Server) tea.Cmd {
	key := m.totalsKey()
	t, ok := m.totals.servers[srv.Name]
	switch {
	case ok && t.key == key:
		return nil
	case ok && t.budget == m.budget && sameListing(t.listing, srv.Tools):
		t.key = key
		return nil
	}
	tk := m.tickets.next()
	m.totals.servers[srv.Name] = &serverTotals{key: key, ticket: tk, tools: len(srv.Tools), listing: srv.Tools, budget: m.budget}
	tools, budget, counter, name := srv.Tools, m.budget, m.totals.counter, srv.Name
	withGateway := !m.totals.gatewayAsked
	m.totals.gatewayAsked = true
	m.totals.gc.hold()
	return func() tea.Msg {
		var gw *tokens.Size
		if withGateway {
			gw = measureGatewayList(counter)
		}
		return serverTotalsMsg{server: name, ticket: tk, tools: len(tools),
			raw: measureListing(counter, tools), desc: measureDescriptors(counter, tools, budget, describeBatch), gateway: gw}
	}
}

// countingGCPercent is the collector's percentage (GOGC) while a server's
// totals are counted. Counting makes garbage all along (the tokenizer some
// 270 bytes a token, the descriptors their summaries) but adds little that
// lives (the two vocabularies, 10.5 MB, after 9 MiB of the binary read to
// build them), so the heap grows by the percentage of what lives. On the
// 1,223-tool server the explorer peaked at 90-91 MiB with 25 and 93-96
// with 50, and a count costs 0.55 s of CPU instead of 0.35 (BENCHMARKS.md).
const countingGCPercent = 25

// countingGC lowers the collector's percentage while at least one count
// runs, and puts back what was set before (GOGC, or 100) when the last
// one ends: counts of two servers may overlap. The model holds it when it
// asks for a count and releases it when the count's message comes (stale
// or not), so it is only ever used on the UI loop.
type countingGC struct {
	held  int
	saved int
}

// hold lowers the percentage, unless it is lower already, until as many
// releases. The first of overlapping counts also hands the heap's free
// memory back to the system: what start-up's work left (some 5 MiB on the
// 1,223-tool server) would otherwise stay resident under what the count
// adds.
func (g *countingGC) hold() {
	if g.held == 0 {
		g.saved = debug.SetGCPercent(countingGCPercent)
		if g.saved < countingGCPercent { // lower, or off (-1)
			debug.SetGCPercent(g.saved)
		}
		debug.FreeOSMemory()
	}
	g.held++
}

// release ends one hold; the last puts the percentage back.
func (g *countingGC) release() {
	if g.held == 0 {
		return
	}
	if g.held--; g.held == 0 {
		debug.SetGCPercent(g.saved)
	}
}

// measureListing measures the raw tools/list: every tool's definition as
// the server sent it, as one JSON array, written to a Meter a tool at a
// time rather than copied into one string (6 MB for 1,223 tools).
func measureListing(counter *tokens.Counter, tools []model.Tool) tokens.Size {
	m := counter.Meter()
	m.WriteString("[")
	for i, t := range tools {
		if i > 0 {
			m.WriteString(",")
		}
		if len(t.Raw) == 0 {
			m.WriteString("null")
		}
		m.Write(t.Raw)
	}
	m.WriteString("]")
	return m.Size()
}

// describeBatch is how many tools measureDescriptors describes at a time.
const describeBatch = 64

// measureDescriptors measures the tools' planner descriptors at budget as
// json.Marshal writes them all, one JSON array. They are described batch
// tools at a time and written to a Meter one by one, so that neither all
// the descriptors nor their text (2 MB for 1,223 tools) are held at once.
func measureDescriptors(counter *tokens.Counter, tools []model.Tool, budget summarizer.Options, batch int) tokens.Size {
	m := counter.Meter()
	m.WriteString("[")
	for start := 0; start < len(tools); start += batch {
		ds, _ := summarizer.DescribeAll(tools[start:min(start+batch, len(tools))], budget)
		for i := range ds {
			if start+i > 0 {
				m.WriteString(",")
			}
			b, err := json.Marshal(&ds[i])
			if err != nil {
				b = []byte("null")
			}
			m.Write(b)
		}
	}
	m.WriteString("]")
	return m.Size()
}

// measureGatewayList counts the gateway's progressive tools/list as a
// tools array, as the raw tools/list is counted: it is what the gateway
// costs in a prompt, whatever the servers behind it. nil if it cannot be
// built.
func measureGatewayList(counter *tokens.Counter) *tokens.Size {
	result, err := gateway.ProgressiveToolsList()
	if err != nil {
		return nil
	}
	var list struct {
		Tools json.RawMessage `json:"tools"`
	}
	if json.Unmarshal(result, &list) != nil || len(list.Tools) == 0 {
		return nil
	}
	size := counter.Measure(string(list.Tools))
	return &size
}

func (m *Model) totalsMeasured(msg serverTotalsMsg) {
	if msg.gateway != nil {
		m.totals.gateway = msg.gateway
	}
	t, ok := m.totals.servers[msg.server]
	if !ok || stale(msg.ticket, t.ticket) {
		return // counted for an older snapshot or budget
	}
	*t = serverTotals{key: t.key, tools: msg.tools, raw: msg.raw, desc: msg.desc, done: true, listing: t.listing, budget: t.budget}
}

// sameListing reports whether two listings hold the same tools, byte for
// byte; tools that share their bytes compare at once.
func sameListing(a, b []model.Tool) bool {
	return slices.EqualFunc(a, b, func(x, y model.Tool) bool { return bytes.Equal(x.Raw, y.Raw) })
}

// totalsLines draws a server's totals for the server view, each column
// as wide as its widest cell. A table wider than width writes its counts
// short (5.99M) and then its labels short, so every column stays in view.
func (m *Model) totalsLines(srv model.Server, width int) []toolview.DocLine {
	t, ok := m.totals.servers[srv.Name]
	if !ok || len(srv.Tools) == 0 {
		return nil
	}
	head := []string{"tokens in a prompt", "bytes", "cl100k", "o200k"}
	if !t.done {
		c := toolview.MeasureColumns(2, head)
		return []toolview.DocLine{c.Line(head, toolview.RoleDim, toolview.RoleDim), {{Text: "counting " + plural(t.tools, "tool") + "…", Role: toolview.RoleFaint}}}
	}
	var rows [][]string
	for _, short := range []int{0, 1, 2} {
		num := thousands
		if short > 0 {
			num = toolview.ShortCount
		}
		count := func(n int) string {
			if n < 0 {
				return "n/a"
			}
			return num(n)
		}
		label := func(long, brief string) string {
			if short == 2 {
				return brief
			}
			return long
		}
		row := func(name string, s tokens.Size) []string {
			return []string{name, count(s.Bytes), count(s.CL100K), count(s.O200K)}
		}
		share := func(name string, s tokens.Size) []string {
			return []string{name, toolview.Percent(s.Bytes, t.raw.Bytes), toolview.Percent(s.CL100K, t.raw.CL100K), toolview.Percent(s.O200K, t.raw.O200K)}
		}
		head = []string{label("tokens in a prompt", "tokens"), "bytes", "cl100k", "o200k"}
		rows = [][]string{head, row(label("raw tools/list", "tools/list"), t.raw), row(plural(t.tools, "descriptor"), t.desc), share(label("descriptors' share", "share"), t.desc)}
		if gw := m.totals.gateway; gw != nil {
			rows = append(rows, row(label("gateway tools/list", "gateway"), *gw), share(label("gateway's share", "share"), *gw))
		}
		if toolview.MeasureColumns(2, rows...).Width() <= width {
			break
		}
	}
	c := toolview.MeasureColumns(2, rows...)
	lines := []toolview.DocLine{c.Line(head, toolview.RoleDim, toolview.RoleDim)}
	for _, r := range rows[1:] {
		if strings.HasSuffix(r[0], "share") || strings.HasSuffix(r[1], "%") {
			lines = append(lines, c.Line(r, toolview.RoleDim, toolview.RoleDim))
		} else {
			lines = append(lines, c.Line(r, toolview.RoleText, toolview.RoleCount))
		}
	}
	lines = append(lines, toolview.DocLine{{Text: "descriptors at " + toolview.BudgetText(m.budget), Role: toolview.RoleFaint}})
	if m.totals.gateway != nil {
		lines = append(lines, toolview.DocLine{{Text: "gateway: 3 progressive tools, for all servers", Role: toolview.RoleFaint}})
	}
	return lines
}

package tui

import (
	"encoding/json"
	"strings"

	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/summarizer/tokens"
)

// serverTotals is what a server's tools cost in a prompt: its raw
// tools/list (every tool's definition as the server sent it, as one JSON
// array) against all its planner descriptors at the current budget.
type serverTotals struct {
	key       string // the snapshot and budget they were counted for
	tools     int
	raw, desc tokens.Size
	done      bool
}

// serverTotalsMsg: a server's totals were counted for key.
type serverTotalsMsg struct {
	server, key string
	tools       int
	raw, desc   tokens.Size
}

// totalsKey names what a server's totals depend on: the snapshot its
// tools come from and the budget.
func (m *Model) totalsKey() string {
	return itoa(m.appliedGen) + "/" + itoa(m.budget.MaxFields) + "/" + itoa(m.budget.MaxDepth)
}

// requestTotals counts a server's totals off the UI loop, unless they are
// counted or being counted for the current snapshot and budget.
func (m *Model) requestTotals(srv model.Server) tea.Cmd {
	key := m.totalsKey()
	if t, ok := m.totals[srv.Name]; ok && t.key == key {
		return nil
	}
	m.totals[srv.Name] = &serverTotals{key: key, tools: len(srv.Tools)}
	tools, budget, counter, name := srv.Tools, m.budget, m.counter, srv.Name
	return func() tea.Msg {
		var raw strings.Builder
		raw.WriteByte('[')
		for i, t := range tools {
			if i > 0 {
				raw.WriteByte(',')
			}
			if len(t.Raw) == 0 {
				raw.WriteString("null")
			}
			raw.Write(t.Raw)
		}
		raw.WriteByte(']')
		ds, _ := summarizer.DescribeAll(tools, budget)
		desc, _ := json.Marshal(ds)
		return serverTotalsMsg{server: name, key: key, tools: len(tools),
			raw: counter.Measure(raw.String()), desc: counter.Measure(string(desc))}
	}
}

func (m *Model) totalsMeasured(msg serverTotalsMsg) {
	t, ok := m.totals[msg.server]
	if !ok || t.key != msg.key {
		return // counted for an older snapshot or budget
	}
	*t = serverTotals{key: msg.key, tools: msg.tools, raw: msg.raw, desc: msg.desc, done: true}
}

// totalsLines draws a server's totals for the server view.
func (m *Model) totalsLines(srv model.Server) []docLine {
	t, ok := m.totals[srv.Name]
	if !ok || len(srv.Tools) == 0 {
		return nil
	}
	const label, num = 20, 9
	head := docLine{{padRight("tokens in a prompt", label), roleDim},
		{padLeft("bytes", num), roleDim}, {padLeft("cl100k", num), roleDim}, {padLeft("o200k", num), roleDim}}
	if !t.done {
		return []docLine{head, {{"counting " + plural(t.tools, "tool") + "…", roleFaint}}}
	}
	row := func(name string, s tokens.Size) docLine {
		return docLine{{padRight(name, label), roleText}, {padLeft(thousands(s.Bytes), num), roleCount},
			{padLeft(tokenText(s.CL100K), num), roleCount}, {padLeft(tokenText(s.O200K), num), roleCount}}
	}
	return []docLine{head,
		row("raw tools/list", t.raw),
		row(plural(t.tools, "descriptor"), t.desc),
		{{padRight("descriptors' share", label), roleDim}, {padLeft(percent(t.desc.Bytes, t.raw.Bytes), num), roleDim},
			{padLeft(percent(t.desc.CL100K, t.raw.CL100K), num), roleDim}, {padLeft(percent(t.desc.O200K, t.raw.O200K), num), roleDim}},
		{{"descriptors at " + budgetText(m.budget), roleFaint}},
	}
}

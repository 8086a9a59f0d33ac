package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/gateway"
	"mcpeek/tui/docview"
)

// trafficPane is the traffic screen, a pane over the whole body: the
// background gateway's calls as they come, and one call opened to what
// the client sent and what it got back.
type trafficPane struct {
	open    bool // the screen is shown
	log     trafficLog
	list    trafficList
	detail  *trafficDetail // the call opened, if any
	opening ticket         // the call being read, 0 for none
	search  docview.Search // the search in the call opened
	origin  int            // the call selected when a search began

	width, height int
	// gw is the gateway the head line tells of; tickets tag the calls
	// read. Both are the model's, set in New.
	gw      *backgroundGateway
	tickets *tickets
}

// add takes a batch of calls in; the list follows the newest if it did.
func (p *trafficPane) add(evs []gateway.Event) {
	p.log.add(evs...)
	p.list.follow(&p.log)
}

// trafficDetailMsg: a call's detail was built, for the request numbered
// ticket.
type trafficDetailMsg struct {
	ticket ticket
	detail *trafficDetail
}

// opened shows a call's detail, unless reading it was given up.
func (p *trafficPane) opened(msg trafficDetailMsg) {
	if stale(msg.ticket, p.opening) {
		return
	}
	p.detail, p.opening = msg.detail, 0
	p.detail.Scroll(0, p.height)
}

// readCall reads the call under the cursor off the UI loop.
func (p *trafficPane) readCall() action {
	p.opening = p.tickets.next()
	return openCall(*p.log.at(p.list.cursor), p.opening)
}

func (p *trafficPane) resize(width, height int) {
	p.width, p.height = width, height
	p.list.height = max(height-trafficListHead, 1)
	p.list.clamp(&p.log)
	if p.detail != nil {
		p.detail.Scroll(0, height)
	}
}

// key handles the list of calls, or the call opened.
func (p *trafficPane) key(msg tea.KeyPressMsg, k *keyMap) action {
	if d := p.detail; d != nil {
		if key.Matches(msg, k.Back) {
			p.detail = nil
		} else {
			scrollKey(msg, k, d, p.height)
		}
		return nil
	}
	l, v := &p.log, &p.list
	switch {
	case key.Matches(msg, k.Back):
		if p.opening == 0 {
			return closeTraffic{}
		}
		p.opening = 0
	case key.Matches(msg, k.Down):
		v.move(l, 1)
	case key.Matches(msg, k.Up):
		v.move(l, -1)
	case key.Matches(msg, k.PageDown):
		v.move(l, v.height)
	case key.Matches(msg, k.PageUp):
		v.move(l, -v.height)
	case key.Matches(msg, k.Top):
		v.move(l, -l.n)
	case key.Matches(msg, k.Follow):
		v.move(l, l.n)
	case key.Matches(msg, k.Open):
		if l.n > 0 {
			return p.readCall()
		}
	case key.Matches(msg, k.Approve):
		if l.n > 0 {
			if op := heldOp(l.at(v.cursor)); op != "" {
				return approveTool{op: op}
			}
		}
		return showStatus{text: "a approves a tool the gateway's lock holds back: select a \"lock\" row", isErr: true}
	}
	return nil
}

func (p *trafficPane) scroll(n int) {
	if p.detail != nil {
		p.detail.Scroll(n, p.height)
	} else {
		p.list.scroll(&p.log, n)
	}
}

// click selects a call; a click on the selected one opens it.
func (p *trafficPane) click(row int) action {
	v := &p.list
	row -= trafficListHead
	if p.detail != nil || p.opening != 0 || row < 0 || v.top+row > p.log.last() {
		return nil
	}
	if v.top+row == v.cursor {
		return p.readCall()
	}
	v.move(&p.log, v.top+row-v.cursor)
	return nil
}

func (p *trafficPane) where(s *Styles) string {
	switch {
	case p.detail != nil:
		return linesText(s, p.detail, p.height)
	case p.log.n > 0:
		return s.Dim.Render("call " + thousands(p.list.cursor-p.log.first()+1) + " of " + thousands(p.log.n))
	}
	return ""
}

func (p *trafficPane) help(k *keyMap) []key.Binding {
	if p.detail != nil {
		return []key.Binding{k.Down, k.PageDown, k.Back, k.Gateway, k.Traffic, k.Help, k.Quit}
	}
	return []key.Binding{k.Down, k.Open, k.Follow, k.Back, k.Gateway, k.Help, k.Quit}
}

// fullHelp is the help shown by "?" on the traffic screen.
func (p *trafficPane) fullHelp(k *keyMap) [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Follow},
		{k.Open, k.Approve, k.Back, k.Traffic, k.Gateway, k.Help, k.Quit},
	}
}

// render draws the list, or the call opened.
func (p *trafficPane) render(f frame) string {
	s := f.styles
	if d := p.detail; d != nil {
		return d.render(s, p.width, p.height)
	}
	if p.opening != 0 {
		return p.head(s) + "\n" + s.Dim.Render("reading the call…")
	}
	if p.log.n == 0 {
		hint := "Once it runs, point an MCP client at the URL in the status bar."
		if run := p.gw.run; run != nil {
			hint = "Point an MCP client at " + run.URL() + ": its calls show here as they come."
		}
		lines := wrapText("No calls yet. "+hint, p.width)
		for i, l := range lines {
			lines[i] = s.Dim.Render(l)
		}
		return p.head(s) + "\n\n" + strings.Join(lines, "\n")
	}
	return p.head(s) + "\n" + p.list.render(s, &p.log, p.width)
}

// head is the screen's first line: the gateway, how many calls are kept,
// and whether the list follows the newest.
func (p *trafficPane) head(s *Styles) string {
	l := &p.log
	t := s.PaneTitleFocus.Render("Gateway traffic")
	if run := p.gw.run; run != nil && p.gw.state == gatewayOn {
		// The status bar keeps only the port: the whole URL is here.
		t += "  " + s.PathBar.Render(run.URL()) + s.Dim.Render(" · "+string(run.Gateway().Mode()))
	}
	info := callsText(l.total)
	if l.total > l.n {
		info += " · last " + thousands(l.n) + " kept"
	}
	if p.gw.missed > 0 {
		info += " · " + thousands(int(p.gw.missed)) + " not shown (the view fell behind)"
	}
	if p.list.following && l.n > 0 {
		info += " · following"
	}
	if p.gw.state == gatewayOff {
		info += " · gateway off: s starts it"
	}
	return t + s.Dim.Render("  "+info)
}

// The traffic screen searches the calls' tools and ops, or the call opened.

func (p *trafficPane) markSearch() {
	if p.detail != nil {
		p.search.Mark(p.detail)
		return
	}
	p.origin = p.list.cursor
}

func (p *trafficPane) unmarkSearch() {
	if p.detail != nil {
		p.search.Unmark(p.detail, p.height)
		return
	}
	p.list.move(&p.log, p.origin-p.list.cursor)
}

func (p *trafficPane) find(q string, dir int) (int, int, bool) {
	if p.detail != nil {
		at, total := p.search.Find(p.detail, p.height, q, dir)
		return at, total, false
	}
	q = docview.FoldQuery(q)
	l := &p.log
	if q == "" || l.n == 0 {
		return 0, 0, false
	}
	ref := p.list.cursor
	if dir == 0 {
		ref = p.origin
	}
	var hits []int
	refAt := -1
	for seq := l.first(); seq <= l.last(); seq++ {
		if refAt < 0 && seq >= ref {
			refAt = len(hits)
		}
		ev := l.at(seq)
		if docview.ContainsFold(ev.Tool+" "+ev.Op+" "+string(ev.Code), q) {
			hits = append(hits, seq)
		}
	}
	if len(hits) == 0 {
		return 0, 0, false
	}
	if refAt < 0 {
		refAt = len(hits)
	}
	i := docview.Pick(hits, refAt, ref, dir)
	p.list.move(l, hits[i]-p.list.cursor)
	return i + 1, len(hits), false
}

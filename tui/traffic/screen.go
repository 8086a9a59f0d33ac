package traffic

import (
	"mcpeek/tui/kit"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/gateway"
	"mcpeek/tui/docview"
	"mcpeek/tui/uitext"
)

// Screen is the traffic screen, drawn over the whole body: the list of
// calls, or the call opened.
type Screen struct {
	log     callLog
	list    list
	detail  *detail        // the call opened, if any
	opening uint64         // the read under way, 0 for none
	reads   uint64         // reads asked for so far: each is tagged with its number
	search  docview.Search // the search in the call opened
	origin  int            // the call selected when a search began

	width, height int
}

// Gateway is what the head line says of the gateway, read each frame.
type Gateway struct {
	// URL and Mode are the run's, "" when none runs.
	URL, Mode string
	// On says the run serves, Off that none was started.
	On, Off bool
	// Missed is how many calls the explorer could not pass on in time.
	Missed uint64
}

// Action is what the screen asks of the explorer after a key: one of the
// types below.
type Action interface{ action() }

type (
	// Close asks to leave the screen.
	Close struct{}
	// Approve asks to approve Op, which the gateway's lock holds back.
	Approve struct{ Op string }
	// Refused says why a key did nothing.
	Refused struct{ Why string }
)

func (Close) action()   {}
func (Approve) action() {}
func (Refused) action() {}

// New is an empty screen that follows the newest call.
func New() *Screen { return &Screen{list: list{following: true}} }

// Add takes a batch of calls in; the list follows the newest if it did.
func (p *Screen) Add(evs []gateway.Event) {
	p.log.add(evs...)
	p.list.follow(&p.log)
}

// Reset closes the call opened, gives up a read under way and moves the
// cursor as following asks: the screen opened or closed.
func (p *Screen) Reset() {
	p.detail, p.opening = nil, 0
	p.list.follow(&p.log)
}

// Opened shows a call's detail, unless reading it was given up.
func (p *Screen) Opened(msg DetailMsg) {
	if msg.req == 0 || msg.req != p.opening {
		return
	}
	p.detail, p.opening = msg.detail, 0
	p.detail.Scroll(0, p.height)
}

// readCall reads the call under the cursor off the UI loop.
func (p *Screen) readCall() tea.Cmd {
	p.reads++
	p.opening = p.reads
	return openCall(*p.log.at(p.list.cursor), p.opening)
}

// Resize gives the screen width x height cells.
func (p *Screen) Resize(width, height int) {
	p.width, p.height = width, height
	p.list.height = max(height-listHead, 1)
	p.list.clamp(&p.log)
	if p.detail != nil {
		p.detail.Scroll(0, height)
	}
}

// Key handles the list of calls, or the call opened: it returns what it
// asks of the explorer, and a command that reads a call.
func (p *Screen) Key(msg tea.KeyPressMsg, k *kit.KeyMap) (Action, tea.Cmd) {
	if d := p.detail; d != nil {
		if key.Matches(msg, k.Back) {
			p.detail = nil
		} else {
			docview.Key(msg, k.DocKeys(), d, p.height)
		}
		return nil, nil
	}
	l, v := &p.log, &p.list
	switch {
	case key.Matches(msg, k.Back):
		if p.opening == 0 {
			return Close{}, nil
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
			return nil, p.readCall()
		}
	case key.Matches(msg, k.Approve):
		if l.n > 0 {
			if op := heldOp(l.at(v.cursor)); op != "" {
				return Approve{Op: op}, nil
			}
		}
		return Refused{Why: "a approves a tool the gateway's lock holds back: select a \"lock\" row"}, nil
	}
	return nil, nil
}

// heldOp is the op a traffic event says the lock holds back, or "".
func heldOp(ev *gateway.Event) string {
	if ev == nil || ev.Tool != "lock" || ev.Kind != "held" {
		return ""
	}
	return ev.Op
}

// Scroll moves the list or the call opened n rows (the mouse wheel).
func (p *Screen) Scroll(n int) {
	if p.detail != nil {
		p.detail.Scroll(n, p.height)
	} else {
		p.list.scroll(&p.log, n)
	}
}

// Click selects the call on a row of the screen; a click on the selected
// one reads it.
func (p *Screen) Click(row int) tea.Cmd {
	v := &p.list
	row -= listHead
	if p.detail != nil || p.opening != 0 || row < 0 || v.top+row > p.log.last() {
		return nil
	}
	if v.top+row == v.cursor {
		return p.readCall()
	}
	v.move(&p.log, v.top+row-v.cursor)
	return nil
}

// Where says where the cursor is, for the status bar.
func (p *Screen) Where(s *kit.Styles) string {
	switch {
	case p.detail != nil:
		return s.Dim.Render(docview.Where(p.detail, p.height))
	case p.log.n > 0:
		return s.Dim.Render("call " + uitext.Thousands(p.list.cursor-p.log.first()+1) + " of " + uitext.Thousands(p.log.n))
	}
	return ""
}

// Help is the short help of the screen.
func (p *Screen) Help(k *kit.KeyMap) []key.Binding {
	if p.detail != nil {
		return []key.Binding{k.Down, k.PageDown, k.Back, k.Gateway, k.Traffic, k.Help, k.Quit}
	}
	return []key.Binding{k.Down, k.Open, k.Follow, k.Back, k.Gateway, k.Help, k.Quit}
}

// FullHelp is the help shown by "?" on the screen.
func FullHelp(k *kit.KeyMap) [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Follow},
		{k.Open, k.Approve, k.Back, k.Traffic, k.Gateway, k.Help, k.Quit},
	}
}

// Render draws the list, or the call opened.
func (p *Screen) Render(s *kit.Styles, g Gateway) string {
	if d := p.detail; d != nil {
		return d.render(s, p.width, p.height)
	}
	if p.opening != 0 {
		return p.head(s, g) + "\n" + s.Dim.Render("reading the call…")
	}
	if p.log.n == 0 {
		hint := "Once it runs, point an MCP client at the URL in the status bar."
		if g.URL != "" {
			hint = "Point an MCP client at " + g.URL + ": its calls show here as they come."
		}
		lines := uitext.Wrap("No calls yet. "+hint, p.width)
		for i, l := range lines {
			lines[i] = s.Dim.Render(l)
		}
		return p.head(s, g) + "\n\n" + strings.Join(lines, "\n")
	}
	return p.head(s, g) + "\n" + p.list.render(s, &p.log, p.width)
}

// head is the screen's first line: the gateway, how many calls are kept,
// and whether the list follows the newest.
func (p *Screen) head(s *kit.Styles, g Gateway) string {
	l := &p.log
	t := s.PaneTitleFocus.Render("Gateway traffic")
	if g.URL != "" && g.On {
		// The status bar keeps only the port: the whole URL is here.
		t += "  " + s.PathBar.Render(g.URL) + s.Dim.Render(" · "+g.Mode)
	}
	info := CallsText(l.total)
	if l.total > l.n {
		info += " · last " + uitext.Thousands(l.n) + " kept"
	}
	if g.Missed > 0 {
		info += " · " + uitext.Thousands(int(g.Missed)) + " not shown (the view fell behind)"
	}
	if p.list.following && l.n > 0 {
		info += " · following"
	}
	if g.Off {
		info += " · gateway off: s starts it"
	}
	return t + s.Dim.Render("  "+info)
}

// CallsText writes "1 call", "12,003 calls".
func CallsText(n int) string {
	if n == 1 {
		return "1 call"
	}
	return uitext.Thousands(n) + " calls"
}

// Calls are how many calls are kept, and how many came in all.
func (p *Screen) Calls() (kept, total int) { return p.log.n, p.log.total }

// Cursor is the number of the call selected (the first call ever is 0)
// and of the first shown; Rows how many rows of calls show.
func (p *Screen) Cursor() (cursor, top int) { return p.list.cursor, p.list.top }
func (p *Screen) Rows() int                 { return p.list.height }

// Following says the cursor stays on the newest call.
func (p *Screen) Following() bool { return p.list.following }

// Call is the call opened (without its bodies), if one is.
func (p *Screen) Call() (gateway.Event, bool) {
	if p.detail == nil {
		return gateway.Event{}, false
	}
	return p.detail.ev, true
}

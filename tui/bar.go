package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"mcpeek/model"
	"mcpeek/tui/traffic"
	"mcpeek/tui/uitext"
)

// minPath is the fewest cells the path keeps before the knobs give way.
const minPath = 28

// pathBar shows the input while typing, else where the cursor is. Left to
// right: the path (cut from the left, so its last segments stay), the
// search's counter, the knobs, then a short gateway segment. The knobs
// give way first, then the path is cut; a status message takes the
// knobs' place for its few seconds.
func (m *Model) pathBar() string {
	s := &m.styles
	w := ansi.StringWidth
	count := m.searchCount()
	if count != "" {
		count = s.Accent.Render(count)
	}
	if m.input.mode != inputNone {
		field := m.input.field.View()
		if count == "" {
			return field
		}
		room := m.term.width - w(count) - 2
		return fit(field, room) + "  " + count
	}
	left := barJoin(m.barLeft(), count)
	gw := barJoin(m.callsSegment(), m.gatewaySegment())
	var tries []string
	status := m.statusShown()
	if status.text != "" {
		st := s.Status
		if status.isErr {
			st = s.StatusErr
		}
		msg := st.Render(model.SanitizeLine(status.text))
		tries = []string{barJoin(msg, gw), msg}
	} else {
		knobs := ""
		if !m.traffic.open {
			knobs = m.knobsText()
		}
		tries = []string{barJoin(knobs, gw), gw}
	}
	for i, right := range tries {
		room := m.term.width - w(right) - 2
		last := i == len(tries)-1
		if right == "" || (!last && room < min(w(left), minPath)) || room < 1 {
			continue
		}
		if w(left) > room {
			left = cutLeft(left, room)
		}
		return left + strings.Repeat(" ", max(m.term.width-w(left)-w(right), 0)) + right
	}
	if status.text != "" {
		return tries[len(tries)-1]
	}
	return cutLeft(left, m.term.width)
}

// statusShown is the status line the bar shows: the status set last, or
// while a reconnect is awaited (it takes longer than a status line lasts)
// what it waits for.
func (m *Model) statusShown() statusLine {
	status := m.status
	if status.text == "" && len(m.fleet.reconnecting) > 0 {
		status.text = "reconnecting " + strings.Join(m.fleet.reconnecting, ", ") + "…"
	}
	return status
}

// longStatus is a status too wide for the bar, wrapped over the bar and
// the one line of help below it for the few seconds it is shown (the
// help comes back when it expires): cut at the bar's end, "(give one with
// --config FILE)" read "(give one with --con…" at 80 cells. ok is false
// when it fits, an input has the bar, or the full help is open.
func (m *Model) longStatus() (lines [2]string, ok bool) {
	status := m.statusShown()
	text := model.SanitizeLine(status.text)
	if text == "" || m.input.mode != inputNone || m.term.showHelp || ansi.StringWidth(text) <= m.term.width-3 {
		return lines, false
	}
	st := m.styles.Status
	if status.isErr {
		st = m.styles.StatusErr
	}
	wrapped := wrapText(text, m.term.width)
	rest := strings.Join(wrapped[1:], " ")
	lines[0] = st.Render(fit(wrapped[0], m.term.width))
	lines[1] = st.Render(fit(rest, m.term.width))
	return lines, true
}

// cutLeft cuts s to width cells from the left, marking the cut with "…".
func cutLeft(s string, width int) string { return uitext.CutLeft(s, width) }

// barJoin joins the status bar's parts that are not empty.
func barJoin(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, "  ")
}

// barLeft is where the cursor is: a tool, or what the pane with the keys
// says (a tree path, the lines of a document, a call of the traffic
// screen).
func (m *Model) barLeft() string {
	s := &m.styles
	switch {
	case m.traffic.open:
		return m.traffic.Where(s)
	case m.term.focus == focusTools:
		if tool, ok := m.selectedTool(); ok {
			return s.Dim.Render(model.SanitizeLine(tool.ID().String()))
		}
	case m.current != nil:
		return m.currentPane().Where(s)
	}
	return ""
}

// knobsText shows the knobs' values at the right of the status bar; one
// moved from its default is drawn in the accent colour.
func (m *Model) knobsText() string {
	s := &m.styles
	knob := func(name string, v, def int) string {
		st := s.Dim
		if v != def {
			st = s.Accent
		}
		return s.Faint.Render(name+" ") + st.Render(itoa(v))
	}
	return knob("max_fields", m.budget.MaxFields, defaultBudget.MaxFields) + s.Faint.Render(" · ") +
		knob("max_depth", m.budget.MaxDepth, defaultBudget.MaxDepth)
}

// gatewaySegment is the background gateway in a few cells: "⇄ :45259 ·
// 7 calls" while it serves (its whole URL is in the message that says it
// started, and on the traffic screen), a word while it starts or stops,
// "" when it is off.
func (m *Model) gatewaySegment() string {
	s := &m.styles
	switch g := &m.gw; g.state {
	case gatewayStarting:
		return s.StateStarting.Render(s.Icons.Starting) + s.Dim.Render(" gateway…")
	case gatewayStopping:
		return s.StateStarting.Render(s.Icons.Starting) + s.Dim.Render(" stopping…")
	case gatewayOn:
		return s.StateConnected.Render(s.Icons.Gateway) + " " + s.PathBar.Render(urlPort(g.run.URL())) +
			s.Dim.Render(" · "+traffic.CallsText(int(g.calls)))
	}
	return ""
}

// urlPort is ":PORT" of a URL like http://127.0.0.1:45259/mcp, or the URL
// when it has no port.
func urlPort(url string) string {
	rest := url
	if _, after, ok := strings.Cut(rest, "://"); ok {
		rest = after
	}
	host, _, _ := strings.Cut(rest, "/")
	if i := strings.LastIndexByte(host, ':'); i >= 0 {
		return host[i:]
	}
	return url
}

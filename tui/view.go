package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"mcpeek/model"
	"mcpeek/tui/kit"
	"mcpeek/tui/toollist"
	"mcpeek/tui/toolview"
)

// View draws the whole screen.
func (m *Model) View() tea.View {
	var v tea.View
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "mcpeek"
	if m.current != nil {
		v.WindowTitle = "mcpeek · " + m.current.ID
	}
	v.SetContent(m.render())
	return v
}

// render is the screen as a string: exactly height lines of width cells,
// the dialogs over it.
func (m *Model) render() string {
	return m.dialogs.Draw(&m.styles, m.screen(), m.term.width, m.term.height)
}

// screen is what lies under the dialogs: the title, the body (the
// explorer's two panes, or the traffic screen), the status bar and the
// help.
func (m *Model) screen() string {
	l := m.term.layout
	var b strings.Builder
	b.WriteString(fit(m.titleBar(), m.term.width))
	b.WriteByte('\n')
	if m.traffic.open {
		b.WriteString(padLines(m.traffic.Render(m.frame()), m.term.width, l.bodyH))
		b.WriteByte('\n')
	} else if m.tasks.Open {
		b.WriteString(padLines(m.tasksView(), m.term.width, l.bodyH))
		b.WriteByte('\n')
	} else if m.offers.logs.Open {
		b.WriteString(padLines(m.logView(), m.term.width, l.bodyH))
		b.WriteByte('\n')
	} else {
		m.writeExplorer(&b)
	}
	if st, long := m.longStatus(); long {
		b.WriteString(st[0] + "\n" + st[1])
		return b.String()
	}
	b.WriteString(fit(m.pathBar(), m.term.width))
	b.WriteByte('\n')
	b.WriteString(padLines(m.helpView(), m.term.width, l.helpH))
	return b.String()
}

// writeExplorer writes the body's rows: the tools pane and the right-hand
// pane side by side, or the focused one alone on a narrow screen.
func (m *Model) writeExplorer(b *strings.Builder) {
	l := m.term.layout
	var left, right []string
	showLeft := !l.single || m.term.focus == focusTools
	showRight := !l.single || m.term.focus == focusView
	if showLeft {
		left = strings.Split(padLines(m.toolsPane(), l.leftW, l.bodyH), "\n")
	}
	if showRight {
		right = strings.Split(padLines(m.rightPane(), l.rightW, l.bodyH), "\n")
	}
	sep := m.styles.Separator.Render("│")
	for i := range l.bodyH {
		switch {
		case showLeft && showRight:
			b.WriteString(left[i] + sep + right[i])
		case showLeft:
			b.WriteString(left[i])
		default:
			b.WriteString(right[i])
		}
		b.WriteByte('\n')
	}
}

// frame is what the panes are drawn with.
func (m *Model) frame() kit.Frame {
	return kit.Frame{Styles: &m.styles, Focused: m.term.focus == focusView, ShowDesc: m.look.desc.shown}
}

func (m *Model) titleBar() string {
	s := &m.styles
	tools, errs := 0, 0
	for _, srv := range m.fleet.servers {
		tools += len(srv.Tools)
		if srv.State == model.StateError {
			errs++
		}
	}
	t := s.Title.Render(" mcpeek ") + s.Dim.Render(plural(len(m.fleet.servers), "server")+" · "+plural(tools, "tool"))
	if errs > 0 {
		t += s.ErrText.Render(" · " + itoa(errs) + " in error")
	}
	if m.fleet.demo {
		t += "  " + s.Accent.Render("demo server") + s.Dim.Render(": no config found (--config FILE)")
	}
	if m.fleet.starting {
		t += "  " + m.look.spinner.View() + s.Dim.Render(" connecting…")
	}
	return t
}

func (m *Model) rightPane() string {
	s := &m.styles
	if p := m.offers.shown; p != nil {
		if _, _, _, ok := m.selectedOffer(); ok {
			return p.render(s, m.term.focus == focusView)
		}
	}
	if srv, ok := m.selectedServer(); ok {
		if r, _ := m.tools.Row(); r.Tool < 0 {
			return m.serverView(srv)
		}
	}
	v := m.current
	if v == nil {
		switch {
		case m.built.loading.id != "":
			return s.Dim.Render(m.look.spinner.View() + " reading " + model.SanitizeLine(m.built.loading.id) + "…")
		case m.fleet.starting:
			return s.Dim.Render(m.look.spinner.View() + " connecting to servers…")
		}
		return s.Dim.Render("Select a tool.")
	}
	p := m.currentPane()
	w := m.term.layout.rightW
	head := s.Title.Render(v.ID)
	tabs := m.tabLine(w - ansi.StringWidth(head) - 2)
	if counts := m.changes.countsText(s, v.Tool); ansi.StringWidth(head+counts+tabs)+2 <= w {
		head += counts // when the tabs leave room
	}
	if tabs != "" {
		head += strings.Repeat(" ", w-ansi.StringWidth(head)-ansi.StringWidth(tabs)) + tabs
	}
	sub := s.Dim.Render(p.Headline())
	if v.Desc != "" {
		sub += s.Faint.Render(" — " + v.Desc)
	}
	return head + "\n" + sub + "\n" + p.Render(m.frame())
}

// tabLine names the views, the current one marked, in at most room cells:
// every view when they fit, else only the current one.
func (m *Model) tabLine(room int) string {
	s := &m.styles
	var tabs []string
	for k := range toolview.Kind(len(toolview.Views)) {
		st := s.Tab
		if k == m.view.kind {
			st = s.TabActive
		}
		tabs = append(tabs, st.Render(k.String()))
	}
	all := strings.Join(tabs, " ")
	switch {
	case ansi.StringWidth(all) <= room:
		return all
	case ansi.StringWidth(m.view.kind.String())+4 <= room:
		return s.Dim.Render("v ") + s.TabActive.Render(m.view.kind.String())
	}
	return ""
}

// serverView is the right pane for a server row: its state, how it is
// run, and for one in error the whole message, wrapped, and the last
// lines of its stderr (its first error line kept).
func (m *Model) serverView(srv model.Server) string {
	s := &m.styles
	w := max(m.term.layout.rightW, 10)
	icon, st := toollist.StateIcon(s, m.look.spinner.View(), srv.State)
	lines := []string{
		st.Render(icon) + " " + s.Title.Render(model.SanitizeLine(srv.Name)) + s.Dim.Render("  "+srv.State.String()),
		s.Dim.Render("transport ") + string(srv.Transport) + s.Dim.Render("  source ") + model.SanitizeLine(srv.Source),
	}
	lines = append(lines, toolview.ServerFacts(&m.styles, srv, w)...)
	if srv.Command != "" {
		for i, l := range wrapText(model.SanitizeLine(srv.Command), w-2) {
			prompt := "  " // the lines it wraps onto: one command, one $
			if i == 0 {
				prompt = "$ "
			}
			lines = append(lines, s.Dim.Render(prompt)+l)
		}
	}
	if srv.Sandbox != "" {
		for _, l := range wrapText("sandbox: "+model.SanitizeLine(srv.Sandbox), w) {
			lines = append(lines, s.Dim.Render(l))
		}
	}
	lines = append(lines, s.Dim.Render(plural(len(srv.Tools), "tool")))
	if srv.Transport != model.TransportSSE && srv.Transport != "" {
		for _, l := range wrapText(model.SanitizeLine(rootsText(srv.Roots)), w) {
			lines = append(lines, s.Dim.Render(l))
		}
	}
	if srv.Err != "" {
		lines = append(lines, "")
		for i, l := range wrapText("error: "+model.SanitizeLine(srv.Err), w) {
			if i == 0 {
				l = s.ErrText.Render("error:") + strings.TrimPrefix(l, "error:")
			}
			lines = append(lines, l)
		}
		if retry := retryText(srv.Retry, m.clock.now()); retry != "" {
			lines = append(lines, s.Dim.Render(retry))
		}
	}
	if len(srv.Stderr) > 0 {
		lines = append(lines, "", s.Dim.Render("last lines of stderr:"))
		room := max(m.term.layout.bodyH-len(lines)-3, 3)
		for _, l := range model.StderrTail(srv.Stderr, room) {
			lines = append(lines, "  "+s.Faint.Render(model.SanitizeLine(l)))
		}
	}
	lines = append(lines, m.removedLines(srv.Name)...)
	if totals := m.totalsLines(srv, m.term.layout.rightW); len(totals) > 0 {
		lines = append(lines, "")
		for _, l := range totals {
			var b strings.Builder
			toolview.DrawLine(s, &b, l, m.term.layout.rightW)
			lines = append(lines, b.String())
		}
	}
	if ins := model.SanitizeLine(srv.Instructions); ins != "" && srv.Err == "" {
		lines = append(lines, "", s.Faint.Render(ins))
	}
	if url := m.fleet.loginURLs[srv.Name]; url != "" && srv.State != model.StateConnected {
		lines = append(lines, "", s.Dim.Render("log in at (your browser was asked to open it):"), "  "+s.PathBar.Render(model.SanitizeLine(url)))
	}
	hint := "r reconnects · l or → shows its tools"
	switch {
	case srv.Retry.Pending() && srv.State == model.StateError:
		hint = "r retries now · l or → shows its tools"
	case srv.State == model.StateNeedsLogin:
		hint = "r logs in (opens your browser) · l or → shows its tools"
	}
	lines = append(lines, "", s.Dim.Render(hint))
	return strings.Join(lines, "\n")
}

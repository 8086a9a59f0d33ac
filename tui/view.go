package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"mcpeek/fieldpath"
	"mcpeek/model"
	"mcpeek/schematree"
)

// View draws the whole screen.
func (m *Model) View() tea.View {
	var v tea.View
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "mcpeek"
	if m.current != nil {
		v.WindowTitle = "mcpeek · " + m.current.id
	}
	v.SetContent(m.render())
	return v
}

// render is the screen as a string: exactly height lines of width cells.
func (m *Model) render() string {
	if m.fatal != nil {
		return m.errorView()
	}
	l := m.layout
	var b strings.Builder
	b.WriteString(fit(m.titleBar(), m.width))
	b.WriteByte('\n')
	if m.tview.open {
		b.WriteString(padLines(m.trafficScreen(), m.width, l.bodyH))
		b.WriteByte('\n')
		b.WriteString(fit(m.pathBar(), m.width))
		b.WriteByte('\n')
		b.WriteString(padLines(m.helpView(), m.width, l.helpH))
		return b.String()
	}
	var left, right []string
	showLeft := !l.single || m.focus == paneTools
	showRight := !l.single || m.focus == paneView
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
	b.WriteString(fit(m.pathBar(), m.width))
	b.WriteByte('\n')
	b.WriteString(padLines(m.helpView(), m.width, l.helpH))
	return b.String()
}

func (m *Model) titleBar() string {
	s := &m.styles
	tools, errs := 0, 0
	for _, srv := range m.servers {
		tools += len(srv.Tools)
		if srv.State == model.StateError {
			errs++
		}
	}
	t := s.Title.Render(" mcpeek ") + s.Dim.Render(plural(len(m.servers), "server")+" · "+plural(tools, "tool"))
	if errs > 0 {
		t += s.ErrText.Render(" · " + itoa(errs) + " in error")
	}
	if m.starting {
		t += "  " + m.spinner.View() + s.Dim.Render(" connecting…")
	}
	return t
}

func (m *Model) toolsPane() string {
	s := &m.styles
	head := s.PaneTitle
	if m.focus == paneTools {
		head = s.PaneTitleFocus
	}
	title := head.Render("Servers & tools")
	if m.tools.filter != "" {
		title = head.Render("/") + s.Accent.Render(model.SanitizeLine(m.tools.filter)) +
			s.Dim.Render("  "+plural(len(m.tools.matches), "match"))
	}
	if len(m.tools.rows) == 0 {
		msg := "No servers."
		switch {
		case m.tools.filter != "":
			msg = "No tool matches."
		case m.starting:
			msg = m.spinner.View() + " connecting…"
		}
		return title + "\n" + s.Dim.Render(msg)
	}
	sp := ""
	if m.starting {
		sp = m.spinner.View()
	}
	p := toolPane{styles: s, width: m.layout.leftW, focused: m.focus == paneTools, spinner: sp}
	return title + "\n" + p.render(&m.tools, m.servers, m.info)
}

func (m *Model) rightPane() string {
	s := &m.styles
	if srv, ok := m.selectedServer(); ok {
		if r, _ := m.tools.selected(); r.tool < 0 {
			return m.serverView(srv)
		}
	}
	v := m.current
	if v == nil {
		switch {
		case m.loading != "":
			return s.Dim.Render(m.spinner.View() + " reading " + model.SanitizeLine(m.loading) + "…")
		case m.starting:
			return s.Dim.Render(m.spinner.View() + " connecting to servers…")
		}
		return s.Dim.Render("Select a tool.")
	}
	w := m.layout.rightW
	head := s.Title.Render(v.id)
	if tabs := m.tabLine(w - ansi.StringWidth(head) - 2); tabs != "" {
		head += strings.Repeat(" ", w-ansi.StringWidth(head)-ansi.StringWidth(tabs)) + tabs
	}
	sub := s.Dim.Render(v.headline(m.view))
	if v.desc != "" {
		sub += s.Faint.Render(" — " + v.desc)
	}
	var body string
	h := m.layout.treeH
	switch t := v.treeOf(m.view); {
	case t != nil:
		tv := treeView{styles: s, width: w, focused: m.focus == paneView, showDesc: m.showDesc}
		if m.view == viewSchema {
			tv.costs = v.costs
		}
		body = tv.render(t)
	case m.view == viewPlanner && v.planner != nil:
		body = v.renderPlanner(s, w, h)
	case m.view == viewCompare && v.compare != nil:
		body = v.compare.render(s, w, h)
	case m.view == viewCompare:
		body = s.Dim.Render("No output schema to compare: a planner sees no fields either way.")
	case m.view == viewRaw:
		body = v.raw.render(s, w, h)
	}
	return head + "\n" + sub + "\n" + body
}

// tabLine names the views, the current one marked, in at most room cells:
// every view when they fit, else only the current one.
func (m *Model) tabLine(room int) string {
	s := &m.styles
	var tabs []string
	for k := range viewCount {
		st := s.Tab
		if k == m.view {
			st = s.TabActive
		}
		tabs = append(tabs, st.Render(k.String()))
	}
	all := strings.Join(tabs, " ")
	switch {
	case ansi.StringWidth(all) <= room:
		return all
	case ansi.StringWidth(m.view.String())+4 <= room:
		return s.Dim.Render("v ") + s.TabActive.Render(m.view.String())
	}
	return ""
}

// serverView is the right pane for a server row: its state, and for one in
// error the message and the last lines of its stderr.
func (m *Model) serverView(srv model.Server) string {
	s := &m.styles
	icon, st := toolPane{styles: s, spinner: m.spinner.View()}.stateIcon(srv.State)
	lines := []string{
		st.Render(icon) + " " + s.Title.Render(model.SanitizeLine(srv.Name)) + s.Dim.Render("  "+srv.State.String()),
		s.Dim.Render("transport ") + string(srv.Transport) + s.Dim.Render("  source ") + model.SanitizeLine(srv.Source),
		s.Dim.Render(plural(len(srv.Tools), "tool")),
	}
	if srv.Err != "" {
		lines = append(lines, "", s.ErrText.Render("error: ")+model.SanitizeLine(srv.Err))
	}
	if len(srv.Stderr) > 0 {
		lines = append(lines, "", s.Dim.Render("last lines of stderr:"))
		tail := srv.Stderr
		if room := m.layout.bodyH - len(lines) - 3; len(tail) > room && room > 0 {
			tail = tail[len(tail)-room:]
		}
		for _, l := range tail {
			lines = append(lines, "  "+s.Faint.Render(model.SanitizeLine(l)))
		}
	}
	if totals := m.totalsLines(srv); len(totals) > 0 {
		lines = append(lines, "")
		for _, l := range totals {
			var b strings.Builder
			s.drawLine(&b, l, m.layout.rightW)
			lines = append(lines, b.String())
		}
	}
	if ins := model.SanitizeLine(srv.Instructions); ins != "" && srv.Err == "" {
		lines = append(lines, "", s.Faint.Render(ins))
	}
	lines = append(lines, "", s.Dim.Render("r reconnects · l or → shows its tools"))
	return strings.Join(lines, "\n")
}

// pathBar shows the input while typing, else where the cursor is, with
// the status message, the gateway and the knobs on the right.
func (m *Model) pathBar() string {
	s := &m.styles
	if m.mode != inputNone {
		return m.input.View()
	}
	left := m.barLeft()
	gw := m.gatewayText()
	knobs := ""
	if !m.tview.open {
		knobs = m.knobsText()
	}
	w := ansi.StringWidth
	if m.status != "" {
		st := s.Status
		if m.statusErr {
			st = s.StatusErr
		}
		msg := st.Render(model.SanitizeLine(m.status))
		// The message wins for its few seconds: the knobs go first, then
		// the path, then the gateway.
		for _, right := range []string{barJoin(msg, gw, knobs), barJoin(msg, gw)} {
			if gap := m.width - w(left) - w(right); gap >= 2 {
				return left + strings.Repeat(" ", gap) + right
			}
		}
		if right := barJoin(msg, gw); w(right) <= m.width {
			return right
		}
		return msg
	}
	// The knobs go first (while the gateway runs, once the path would be
	// cut below 24 cells), then the path is cut; the gateway's URL stays.
	withKnobs := 8
	if gw != "" {
		withKnobs = 24
	}
	for _, c := range []struct {
		right   string
		minLeft int
	}{{barJoin(gw, knobs), withKnobs}, {gw, 8}} {
		room := m.width - w(c.right) - 2
		if c.right == "" || room < min(w(left), c.minLeft) {
			continue
		}
		if w(left) > room {
			left = ansi.Truncate(left, room, "…")
		}
		return left + strings.Repeat(" ", m.width-w(left)-w(c.right)) + c.right
	}
	if gw != "" {
		return gw
	}
	return left
}

// barJoin joins the status bar's right-hand parts that are not empty.
func barJoin(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, "  ")
}

// barLeft is where the cursor is: a tool, a tree path, the lines of a
// document, or a call of the traffic screen.
func (m *Model) barLeft() string {
	s := &m.styles
	if v := &m.tview; v.open {
		switch {
		case v.detail != nil:
			return linesText(s, v.detail, m.layout.bodyH)
		case m.traffic.n > 0:
			return s.Dim.Render("call " + thousands(v.cursor-m.traffic.first()+1) + " of " + thousands(m.traffic.n))
		}
		return ""
	}
	switch t := m.currentTree(); {
	case m.focus == paneTools:
		if tool, ok := m.selectedTool(); ok {
			return s.Dim.Render(model.SanitizeLine(tool.ID()))
		}
	case t != nil && t.Cursor() != nil:
		c := t.Cursor()
		p := c.Path
		if c.Kind == schematree.KindMore {
			p = fieldpath.Join(p, "*")
		}
		if p == "" {
			p = "(root)"
		}
		return s.Dim.Render(m.current.id+" › ") + s.PathBar.Render(p)
	case m.currentDoc() != nil:
		return linesText(s, m.currentDoc(), m.layout.treeH)
	}
	return ""
}

// linesText says which lines of a document are on screen.
func linesText(s *Styles, d scroller, height int) string {
	top, total := d.span()
	end := min(top+d.rows(height), total)
	return s.Dim.Render("lines " + itoa(min(top+1, total)) + "–" + itoa(end) + " of " + itoa(total))
}

// knobsText shows the knobs' values at the right of the status bar; one
// moved from the contract's default is drawn in the accent colour.
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

func (m *Model) helpKeys() helpKeys {
	return helpKeys{k: &m.keys, mode: m.mode, yank: m.yank, focus: m.focus, view: m.view,
		traffic: m.tview.open, detail: m.tview.open && m.tview.detail != nil, narrow: m.width < 110}
}

func (m *Model) helpView() string {
	if m.showHelp {
		return m.fullHelp()
	}
	return m.help.ShortHelpView(m.helpKeys().ShortHelp())
}

// fullHelp is the key help in columns and the legend of the marks,
// wrapped to the width.
func (m *Model) fullHelp() string {
	if m.tview.open {
		return m.help.FullHelpView(m.helpKeys().FullHelp())
	}
	s := &m.styles
	ic := s.Icons
	items := []string{
		s.Marker.Render(ic.Output) + s.Dim.Render(" output schema"),
		s.Faint.Render(ic.NoOutput) + s.Dim.Render(" none"),
		s.HiddenMark.Render(ic.Hidden) + s.Dim.Render(" summary hides fields"),
		s.Glyph.Render(ic.Folded) + s.Dim.Render(" folded: opens with the inspector"),
		s.Required.Render("*") + s.Dim.Render(" required"),
		s.Cycle.Render(ic.Cycle) + s.Dim.Render(" recursive"),
		s.Count.Render("2 deep · 1.2k tok") + s.Dim.Render(" subtree depth, cl100k tokens"),
	}
	var lines []string
	line := ""
	for _, it := range items {
		switch {
		case line == "":
			line = it
		case ansi.StringWidth(line)+2+ansi.StringWidth(it) <= m.width:
			line += "  " + it
		default:
			lines = append(lines, line)
			line = it
		}
	}
	lines = append(lines, line)
	return m.help.FullHelpView(m.helpKeys().FullHelp()) + "\n" + strings.Join(lines, "\n")
}

// errorView is the full-screen view of a fatal error.
func (m *Model) errorView() string {
	s := &m.styles
	text := s.StatusErr.Render("mcpeek cannot go on") + "\n\n" + model.Sanitize(m.fatal.Error()) +
		"\n\n" + s.Dim.Render("q quits")
	return padLines(text, m.width, m.height)
}

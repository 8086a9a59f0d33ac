package tui

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"mcpeek/tui/kit"
)

// shortHelp is the one-line help for what has the keys: the dialog on
// top, the pending copy, the text input, or the focused pane.
func (m *Model) shortHelp() []key.Binding {
	k := &m.keys
	switch d := m.dialogs.top(); {
	case d != nil:
		return d.help(k)
	case m.yank:
		return []key.Binding{k.CopyDot, k.CopyPointer, k.CopyJQ, k.CopyCLI, k.CopyCall, k.Cancel}
	case m.input.mode != inputNone:
		return []key.Binding{k.ResultDown, k.Accept, k.Cancel}
	case m.showHelp:
		return []key.Binding{k.CloseHelp, k.Quit}
	case m.traffic.open:
		return m.traffic.Help(k)
	case m.tasks.Open:
		return tasksHelp(k)
	case m.focus == focusTools:
		return k.ToolsHelp()
	case m.current != nil:
		return m.currentPane().Help(k)
	}
	return k.TreeHelp() // a tool being read
}

// shortHelpLine draws the short help in one line. "? help" and "q quit",
// when they are in it, always show at its end: the other keys are cut
// first.
func (m *Model) shortHelpLine() string {
	k := &m.keys
	var rest, tail []key.Binding
	for _, b := range m.shortHelp() {
		if sameKeys(b, k.Help) || sameKeys(b, k.Quit) {
			tail = append(tail, b)
		} else {
			rest = append(rest, b)
		}
	}
	if len(tail) == 0 || len(rest) == 0 {
		return m.help.ShortHelpView(append(rest, tail...))
	}
	h := m.help
	h.SetWidth(0) // cut here: the help's own cut can overflow by an item
	end := h.ShortHelpView(tail)
	sep := h.Styles.ShortSeparator.Render(h.ShortSeparator)
	room := m.width - ansi.StringWidth(end) - ansi.StringWidth(sep)
	for n := len(rest); n > 0; n-- {
		line := h.ShortHelpView(rest[:n])
		if n < len(rest) {
			line += " " + h.Styles.Ellipsis.Render(h.Ellipsis)
		}
		if ansi.StringWidth(line) <= room {
			return line + sep + end
		}
	}
	return end
}

func sameKeys(a, b key.Binding) bool { return slices.Equal(a.Keys(), b.Keys()) }

// fullHelpKeys are the columns of the help shown by "?".
func (m *Model) fullHelpKeys() [][]key.Binding {
	if m.traffic.open {
		return m.traffic.fullHelp(&m.keys)
	}
	return m.keys.ExplorerHelp(m.width < narrowHelp)
}

func (m *Model) helpView() string {
	if m.showHelp {
		return m.fullHelp()
	}
	return m.shortHelpLine()
}

// openHelp shows the full help: in columns under the panes when they fit
// the width and leave the panes some rows, else over the whole screen as
// one column that scrolls.
func (m *Model) openHelp() {
	// The columns as wide as they want to be (the help cuts them to fit).
	h := m.help
	h.SetWidth(0)
	wide := 0
	for _, l := range strings.Split(h.FullHelpView(m.fullHelpKeys()), "\n") {
		wide = max(wide, ansi.StringWidth(l))
	}
	if wide <= m.width && strings.Count(m.fullHelp(), "\n")+1 <= m.height-minBodyWithHelp {
		m.showHelp = true
		m.resize(m.width, m.height)
		return
	}
	m.dialogs.open(&helpDialog{scrollLines{lines: m.helpColumn()}})
}

// minBodyWithHelp is the fewest rows the panes keep under the full help.
const minBodyWithHelp = 8

// fullHelp is the key help in columns and the legend of the marks,
// wrapped to the width.
func (m *Model) fullHelp() string {
	if m.traffic.open {
		return m.help.FullHelpView(m.fullHelpKeys())
	}
	var lines []string
	line := ""
	for _, it := range m.legend() {
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
	return m.help.FullHelpView(m.fullHelpKeys()) + "\n" + strings.Join(lines, "\n")
}

// legend explains the marks of the tools pane and the trees.
func (m *Model) legend() []string {
	s := &m.styles
	ic := s.Icons
	return []string{
		s.Marker.Render(ic.Output) + s.Dim.Render(" output schema"),
		s.Faint.Render(ic.NoOutput) + s.Dim.Render(" none"),
		s.HiddenMark.Render(ic.Hidden) + s.Dim.Render(" summary hides fields"),
		s.Glyph.Render(ic.Folded) + s.Dim.Render(" folded: opens with the inspector"),
		s.Required.Render("*") + s.Dim.Render(" required"),
		s.Cycle.Render(ic.Cycle) + s.Dim.Render(" recursive"),
		s.Count.Render("2 deep · 1.2k tok") + s.Dim.Render(" subtree depth, cl100k tokens"),
		s.MarkMissing.Render(ic.Missing) + s.Dim.Render(" missing ") + s.MarkMismatch.Render(ic.TypeMismatch+ic.EnumMismatch+ic.NullMark) +
			s.Dim.Render(" type, enum, null ") + s.MarkExtra.Render(ic.NotAllowed+ic.Undeclared) + s.Dim.Render(" extra key: a call's result"),
		s.Breaking.Render(ic.Breaking) + s.Dim.Render(" breaking change"),
		s.Compatible.Render(ic.Compatible) + s.Dim.Render(" compatible change (D)"),
		s.AddedMark.Render(ic.Added) + s.Dim.Render(" added since the lock file"),
		s.RemovedTool.Render(ic.Gone) + s.Dim.Render(" gone since it"),
		s.Rejected.Render(ic.Rejected) + s.Dim.Render(" a client refuses it (!)"),
		s.ErrText.Render(ic.Dropped) + s.Dim.Render(" clients drop it (x-mcp-header): never called"),
		s.Marker.Render(ic.App) + s.Dim.Render(" an MCP App's tool (the about view)"),
	}
}

// helpColumn is the full help as one column: a key and what it does per
// line, the groups apart, then the legend.
func (m *Model) helpColumn() []string {
	s := &m.styles
	var lines []string
	for i, group := range m.fullHelpKeys() {
		if i > 0 {
			lines = append(lines, "")
		}
		for _, b := range group {
			if !b.Enabled() {
				continue
			}
			h := b.Help()
			lines = append(lines, s.Help.FullKey.Render(padRight(h.Key, 8))+" "+s.Help.FullDesc.Render(h.Desc))
		}
	}
	if !m.traffic.open {
		lines = append(lines, "")
		lines = append(lines, m.legend()...)
	}
	return lines
}

// helpDialog is the full help over the whole screen, in one column that
// scrolls: what a narrow terminal shows for "?".
type helpDialog struct {
	scrollLines
}

func (d *helpDialog) key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
	switch {
	case key.Matches(msg, k.CloseHelp):
		return kit.CloseDialog{}
	case key.Matches(msg, k.Quit):
		return kit.QuitApp{} // ctrl+c
	}
	d.scroll(msg, k)
	return nil
}

// scrollLines is the text of a dialog that scrolls a line or a page at a
// time, and the part of it on screen.
type scrollLines struct {
	lines []string
	top   int
	rows  int // lines shown at the last render
}

// scroll moves by the key's line, page or end, within the text.
func (d *scrollLines) scroll(msg tea.KeyPressMsg, k *kit.KeyMap) {
	page := max(d.rows, 1)
	switch {
	case key.Matches(msg, k.Down):
		d.top++
	case key.Matches(msg, k.Up):
		d.top--
	case key.Matches(msg, k.PageDown):
		d.top += page
	case key.Matches(msg, k.PageUp):
		d.top -= page
	case key.Matches(msg, k.Top):
		d.top = 0
	case key.Matches(msg, k.Bottom):
		d.top = len(d.lines)
	}
	d.top = min(max(d.top, 0), max(len(d.lines)-page, 0))
}

// render fills the screen but its last row (the short help): a title,
// then the lines that fit.
func (d *helpDialog) render(s *kit.Styles, width, height int) string {
	d.rows = max(height-2, 1)
	d.top = min(max(d.top, 0), max(len(d.lines)-d.rows, 0))
	end := min(d.top+d.rows, len(d.lines))
	head := s.PaneTitleFocus.Render("Keys") + s.Dim.Render("  "+itoa(d.top+1)+"–"+itoa(end)+" of "+itoa(len(d.lines)))
	body := append([]string{head}, d.lines[d.top:end]...)
	return padLines(strings.Join(body, "\n"), width, height-1)
}

func (d *helpDialog) help(k *kit.KeyMap) []key.Binding {
	return []key.Binding{k.Down, k.PageDown, k.CloseHelp}
}

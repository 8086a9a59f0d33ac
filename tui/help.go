package tui

import (
	"slices"
	"strings"

	"mcpeek/tui/dialog"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"
)

// shortHelp is the one-line help for what has the keys: the dialog on
// top, the pending copy, the text input, or the focused pane.
func (m *Model) shortHelp() []key.Binding {
	k := &m.keys
	switch d := m.dialogs.Top(); {
	case d != nil:
		return d.Help(k)
	case m.clip.yank:
		return []key.Binding{k.CopyDot, k.CopyPointer, k.CopyJQ, k.CopyCLI, k.CopyCall, k.Cancel}
	case m.input.mode != inputNone:
		return []key.Binding{k.ResultDown, k.Accept, k.Cancel}
	case m.term.showHelp:
		return []key.Binding{k.CloseHelp, k.Quit}
	case m.traffic.open:
		return m.traffic.Help(k)
	case m.tasks.Open:
		return tasksHelp(k)
	case m.term.focus == focusTools:
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
		return m.look.help.ShortHelpView(append(rest, tail...))
	}
	h := m.look.help
	h.SetWidth(0) // cut here: the help's own cut can overflow by an item
	end := h.ShortHelpView(tail)
	sep := h.Styles.ShortSeparator.Render(h.ShortSeparator)
	room := m.term.width - ansi.StringWidth(end) - ansi.StringWidth(sep)
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
	return m.keys.ExplorerHelp(m.term.width < narrowHelp)
}

func (m *Model) helpView() string {
	if m.term.showHelp {
		return m.fullHelp()
	}
	return m.shortHelpLine()
}

// openHelp shows the full help: in columns under the panes when they fit
// the width and leave the panes some rows, else over the whole screen as
// one column that scrolls.
func (m *Model) openHelp() {
	// The columns as wide as they want to be (the help cuts them to fit).
	h := m.look.help
	h.SetWidth(0)
	wide := 0
	for _, l := range strings.Split(h.FullHelpView(m.fullHelpKeys()), "\n") {
		wide = max(wide, ansi.StringWidth(l))
	}
	if wide <= m.term.width && strings.Count(m.fullHelp(), "\n")+1 <= m.term.height-minBodyWithHelp {
		m.term.showHelp = true
		m.resize(m.term.width, m.term.height)
		return
	}
	m.dialogs.Open(dialog.NewKeyHelp(m.helpColumn()))
}

// minBodyWithHelp is the fewest rows the panes keep under the full help.
const minBodyWithHelp = 8

// fullHelp is the key help in columns and the legend of the marks,
// wrapped to the width.
func (m *Model) fullHelp() string {
	if m.traffic.open {
		return m.look.help.FullHelpView(m.fullHelpKeys())
	}
	var lines []string
	line := ""
	for _, it := range m.legend() {
		switch {
		case line == "":
			line = it
		case ansi.StringWidth(line)+2+ansi.StringWidth(it) <= m.term.width:
			line += "  " + it
		default:
			lines = append(lines, line)
			line = it
		}
	}
	lines = append(lines, line)
	return m.look.help.FullHelpView(m.fullHelpKeys()) + "\n" + strings.Join(lines, "\n")
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

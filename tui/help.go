package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"
)

// shortHelp is the one-line help for what has the keys: the dialog on
// top, the pending copy, the text input, or the focused pane.
func (m *Model) shortHelp() []key.Binding {
	k := &m.keys
	switch d := m.overlay.top(); {
	case d != nil:
		return d.help(k)
	case m.yank:
		return []key.Binding{k.CopyDot, k.CopyPointer, k.CopyJQ, k.Cancel}
	case m.input.mode != inputNone:
		return []key.Binding{k.ResultDown, k.Accept, k.Cancel}
	case m.traffic.open:
		return m.traffic.help(k)
	case m.focus == focusTools:
		return k.toolsHelp()
	case m.current != nil:
		return m.currentPane().help(k)
	}
	return k.treeHelp() // a tool being read
}

// fullHelpKeys are the columns of the help shown by "?".
func (m *Model) fullHelpKeys() [][]key.Binding {
	if m.traffic.open {
		return m.traffic.fullHelp(&m.keys)
	}
	return m.keys.explorerHelp(m.width < narrowHelp)
}

func (m *Model) helpView() string {
	if m.showHelp {
		return m.fullHelp()
	}
	return m.help.ShortHelpView(m.shortHelp())
}

// fullHelp is the key help in columns and the legend of the marks,
// wrapped to the width.
func (m *Model) fullHelp() string {
	if m.traffic.open {
		return m.help.FullHelpView(m.fullHelpKeys())
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
	return m.help.FullHelpView(m.fullHelpKeys()) + "\n" + strings.Join(lines, "\n")
}

package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"
)

// helpKeys is the help for what has the keys: the dialog on top, the
// pending copy, the text input, or the focused pane.
func (m *Model) helpKeys() helpKeys {
	k := &m.keys
	h := helpKeys{full: k.explorerHelp(m.width < narrowHelp)}
	if m.traffic.open {
		h.full = m.traffic.fullHelp(k)
	}
	switch d := m.overlay.top(); {
	case d != nil:
		h.short = d.help(k)
	case m.yank:
		h.short = []key.Binding{k.CopyDot, k.CopyPointer, k.CopyJQ, k.Cancel}
	case m.input.mode != inputNone:
		h.short = []key.Binding{k.Accept, k.Cancel}
	case m.traffic.open:
		h.short = m.traffic.help(k)
	case m.focus == focusTools:
		h.short = k.toolsHelp()
	case m.current != nil:
		h.short = m.currentPane().help(k)
	default: // a tool being read
		h.short = k.treeHelp()
	}
	return h
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
	if m.traffic.open {
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

package tui

import (
	"strings"

	"mcpeek/tui/toollist"
)

// layout is the screen's geometry, recomputed on resize and when the full
// help opens or closes. Everything else reads it; nothing measures twice.
type layout struct {
	single        bool // narrow: one pane at a time
	leftW, rightW int
	bodyH         int // rows of the panes, between the title and the bars
	helpH         int // rows of the help at the bottom
	listH         int // rows of the tools list
	treeH         int // rows of the tree or raw text
	rightX        int // first column of the right pane
	wantLeft      int // what the tools pane's longest line needs
}

// Rows above the panes' contents: the title bar, then each pane's own
// title (tools) or header and headline (right pane).
const (
	titleRows      = 1
	listHeadRows   = 1
	viewHeadRows   = 2
	pathBarRows    = 1
	narrowBreak    = 60
	minLeft        = 24
	maxLeft        = 44
	separatorWidth = 1
	wideDesc       = 120
	narrowHelp     = 110 // narrower, the full help takes four taller columns
	wideList       = 120 // from this width, the tools pane may grow past maxLeft
)

func (m *Model) resize(w, h int) {
	m.term.width, m.term.height = max(w, 1), max(h, 1)
	m.look.help.SetWidth(m.term.width)
	m.look.help.FullSeparator = "    "
	if m.term.width < narrowHelp {
		m.look.help.FullSeparator = "  " // four columns in 80 cells
	}
	l := layout{helpH: 1}
	if m.term.showHelp {
		l.helpH = strings.Count(m.fullHelp(), "\n") + 1
	}
	l.bodyH = max(m.term.height-titleRows-pathBarRows-l.helpH, 1)
	if m.term.width < narrowBreak {
		l.single = true
		l.leftW, l.rightW = m.term.width, m.term.width
	} else {
		// The tools pane takes what its longest name wants, up to 44 cells
		// on a small screen and two fifths of a wide one.
		l.wantLeft = m.toolsWant()
		capLeft := maxLeft
		if m.term.width >= wideList {
			capLeft = m.term.width * 2 / 5
		}
		l.leftW = min(max(l.wantLeft, minLeft), capLeft, m.term.width*2/5)
		l.rightW = m.term.width - l.leftW - separatorWidth
		l.rightX = l.leftW + separatorWidth
	}
	l.listH = max(l.bodyH-listHeadRows, 1)
	l.treeH = max(l.bodyH-viewHeadRows, 1)
	m.term.layout = l
	if !m.look.desc.chosen {
		m.look.desc.shown = m.term.width >= wideDesc // a wide screen has room for them
	}
	m.tools.SetHeight(l.listH)
	m.traffic.Resize(m.term.width, l.bodyH)
	m.sizePanes()
}

// toolsWant is the width the tools pane's longest row wants.
func (m *Model) toolsWant() int {
	return m.tools.WantWidth(toollist.View{Styles: &m.styles, Marks: changeMarks{&m.changes}}, m.fleet.servers, m.toolInfoOf)
}

// fitTools lays the screen out again when the tools pane's rows want
// another width (servers listed their tools, marks landed).
func (m *Model) fitTools() {
	if m.term.width >= narrowBreak && m.toolsWant() != m.term.layout.wantLeft {
		m.resize(m.term.width, m.term.height)
	}
}

// sizePanes gives the current tool's panes the room they have.
func (m *Model) sizePanes() {
	if v := m.current; v != nil {
		v.Resize(m.term.layout.rightW, m.term.layout.treeH)
	}
	if p := m.offers.shown; p != nil {
		p.resize(m.term.layout.rightW, m.term.layout.bodyH)
	}
	if p := m.tasks.result; p != nil {
		p.Resize(m.term.width, max(m.term.layout.bodyH-1, 1))
	}
}

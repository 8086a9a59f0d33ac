package tui

import "strings"

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
	m.width, m.height = max(w, 1), max(h, 1)
	m.help.SetWidth(m.width)
	m.help.FullSeparator = "    "
	if m.width < narrowHelp {
		m.help.FullSeparator = "  " // four columns in 80 cells
	}
	l := layout{helpH: 1}
	if m.showHelp {
		l.helpH = strings.Count(m.fullHelp(), "\n") + 1
	}
	l.bodyH = max(m.height-titleRows-pathBarRows-l.helpH, 1)
	if m.width < narrowBreak {
		l.single = true
		l.leftW, l.rightW = m.width, m.width
	} else {
		// The tools pane takes what its longest name wants, up to 44 cells
		// on a small screen and two fifths of a wide one.
		l.wantLeft = m.toolsWant()
		capLeft := maxLeft
		if m.width >= wideList {
			capLeft = m.width * 2 / 5
		}
		l.leftW = min(max(l.wantLeft, minLeft), capLeft, m.width*2/5)
		l.rightW = m.width - l.leftW - separatorWidth
		l.rightX = l.leftW + separatorWidth
	}
	l.listH = max(l.bodyH-listHeadRows, 1)
	l.treeH = max(l.bodyH-viewHeadRows, 1)
	m.layout = l
	if !m.desc.chosen {
		m.desc.shown = m.width >= wideDesc // a wide screen has room for them
	}
	m.tools.height = l.listH
	m.tools.clampOffset()
	m.traffic.Resize(m.width, l.bodyH)
	m.sizePanes()
}

// toolsWant is the width the tools pane's longest row wants.
func (m *Model) toolsWant() int {
	return toolsView{styles: &m.styles, marks: &m.changes}.wantWidth(&m.tools, m.servers, m.info)
}

// fitTools lays the screen out again when the tools pane's rows want
// another width (servers listed their tools, marks landed).
func (m *Model) fitTools() {
	if m.width >= narrowBreak && m.toolsWant() != m.layout.wantLeft {
		m.resize(m.width, m.height)
	}
}

// sizePanes gives the current tool's panes the room they have.
func (m *Model) sizePanes() {
	if v := m.current; v != nil {
		v.Resize(m.layout.rightW, m.layout.treeH)
	}
	if p := m.offers.shown; p != nil {
		p.resize(m.layout.rightW, m.layout.bodyH)
	}
	if p := m.tasks.result; p != nil {
		p.Resize(m.width, max(m.layout.bodyH-1, 1))
	}
}

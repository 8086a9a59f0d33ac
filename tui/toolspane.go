package tui

import (
	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/tui/kit"
	"mcpeek/tui/toollist"
)

// The servers-and-tools pane is package toollist's List; the root hands
// it the servers, what it shows of each tool (m.fleet.info), the offers
// (offerrows.go) and the change marks, and does the actions its keys
// hand back.

// toolInfoOf is what the tools pane shows of the tool with the id.
func (m *Model) toolInfoOf(id string) toollist.Info { return m.fleet.info[id].Info }

// toolsPane draws the servers-and-tools pane.
func (m *Model) toolsPane() string {
	v := toollist.View{Styles: &m.styles, Width: m.term.layout.leftW, Focused: m.term.focus == focusTools,
		Starting: m.fleet.starting, Spinner: m.look.spinner.View(), Marks: changeMarks{&m.changes}}
	return m.tools.View(v, m.fleet.servers, m.toolInfoOf)
}

// toolsKey handles the servers-and-tools pane.
func (m *Model) toolsKey(msg tea.KeyPressMsg) tea.Cmd {
	return m.act(m.tools.Key(msg, &m.keys, m.fleet.servers, m.toolInfoOf))
}

// changeMarks are the change and lint marks as the tools pane draws them.
type changeMarks struct{ c *changeState }

var _ toollist.Marks = changeMarks{}

// Server are the marks after a server's tool count.
func (k changeMarks) Server(s *kit.Styles, server string) []seg { return k.c.serverSegs(s, server) }

// Tool are the marks after a tool's schema mark.
func (k changeMarks) Tool(s *kit.Styles, t model.Tool) []seg { return k.c.toolSegs(s, t) }

// Columns is a column for changes and one for refusals, while some tool
// has one.
func (k changeMarks) Columns() int { return btoi(k.c.anyChange) + btoi(k.c.anyRejected) }

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

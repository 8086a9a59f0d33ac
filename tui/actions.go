package tui

import (
	tea "charm.land/bubbletea/v2"

	"mcpeek/tui/kit"
	"mcpeek/tui/resultview"
)

// act does what a pane or a dialog asked for.
func (m *Model) act(a kit.Action) tea.Cmd {
	switch a := a.(type) {
	case tea.Cmd:
		return a
	case kit.ShowStatus:
		return m.setStatus(a.Text, a.IsErr)
	case kit.Unfold:
		return m.startUnfold(a.U)
	case kit.JumpToField:
		m.dialogs.close()
		return m.jumpTo(a.Hit)
	case kit.ShowField:
		return m.showField(a.Path, a.Envelope)
	case kit.OpenDetails:
		return m.openDetails()
	case kit.StartCopy:
		m.yank = true
	case kit.CloseTraffic:
		m.toggleTraffic()
	case approveTool:
		return m.approveTool(a.op)
	case kit.CloseDialog:
		m.dialogs.close()
	case offerSubmit:
		m.dialogs.close()
		return m.readOffer(a.pane, a.uri, a.prompt, a.args, a.what)
	case kit.CopyText:
		return m.copyText(a.Text, a.What)
	case resultview.Save:
		m.dialogs.close()
		return resultview.SaveFiles(a.Path, a.Result)
	case saveCall:
		return writeCall(a)
	case addAssert:
		return writeAssert(a)
	case assertValue:
		return m.startAssert(a)
	case resultview.Assert: // A on a result's value
		return m.startAssert(assertOn(a.Line, a.Structured))
	case callTool:
		return m.startCall(a)
	case submitCall:
		return m.submitCall(a)
	case editCmd:
		return m.editArgs(a)
	case kit.QuitApp:
		return m.quit()
	case searchLater:
		return m.debounceSearch(a)
	case tryEntry:
		return m.startTry(a.e)
	}
	return nil
}

package tui

import (
	tea "charm.land/bubbletea/v2"

	"mcpeek/tui/dialog"
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
		m.dialogs.Close()
		return m.jumpTo(a.Hit)
	case kit.ShowField:
		return m.showField(a.Path, a.Envelope)
	case kit.OpenDetails:
		return m.openDetails()
	case kit.StartCopy:
		m.clip.yank = true
	case kit.CloseTraffic:
		m.toggleTraffic()
	case approveTool:
		return m.approveTool(a.op)
	case kit.CloseDialog:
		m.dialogs.Close()
	case offerSubmit:
		m.dialogs.Close()
		return m.readOffer(a.pane, a.uri, a.prompt, a.args, a.what)
	case kit.CopyText:
		return m.copyText(a.Text, a.What)
	case resultview.Save:
		m.dialogs.Close()
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
	case kit.ShowSelected:
		return m.showSelected()
	case kit.OpenFieldSearch:
		return m.openFieldSearch()
	case kit.FocusView:
		if m.current != nil {
			m.term.focus = focusView
		}
	case searchLater:
		return m.debounceSearch(a)
	case tryEntry:
		return m.startTry(a.e)
	case dialog.ClientPicked, dialog.InputsGiven:
		return m.registryFlow(a)
	}
	return nil
}

package tui

import (
	tea "charm.land/bubbletea/v2"

	"mcpeek/summarizer/schematree"
	"mcpeek/summarizer/search"
	"mcpeek/tui/resultview"
)

// action is what a pane or a dialog asks of the root model after a key or
// a click, instead of reaching into it: nil for nothing more, a tea.Cmd to
// run, or one of the types below.
type action any

type (
	// showStatus puts a message in the status line for a while.
	showStatus struct {
		text  string
		isErr bool
	}
	// unfold runs a recursive unfold a slice per message (e, L, 1-9).
	unfold struct{ u *schematree.Unfolding }
	// jumpToField shows a field the field search found.
	jumpToField struct{ hit search.Hit }
	// openDetails shows the details of the line under the cursor (i).
	openDetails struct{}
	// showField shows a field of the current tool's output schema in its
	// schema view (enter on a finding of the result view); path is the
	// check's (inside an envelope's data, unless envelope).
	showField struct {
		path     string
		envelope bool
	}
	// startCopy waits for the notation of the path to copy (y).
	startCopy struct{}
	// closeTraffic leaves the traffic screen.
	closeTraffic struct{}
	// closeDialog closes the dialog on top of the dialog stack.
	closeDialog struct{}
	// copyText puts text on the clipboard (Y, a value of a result).
	copyText struct{ text, what string }
	// callTool (call.go) calls a tool with the arguments of the call form.
	// quitApp ends the app.
	quitApp struct{}
)

// act does what a pane or a dialog asked for.
func (m *Model) act(a action) tea.Cmd {
	switch a := a.(type) {
	case tea.Cmd:
		return a
	case showStatus:
		return m.setStatus(a.text, a.isErr)
	case unfold:
		return m.startUnfold(a.u)
	case jumpToField:
		m.dialogs.close()
		return m.jumpTo(a.hit)
	case showField:
		return m.showField(a.path, a.envelope)
	case openDetails:
		return m.openDetails()
	case startCopy:
		m.yank = true
	case closeTraffic:
		m.toggleTraffic()
	case approveTool:
		return m.approveTool(a.op)
	case closeDialog:
		m.dialogs.close()
	case offerSubmit:
		m.dialogs.close()
		return m.readOffer(a.pane, a.uri, a.prompt, a.args, a.what)
	case copyText:
		return m.copyText(a.text, a.what)
	case resultview.Save:
		m.dialogs.close()
		return resultview.SaveFiles(a.Path, a.Result)
	case saveCall:
		return writeCall(a)
	case addAssert:
		return writeAssert(a)
	case assertValue:
		return m.startAssert(a)
	case callTool:
		return m.startCall(a)
	case submitCall:
		return m.submitCall(a)
	case editCmd:
		return m.editArgs(a)
	case quitApp:
		return m.quit()
	case searchLater:
		return m.debounceSearch(a)
	case tryEntry:
		return m.startTry(a.e)
	}
	return nil
}

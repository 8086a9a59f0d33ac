package kit

import (
	"mcpeek/summarizer/schematree"
	"mcpeek/summarizer/search"
)

// Action is what a screen, a pane or a dialog asks of the root model
// after a key or a click, instead of reaching into it: nil for nothing
// more, a tea.Cmd to run, or one of the types below (or a screen's own,
// which the root knows of).
type Action any

type (
	// ShowStatus puts a message in the status line for a while.
	ShowStatus struct {
		Text  string
		IsErr bool
	}
	// Unfold runs a recursive unfold a slice per message (e, L, 1-9).
	Unfold struct{ U *schematree.Unfolding }
	// JumpToField shows a field the field search found.
	JumpToField struct{ Hit search.Hit }
	// OpenDetails shows the details of the line under the cursor (i).
	OpenDetails struct{}
	// ShowField shows a field of the current tool's output schema in its
	// schema view (enter on a finding of the result view); Path is the
	// check's (inside an envelope's data, unless Envelope).
	ShowField struct {
		Path     string
		Envelope bool
	}
	// StartCopy waits for the notation of the path to copy (y).
	StartCopy struct{}
	// CloseTraffic leaves the traffic screen.
	CloseTraffic struct{}
	// CloseDialog closes the dialog on top of the dialog stack.
	CloseDialog struct{}
	// CopyText puts text on the clipboard (Y, a value of a result).
	CopyText struct{ Text, What string }
	// QuitApp ends the app.
	QuitApp struct{}
	// ShowSelected shows what is selected in the servers-and-tools pane
	// in the right pane.
	ShowSelected struct{}
	// OpenFieldSearch opens the search through every tool's fields.
	OpenFieldSearch struct{}
	// FocusView moves the focus to the right pane, if it shows a tool.
	FocusView struct{}
)

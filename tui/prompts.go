package tui

import (
	"mcpeek/mcpclient"
	"mcpeek/tui/dialog"
)

// A server may ask the user something while it works: information
// (elicitation) or an LLM reply (sampling). The Manager publishes each
// request as an event (mcpclient.WithRequestEvents), the bridge hands it to
// the model, and a dialog answers it through the request it carries; a
// request that ends first closes its dialog. No goroutine waits on the
// program.

// elicitAskedMsg is an elicitation waiting for the user's answer.
type elicitAskedMsg struct {
	req *mcpclient.PendingElicitation
}

// samplingAskedMsg is a sampling request waiting for the user's answer.
type samplingAskedMsg struct {
	req *mcpclient.PendingSampling
}

// requestEndedMsg says a request ended before the user answered
// (withdrawn, timed out, disconnected): its dialog closes.
type requestEndedMsg struct {
	ev mcpclient.Event
}

// promptDialog is a dialog that answers a server's request.
type promptDialog interface {
	dialog.Dialog
	// Answers reports whether the dialog answers the request ev ends.
	Answers(ev mcpclient.Event) bool
}

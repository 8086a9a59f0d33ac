package tui

import (
	tea "charm.land/bubbletea/v2"

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

// promptMsg opens and closes the prompts' dialogs.
func (m *Model) promptMsg(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case elicitAskedMsg:
		d := dialog.NewElicit(msg.req, m.formLook())
		m.dialogs.Open(d)
		return d.Started(), true
	case samplingAskedMsg:
		d := dialog.NewSampling(msg.req, m.formLook())
		m.dialogs.Open(d)
		return d.Started(), true
	case requestEndedMsg:
		for _, p := range dialog.Each[promptDialog](&m.dialogs) {
			if p.Answers(msg.ev) {
				m.dialogs.Remove(p)
				return m.setStatus("the server withdrew its request ("+msg.ev.Err+")", false), true
			}
		}
		return nil, true
	}
	return nil, false
}

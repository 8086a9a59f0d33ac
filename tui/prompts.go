package tui

import (
	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient"
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
	dialog
	// answers reports whether the dialog answers the request ev ends.
	answers(ev mcpclient.Event) bool
}

// promptMsg opens and closes the prompts' dialogs.
func (m *Model) promptMsg(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case elicitAskedMsg:
		d := newElicitDialog(msg.req, m.formLook())
		m.dialogs.open(d)
		return d.form.Started(), true
	case samplingAskedMsg:
		d := newSamplingDialog(msg.req, m.formLook())
		m.dialogs.open(d)
		return d.form.Started(), true
	case requestEndedMsg:
		for _, d := range m.dialogs.stack {
			if p, ok := d.(promptDialog); ok && p.answers(msg.ev) {
				m.dialogs.remove(d)
				return m.setStatus("the server withdrew its request ("+msg.ev.Err+")", false), true
			}
		}
		return nil, true
	}
	return nil, false
}

// remove closes dialog d wherever it is in the stack.
func (ds *dialogs) remove(d dialog) {
	for i, x := range ds.stack {
		if x == d {
			ds.stack = append(ds.stack[:i], ds.stack[i+1:]...)
			return
		}
	}
}

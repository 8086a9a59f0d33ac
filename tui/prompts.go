package tui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient"
)

// A server may ask the user something while it works: information
// (elicitation) or an LLM reply (sampling). The explorer answers through
// dialogs: the Manager's handler, on a goroutine of its own, sends the
// request into the program and waits for the dialog's answer on a channel,
// or for the request to end, which closes the dialog.

// prompter is a Backend that passes servers' requests to the user (an
// mcpclient.Manager).
type prompter interface {
	SetElicitationHandler(h mcpclient.ElicitationHandler)
	SetSamplingHandler(h mcpclient.SamplingHandler)
}

// AnswerPrompts makes the explorer answer the servers' elicitation and
// sampling requests, with send the program's Send. Call it once the
// program exists, before it runs; a Backend that cannot pass requests on
// is left alone.
func (m *Model) AnswerPrompts(send func(tea.Msg)) {
	p, ok := m.backend.(prompter)
	if !ok {
		return
	}
	p.SetElicitationHandler(elicitHandler(send))
	p.SetSamplingHandler(samplingHandler(send))
}

// elicitAskedMsg is an elicitation waiting for the user's answer on reply.
type elicitAskedMsg struct {
	ask   mcpclient.Elicitation
	reply chan<- mcpclient.ElicitAnswer // buffered: an answer never blocks
}

// samplingAskedMsg is a sampling request waiting for the user on reply.
type samplingAskedMsg struct {
	ask   mcpclient.SamplingRequest
	reply chan<- mcpclient.SamplingReply // buffered
}

// promptEndedMsg says the request answered on reply ended before the user
// answered (withdrawn, timed out, disconnected): its dialog closes.
type promptEndedMsg struct {
	reply any
	err   error
}

func elicitHandler(send func(tea.Msg)) mcpclient.ElicitationHandler {
	return func(ctx context.Context, e mcpclient.Elicitation) (mcpclient.ElicitAnswer, error) {
		return askUser(ctx, send, func(reply chan<- mcpclient.ElicitAnswer) tea.Msg {
			return elicitAskedMsg{ask: e, reply: reply}
		}, mcpclient.ElicitAnswer{Action: mcpclient.ElicitCancel})
	}
}

func samplingHandler(send func(tea.Msg)) mcpclient.SamplingHandler {
	return func(ctx context.Context, r mcpclient.SamplingRequest) (mcpclient.SamplingReply, error) {
		return askUser(ctx, send, func(reply chan<- mcpclient.SamplingReply) tea.Msg {
			return samplingAskedMsg{ask: r, reply: reply}
		}, mcpclient.SamplingReply{Decline: true})
	}
}

// askUser sends the message asked builds into the program and waits for
// the answer on its reply channel, or for ctx to end: then the dialog is
// told to close, and ended is the answer.
func askUser[A any](ctx context.Context, send func(tea.Msg), asked func(reply chan<- A) tea.Msg, ended A) (A, error) {
	reply := make(chan A, 1) // an answer never blocks the dialog
	send(asked(reply))
	select {
	case a := <-reply:
		return a, nil
	case <-ctx.Done():
		send(promptEndedMsg{reply: (chan<- A)(reply), err: ctx.Err()})
		return ended, ctx.Err()
	}
}

// promptDialog is a dialog that answers a request on a channel.
type promptDialog interface {
	dialog
	answers(reply any) bool
}

// promptMsg opens and closes the prompts' dialogs.
func (m *Model) promptMsg(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case elicitAskedMsg:
		d := newElicitDialog(msg.ask, msg.reply, m.formLook())
		m.overlay.open(d)
		return d.form.started(), true
	case samplingAskedMsg:
		d := newSamplingDialog(msg.ask, msg.reply, m.formLook())
		m.overlay.open(d)
		return d.form.started(), true
	case promptEndedMsg:
		for _, d := range m.overlay.stack {
			if p, ok := d.(promptDialog); ok && p.answers(msg.reply) {
				m.overlay.remove(d)
				return m.setStatus("the server withdrew its request ("+msg.err.Error()+")", false), true
			}
		}
		return nil, true
	}
	return nil, false
}

// remove closes dialog d wherever it is in the stack.
func (o *overlay) remove(d dialog) {
	for i, x := range o.stack {
		if x == d {
			o.stack = append(o.stack[:i], o.stack[i+1:]...)
			return
		}
	}
}

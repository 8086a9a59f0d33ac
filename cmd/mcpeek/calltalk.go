package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"mcpeek/mcpclient"
	"mcpeek/mcpclient/elicitline"
	"mcpeek/mcpclient/oauth"
	"mcpeek/model"
	"mcpeek/model/toolargs"
)

// callTalk is how `mcpeek call` answers a server that asks something in
// the middle of a call, and shows the call's progress:
//
//   - an elicitation is asked on the terminal when stdin is one, unless
//     --elicit answers it (accept fills the requested schema's defaults);
//     otherwise it is declined;
//   - a sampling request is declined unless --sampling gives the reply;
//   - progress reports are shown on stderr when it is a terminal.
//
// What the server asked, and the answer, is noted on stderr.
type callTalk struct {
	elicit   string
	sampling string

	a      *app
	cmd    *cobra.Command
	tty    *ttyLines // stderr when it is a terminal, else nil
	in     *elicitline.Lines
	asking sync.Mutex // one elicitation asked at a time
}

func (t *callTalk) register(cmd *cobra.Command) {
	t.cmd = cmd
	cmd.Flags().StringVar(&t.elicit, "elicit", "",
		"Answer the server's elicitations with accept (the requested schema's defaults), decline or cancel, instead of asking on the terminal (without a terminal: decline)")
	cmd.Flags().StringVar(&t.sampling, "sampling", "",
		"Reply to the server's sampling requests (LLM completions it asks for) with this text; without it they are declined")
}

// options are the Manager options that answer the server.
func (t *callTalk) options(a *app) ([]mcpclient.Option, error) {
	t.a = a
	if f, ok := a.stderr.(*os.File); ok && isTerminal(f) {
		t.tty = &ttyLines{w: a.stderr}
	}
	elicit := t.ask
	if t.elicit != "" {
		action, err := mcpclient.ParseElicitAction(t.elicit)
		if err != nil {
			return nil, usageError("--elicit: %v", err)
		}
		elicit = t.answerWith(action, "--elicit "+t.elicit)
	} else if f, ok := a.stdin.(*os.File); !ok || !isTerminal(f) {
		elicit = t.answerWith(mcpclient.ElicitDecline, "no terminal to ask on; answer with --elicit accept|decline|cancel")
	}
	sample := t.decline
	if t.cmd.Flags().Changed("sampling") {
		sample = t.reply
	}
	return []mcpclient.Option{mcpclient.WithElicitationHandler(elicit), mcpclient.WithSamplingHandler(sample)}, nil
}

// callOptions shows progress on a terminal, and a task's status changes
// on stderr.
func (t *callTalk) callOptions(ref toolRef) mcpclient.CallOptions {
	name := clean(ref.server + "." + ref.tool)
	opts := mcpclient.CallOptions{OnTask: func(task mcpclient.Task) {
		t.note(fmt.Sprintf("%s: task %s %s", name, task.ID, task.Line()))
	}}
	if t.tty != nil {
		opts.Progress = func(p mcpclient.Progress) {
			t.tty.status(fmt.Sprintf("%s: %s", name, p.Line()))
		}
	}
	return opts
}

// done clears the progress line.
func (t *callTalk) done() {
	if t.tty != nil {
		t.tty.status("")
	}
}

// answerWith answers every elicitation with action, saying so.
func (t *callTalk) answerWith(action mcpclient.ElicitAction, why string) mcpclient.ElicitationHandler {
	answer := mcpclient.ElicitWith(action)
	return func(ctx context.Context, e mcpclient.Elicitation) (mcpclient.ElicitAnswer, error) {
		a, err := answer(ctx, e)
		if err != nil {
			return a, err
		}
		what := string(action)
		if e.Mode == "url" {
			// Shown, never opened: there is no one to ask.
			what = "url " + e.URL + " (not opened) — " + what
		} else if action == mcpclient.ElicitAccept {
			what = elicitline.Accepted(e, a.Content)
		}
		t.note(fmt.Sprintf("%s asks: %s — %s (%s)", e.Server, elicitline.Echoed(oneLine(e.Message)), what, why))
		return a, nil
	}
}

// decline and reply answer sampling requests.
func (t *callTalk) decline(_ context.Context, r mcpclient.SamplingRequest) (mcpclient.SamplingReply, error) {
	t.note(fmt.Sprintf("%s asks for an LLM completion of %q — declined (reply with --sampling TEXT)", r.Server, r.LastMessage()))
	return mcpclient.SamplingReply{Decline: true}, nil
}

func (t *callTalk) reply(_ context.Context, r mcpclient.SamplingRequest) (mcpclient.SamplingReply, error) {
	t.note(fmt.Sprintf("%s asks for an LLM completion of %q — replied with --sampling", r.Server, r.LastMessage()))
	return mcpclient.SamplingReply{Text: t.sampling}, nil
}

func (t *callTalk) note(msg string) {
	if t.tty != nil {
		t.tty.status("")
	}
	t.a.note(msg)
}

// ask asks an elicitation on the terminal, one question a line: first
// whether to answer, then each field (an empty line keeps the default).
// Elicitations are asked one at a time; the end of input cancels.
func (t *callTalk) ask(ctx context.Context, e mcpclient.Elicitation) (mcpclient.ElicitAnswer, error) {
	t.asking.Lock()
	defer t.asking.Unlock()
	if t.tty != nil {
		t.tty.mu.Lock() // no progress line while asking
		defer t.tty.mu.Unlock()
		t.tty.clearLocked()
	}
	if t.in == nil {
		t.in = elicitline.NewLines(t.a.stdin)
	}
	if e.Mode == "url" {
		return elicitline.AskURL(ctx, t.in, t.a.stderr, e, oauth.OpenBrowser)
	}
	return elicitline.AskForm(ctx, t.in, t.a.stderr, e)
}

// ttyLines draws one status line on a terminal, redrawn in place.
type ttyLines struct {
	w     io.Writer
	mu    sync.Mutex
	shown bool
}

// status replaces the status line with s ("" clears it).
func (t *ttyLines) status(s string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.clearLocked()
	if s != "" {
		fmt.Fprint(t.w, clean(s))
		t.shown = true
	}
}

func (t *ttyLines) clearLocked() {
	if t.shown {
		fmt.Fprint(t.w, "\r\x1b[K")
		t.shown = false
	}
}

// readArgs reads --args: a JSON object given inline, from a file (@FILE) or
// from stdin (-).
func (a *app) readArgs(spec string) (json.RawMessage, error) {
	var (
		raw []byte
		err error
	)
	switch {
	case spec == "-":
		raw, err = io.ReadAll(a.stdin)
	case strings.HasPrefix(spec, "@"):
		raw, err = os.ReadFile(spec[1:])
	default:
		raw = []byte(spec)
	}
	if err != nil {
		return nil, fmt.Errorf("--args %s: %w", spec, err)
	}
	if why := toolargs.WhyNotAnObject(raw); why != "" {
		from := "--args"
		if spec == "-" || strings.HasPrefix(spec, "@") {
			from += " " + spec
		}
		return nil, usageError("%s %s: give a JSON object, like '{\"id\": 1}' (or @FILE, or - for stdin)", from, why)
	}
	return raw, nil
}

func oneLine(s string) string { return model.SanitizeLine(s) }

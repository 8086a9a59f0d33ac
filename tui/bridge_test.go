package tui

import (
	"context"
	"io"
	"reflect"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient"
)

// The bridge sends each of the Manager's events as its message, in the
// order the Manager published them, and returns when the events close.
func TestBridgeKeepsTheManagersOrder(t *testing.T) {
	t.Parallel()
	ask, _ := pendingElicitation(mcpclient.Elicitation{Server: "a"})
	sample, _ := pendingSampling(mcpclient.SamplingRequest{Server: "b"})
	events := []mcpclient.Event{
		{Kind: mcpclient.EventWarning, Text: "w1"},
		{Kind: mcpclient.EventWarning, Text: "w2"},
		{Kind: mcpclient.EventStateChanged, Server: "a"},
		{Kind: mcpclient.EventLoginURL, Server: "a", URL: "https://auth.example.com/x"},
		{Kind: mcpclient.EventElicitation, Server: "a", Elicitation: ask},
		{Kind: mcpclient.EventSampling, Server: "b", Sampling: sample},
		{Kind: mcpclient.EventToolsChanged, Server: "b"},
		{Kind: mcpclient.EventRequestEnded, Server: "a", Elicitation: ask, Err: "context canceled"},
		{Kind: mcpclient.EventLog, Server: "b"},
	}
	want := []tea.Msg{
		warningMsg{text: "w1"},
		warningMsg{text: "w2"},
		ServerChangedMsg{Server: "a"},
		loginURLMsg{server: "a", url: "https://auth.example.com/x"},
		elicitAskedMsg{req: ask},
		samplingAskedMsg{req: sample},
		ServerChangedMsg{Server: "b"},
		requestEndedMsg{ev: events[7]},
		ServerChangedMsg{Server: "b"},
	}
	ch := make(chan mcpclient.Event)
	var got []tea.Msg
	done := make(chan struct{})
	go func() {
		defer close(done)
		forward(ch, nil, nil, func(msg tea.Msg) { got = append(got, msg) })
	}()
	for _, e := range events {
		ch <- e
	}
	close(ch)
	<-done
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the bridge sent\n%#v\nwant\n%#v", got, want)
	}
}

// The explorer as main runs it: a Manager with request events, the bridge
// and a program. A server's request waits in its dialog when the user
// quits: the Manager then closes, which ends the request's call and the
// bridge (no goroutine left waiting on the program), and an answer given
// after all that is dropped without blocking.
func TestQuitWithARequestWaiting(t *testing.T) {
	t.Parallel()
	mgr := askingManager(t)
	m := New(Options{StateDir: stateDir(t), Backend: mgr, Started: true, NoColor: true})
	p := tea.NewProgram(m, tea.WithInput(nil), tea.WithOutput(io.Discard), tea.WithoutSignals(), tea.WithWindowSize(80, 24))
	asked := make(chan *mcpclient.PendingElicitation, 1)
	bridged := make(chan struct{})
	go func() {
		defer close(bridged)
		m.ForwardEvents(mgr.Events(), func(msg tea.Msg) {
			if a, ok := msg.(elicitAskedMsg); ok {
				asked <- a.req
			}
			p.Send(msg)
		})
	}()
	ran := make(chan error, 1)
	go func() {
		_, err := p.Run()
		ran <- err
	}()
	called := make(chan error, 1)
	go func() {
		_, err := mgr.CallTool(context.Background(), "caps", "ask", nil)
		called <- err
	}()

	within := func(what string, ch <-chan struct{}) {
		t.Helper()
		select {
		case <-ch:
		case <-time.After(30 * time.Second): // a bound for a hang, not a timing
			t.Fatalf("%s never happened", what)
		}
	}
	var req *mcpclient.PendingElicitation
	got := make(chan struct{})
	go func() { req = <-asked; close(got) }()
	within("the request reaching the program", got)
	p.Quit()
	quit := make(chan struct{})
	go func() { <-ran; close(quit) }()
	within("the program quitting", quit)

	closed := make(chan struct{})
	go func() { m.Close(); mgr.Close(); close(closed) }()
	within("the Manager closing", closed)
	within("the bridge returning", bridged)
	ended := make(chan struct{})
	go func() {
		if err := <-called; err == nil {
			t.Error("the unanswered request's call succeeded")
		}
		close(ended)
	}()
	within("the request's call ending", ended)
	answered := make(chan struct{})
	go func() { req.Answer(mcpclient.ElicitAnswer{Action: mcpclient.ElicitAccept}); close(answered) }()
	within("a late answer returning", answered)
}

// The config's warnings come as the Manager's events: the status line says
// the first, over the notes given at start, as it did when they were
// notes; the others do not replace it.
func TestFirstWarningInTheStatusLine(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 80, 24)
	h.send(eventMsg(mcpclient.Event{Kind: mcpclient.EventWarning, Text: "/tmp/mcp.json: server \"x\": ${TOKEN} is not set"}))
	h.send(eventMsg(mcpclient.Event{Kind: mcpclient.EventWarning, Text: "second"}))
	if want := "warning: /tmp/mcp.json: server \"x\": ${TOKEN} is not set"; h.m.status.text != want || h.m.status.isErr {
		t.Errorf("status %q (error %v), want %q", h.m.status.text, h.m.status.isErr, want)
	}
}

// What a call under way reports reaches the program through the bridge,
// in order, and a post never blocks the client: past reportBuffer waiting
// reports, the newest is dropped.
func TestBridgeForwardsCallReports(t *testing.T) {
	t.Parallel()
	r := newReports()
	for i := range reportBuffer + 5 {
		r.post(callProgressMsg{tool: "demo.echo", ticket: 1, progress: mcpclient.Progress{Progress: float64(i)}})
	}
	events := make(chan mcpclient.Event)
	sent := make(chan tea.Msg)
	go forward(events, nil, r, func(msg tea.Msg) { sent <- msg })
	for i := range reportBuffer {
		if got := (<-sent).(callProgressMsg).progress.Progress; got != float64(i) {
			t.Fatalf("report %d came as %v", i, got)
		}
	}
	r.post(callTaskMsg{tool: "demo.echo", ticket: 1, task: mcpclient.Task{ID: "t-1"}})
	if got := (<-sent).(callTaskMsg).task.ID; got != "t-1" {
		t.Fatalf("the task report came as %q", got)
	}
	close(events)
}

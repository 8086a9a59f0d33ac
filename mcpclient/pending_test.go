package mcpclient

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// nextEvent reads events until one of kind comes, failing after waitLimit.
func nextEvent(t *testing.T, events <-chan Event, kind EventKind) Event {
	t.Helper()
	timeout := time.After(waitLimit)
	for {
		select {
		case e, open := <-events:
			if !open {
				t.Fatalf("the events closed before a %s event", kind)
			}
			if e.Kind == kind {
				return e
			}
		case <-timeout:
			t.Fatalf("no %s event", kind)
		}
	}
}

// With WithRequestEvents, a server's requests reach the reader of the
// events, which answers through the event itself; the config's warnings
// come first, in their order.
func TestRequestsAreEventsAnsweredThroughThem(t *testing.T) {
	t.Parallel()
	cfg := Config{Warnings: []string{"first \x1b[31mwarning", "second warning"}}
	m := startManager(t, cfg, WithInProcess("inproc", capsServer(func() {})), WithRequestEvents())
	events := m.Events()
	for _, want := range []string{"first warning", "second warning"} {
		if e := <-events; e.Kind != EventWarning || e.Text != want || e.Server != "" {
			t.Fatalf("event %+v, want the warning %q", e, want)
		}
	}

	type called struct {
		text string
		err  error
	}
	call := func(tool string) <-chan called {
		done := make(chan called, 1)
		go func() {
			res, err := m.CallTool(context.Background(), "inproc", tool, nil)
			if err != nil {
				done <- called{err: err}
				return
			}
			done <- called{text: res.Text}
		}()
		return done
	}

	asked := call("ask")
	e := nextEvent(t, events, EventElicitation)
	if e.Server != "inproc" || e.Elicitation == nil || e.Elicitation.Ask.Message != "Who are you?" || e.Sampling != nil {
		t.Fatalf("elicitation event %+v", e)
	}
	e.Elicitation.Answer(ElicitAnswer{Action: ElicitAccept, Content: map[string]any{"alpha": 7}})
	e.Elicitation.Answer(ElicitAnswer{Action: ElicitDecline}) // a second answer is dropped
	if got := <-asked; got.err != nil || !strings.Contains(got.text, `"action":"accept"`) || !strings.Contains(got.text, `"alpha":7`) {
		t.Errorf("ask = %+v", got)
	}

	sampled := call("sample")
	e = nextEvent(t, events, EventSampling)
	if e.Server != "inproc" || e.Sampling == nil || len(e.Sampling.Ask.Messages) != 1 || e.Sampling.Ask.Messages[0].Text != "say hi" {
		t.Fatalf("sampling event %+v", e)
	}
	e.Sampling.Answer(SamplingReply{Text: "hi there"})
	if got := <-sampled; got.err != nil || !strings.Contains(got.text, "hi there") {
		t.Errorf("sample = %+v", got)
	}
}

// A request that ends unanswered (here its call times out) is followed by
// an EventRequestEnded for the same request, after it; an answer given
// then is dropped without blocking.
func TestAnUnansweredRequestEndsByEvent(t *testing.T) {
	t.Parallel()
	m := startManager(t, Config{}, WithInProcess("inproc", capsServer(func() {})), WithRequestEvents())
	events := m.Events()
	done := make(chan error, 1)
	go func() {
		_, err := m.CallToolWith(context.Background(), "inproc", "ask-direct", nil, CallOptions{Timeout: 100 * time.Millisecond})
		done <- err
	}()
	asked := nextEvent(t, events, EventElicitation)
	ended := nextEvent(t, events, EventRequestEnded)
	if ended.Elicitation != asked.Elicitation || ended.Server != "inproc" || ended.Err == "" {
		t.Errorf("ended %+v for %p", ended, asked.Elicitation)
	}
	if err := <-done; !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("ask-direct = %v", err)
	}
	asked.Elicitation.Answer(ElicitAnswer{Action: ElicitAccept})
	asked.Elicitation.Answer(ElicitAnswer{Action: ElicitAccept})
}

// Closing the Manager ends the requests still waiting for the user (their
// handlers return) and closes the events; answering afterwards never
// blocks.
func TestCloseEndsWaitingRequests(t *testing.T) {
	t.Parallel()
	m, err := NewManager(Config{}, WithInProcess("inproc", capsServer(func() {})), WithRequestEvents())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	if err := m.Start(ctx); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := m.CallTool(context.Background(), "inproc", "ask-direct", nil)
		done <- err
	}()
	asked := nextEvent(t, m.Events(), EventElicitation)
	closed := make(chan struct{})
	go func() {
		m.Close()
		close(closed)
	}()
	select {
	case <-closed:
	case <-ctx.Done():
		t.Fatal("Close waited for the unanswered request")
	}
	select {
	case err := <-done:
		if err == nil {
			t.Error("the call of an unanswered request succeeded")
		}
	case <-ctx.Done():
		t.Fatal("the call of an unanswered request never returned")
	}
	for range m.Events() {
	}
	asked.Elicitation.Answer(ElicitAnswer{Action: ElicitAccept})
}

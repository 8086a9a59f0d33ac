package mcpclient

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/server"

	"mcpeek/model"
)

func TestStillStartingAndTheWaitingNote(t *testing.T) {
	var logins LoginsPending
	logins.Add("remote")
	waiting, loggingIn, ready := StillStarting([]model.Server{
		{Name: "slow", State: model.StateStarting},
		{Name: "remote", State: model.StateStarting},
		{Name: "shop", State: model.StateConnected},
		{Name: "dead", State: model.StateError},
	}, logins.Has)
	if strings.Join(waiting, ",") != "slow" || strings.Join(loggingIn, ",") != "remote" || strings.Join(ready, ",") != "shop" {
		t.Fatalf("waiting %v, logging in %v, ready %v", waiting, loggingIn, ready)
	}
	want := "waiting for slow to connect (giving up after 30s: --connect-timeout); to skip it, name the servers you need (ready: shop) or lower --connect-timeout"
	if got := WaitingNote(waiting, ready, 30*time.Second); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	want = "waiting for a, b to connect (giving up after 1m0s: --connect-timeout); to skip them, name the servers you need (as in mcpeek servers SERVER...) or lower --connect-timeout"
	if got := WaitingNote([]string{"a", "b"}, nil, time.Minute); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestNoteAfterStoppedFirstSaysNothing(t *testing.T) {
	noted := false
	stop := NoteAfter(time.Hour, func() { noted = true })
	stop()
	stop()
	if noted {
		t.Error("noted after being stopped")
	}
	done := make(chan struct{})
	stop = NoteAfter(0, func() { close(done) })
	<-done
	stop()
}

// While every server is done within the grace, servers are shown in the
// config's order; the grace is an hour so that a slow machine cannot
// change the order.
func TestEachServerDoneShowsInConfigOrder(t *testing.T) {
	t.Parallel()
	m := startManager(t, Config{},
		WithInProcess("c", server.NewMCPServer("c", "1", server.WithToolCapabilities(true))),
		WithInProcess("a", server.NewMCPServer("a", "1", server.WithToolCapabilities(true))))
	var shown []string
	m.EachServerDone(context.Background(), time.Hour, func() { t.Error("late") }, func(s model.Server) { shown = append(shown, s.Name) })
	if got := strings.Join(shown, ", "); got != strings.Join(ServerNames(m.Servers()), ", ") || len(shown) != 2 {
		t.Errorf("shown %s, servers %v", got, ServerNames(m.Servers()))
	}
}

package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// updatedNote is a notifications/resources/updated for uri.
func updatedNote(uri string) mcp.JSONRPCNotification {
	return mcp.JSONRPCNotification{JSONRPC: mcp.JSONRPC_VERSION, Notification: mcp.Notification{
		Method: string(mcp.MethodNotificationResourceUpdated), Params: mcp.NotificationParams{AdditionalFields: map[string]any{"uri": uri}}}}
}

// TestResourceUpdateFlood: a server floods notifications/resources/updated.
// Through the real bridge, each message taken as the program takes it
// (Filter, then Update and a frame), the explorer refreshes once for the
// resource it subscribed to however many updates came (until enter reads
// it, after which the next update refreshes again), never for a resource
// it did not subscribe to, even one the Manager is subscribed to for
// someone else (a client of the background gateway), nor for the hundreds
// nobody subscribed to.
func TestResourceUpdateFlood(t *testing.T) {
	t.Parallel()
	srv := offersServer(4, 1, 0)
	sessions := make(chan server.ClientSession, 1)
	hooks := &server.Hooks{}
	hooks.AddOnRegisterSession(func(_ context.Context, s server.ClientSession) {
		select {
		case sessions <- s:
		default:
		}
	})
	server.WithHooks(hooks)(srv)
	h, mgr := offersHarness(t, srv, 120, 30)
	for _, name := range []string{"r0", "r1", "r3"} {
		h.selectOffer("resource", name+"\x1b[31mred\x1b]0;title\a")
		h.keys("u")
	}
	// Someone else's subscription: the explorer did not ask for it.
	if err := mgr.SubscribeResource(context.Background(), "o", "mem://r/2"); err != nil {
		t.Fatal(err)
	}
	notes := (<-sessions).NotificationChannel()

	// The program: the bridge sends, one message at a time.
	msgs, done := make(chan tea.Msg), make(chan struct{})
	t.Cleanup(func() { close(done) })
	go forward(mgr.Events(), nil, nil, func(msg tea.Msg) {
		select {
		case msgs <- msg:
		case <-done:
		}
	})
	refreshes := map[string]int{}
	frames := 0
	// take runs the program until an update of last passes the filter.
	take := func(last string) {
		t.Helper()
		timeout := time.After(10 * time.Second)
		for {
			var msg tea.Msg
			select {
			case msg = <-msgs:
			case <-timeout:
				t.Fatalf("no update of %s reached the explorer (refreshes %v)", last, refreshes)
			}
			if msg = Filter(h.m, msg); msg == nil {
				continue
			}
			u, isUpdate := msg.(ResourceUpdatedMsg)
			if isUpdate {
				// By resource: the Manager's queue may let an update of
				// a part come first.
				refreshes[strings.TrimSuffix(u.URI, "/part")]++
			}
			h.send(msg)
			h.m.View()
			frames++
			if isUpdate && u.URI == last {
				return
			}
		}
	}

	for i := range 300 {
		notes <- updatedNote(fmt.Sprintf("mem://flood/%d", i))
		notes <- updatedNote("mem://r/1")
		notes <- updatedNote("mem://r/2")
	}
	notes <- updatedNote("mem://r/3")
	take("mem://r/3")
	if len(refreshes) != 2 || refreshes["mem://r/1"] != 1 || refreshes["mem://r/3"] != 1 {
		t.Errorf("refreshes %v, want one of mem://r/1 and one of mem://r/3 (%d frames)", refreshes, frames)
	}
	so := h.m.offers.get("o")
	if !so.marks.Changed("mem://r/1") || so.marks.Changed("mem://r/2") {
		t.Errorf("marks: r/1 changed %v, r/2 changed %v", so.marks.Changed("mem://r/1"), so.marks.Changed("mem://r/2"))
	}

	// Read again, r/1 refreshes at its next update.
	h.selectOffer("resource", "r1\x1b[31mred\x1b]0;title\a")
	h.keys("enter")
	if so.marks.Changed("mem://r/1") {
		t.Fatal("enter did not clear the mark")
	}
	clear(refreshes)
	notes <- updatedNote("mem://r/1")
	notes <- updatedNote("mem://r/1/part") // a part of it
	notes <- updatedNote("mem://r/3")      // marked still
	notes <- updatedNote("mem://r/1")
	notes <- updatedNote("mem://r/0")
	take("mem://r/0")
	if len(refreshes) != 2 || refreshes["mem://r/1"] != 1 || !so.marks.Changed("mem://r/1") {
		t.Errorf("after a read: refreshes %v, want one of mem://r/1 and one of mem://r/0", refreshes)
	}
}

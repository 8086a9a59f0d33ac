package tui

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/server"

	"mcpeek/mcpclient"
)

// TestSubscriptionEndedShown: a subscription the server's new connection
// refuses loses its mark, and the status line says why.
func TestSubscriptionEndedShown(t *testing.T) {
	t.Parallel()
	srv := offersServer(2, 1, 0)
	h, mgr := offersHarness(t, srv, 120, 30)
	h.selectOffer("resource", "r1\x1b[31mred\x1b]0;title\a")
	h.keys("u")
	so := h.m.offers.get("o")
	if !so.marks.Subscribed("mem://r/1") {
		t.Fatalf("not subscribed:\n%s", h.screen())
	}
	server.WithResourceCapabilities(false, false)(srv)
	if _, err := mgr.ReconnectWait(context.Background(), "o"); err != nil {
		t.Fatal(err)
	}
	deadline := time.After(10 * time.Second)
	for ended := false; !ended; {
		select {
		case ev := <-mgr.Events():
			if ev.Kind == mcpclient.EventSubscriptionEnded {
				h.send(eventMsg(ev))
				ended = true
			}
		case <-deadline:
			t.Fatal("no subscription-ended event")
		}
	}
	if so.marks.Subscribed("mem://r/1") || !h.m.status.isErr ||
		!strings.Contains(h.m.status.text, "updates of mem://r/1 stopped") {
		t.Errorf("the end is not shown (status %q, subscribed %v)", h.m.status.text, so.marks.Subscribed("mem://r/1"))
	}
}

package tui

import (
	"context"
	"strings"
	"testing"

	"mcpeek/mcpclient"
	"mcpeek/model"
)

// loginBackend is a fake Backend whose remote server needs a login; Login
// records the request and connects the server.
type loginBackend struct {
	*fakeBackend
	logins []string
}

func (b *loginBackend) Login(_ context.Context, name string) error {
	b.logins = append(b.logins, name)
	for i := range b.servers {
		if b.servers[i].Name == name {
			b.servers[i].State = model.StateConnected
		}
	}
	return nil
}

// A server that needs a login shows that state and how to log in; r logs
// in (not a plain reconnect); the login page the Manager asks for is shown
// in the server pane until the login ends.
func TestNeedsLoginServerLogsInWithR(t *testing.T) {
	t.Parallel()
	fb := demoBackend(t)
	fb.servers = append(fb.servers, model.Server{Name: "remote", Source: "/tmp/mcp.json", Transport: model.TransportStreamableHTTP,
		State: model.StateNeedsLogin, Err: "needs login: run mcpeek auth login remote"})
	b := &loginBackend{fakeBackend: fb}
	h := newHarness(t, b, 100, 30)
	h.keys("G")
	if srv, ok := h.m.selectedServer(); !ok || srv.Name != "remote" {
		t.Fatalf("G selected %+v", srv)
	}
	scr := h.screen()
	for _, want := range []string{"⊘ remote", "login", "r logs in (opens your browser)"} {
		if !strings.Contains(scr, want) {
			t.Errorf("the screen lacks %q:\n%s", want, scr)
		}
	}
	h.send(eventMsg(mcpclient.Event{Kind: mcpclient.EventLoginURL, Server: "remote", URL: "https://auth.example.com/authorize?client_id=x"}))
	if !strings.Contains(h.screen(), "https://auth.example.com/authorize?client_id=x") {
		t.Errorf("the login page is not shown:\n%s", h.screen())
	}
	h.keys("r")
	if len(b.logins) != 1 || b.logins[0] != "remote" || len(fb.reconnects) != 0 {
		t.Fatalf("r: logins %v, reconnects %v", b.logins, fb.reconnects)
	}
	if scr := h.screen(); !strings.Contains(scr, "remote: logged in") || strings.Contains(scr, "auth.example.com") {
		t.Errorf("after the login:\n%s", scr)
	}
}

// While servers connect, the cursor the explorer put on a first tool
// follows the first tool of the list: a server listed above the one that
// answered first does not leave the list scrolled to its end.
func TestLandingFollowsTheFirstToolWhileServersConnect(t *testing.T) {
	t.Parallel()
	tools := demoBackend(t).servers[0].Tools
	small := append([]model.Tool(nil), tools[:2]...)
	for i := range small {
		small[i].Server = "small"
	}
	b := &fakeBackend{servers: []model.Server{
		{Name: "big", State: model.StateStarting},
		{Name: "small", State: model.StateConnected, Tools: small},
	}}
	h := newHarness(t, b, 100, 30)
	if tool, ok := h.m.selectedTool(); !ok || tool.Server != "small" {
		t.Fatalf("landed on %s.%s", tool.Server, tool.Name)
	}
	big := append([]model.Tool(nil), tools[2:]...)
	for i := range big {
		big[i].Server = "big"
	}
	// A fresh snapshot, as the Manager hands out: the explorer's copy is
	// not changed behind its back.
	b.servers = []model.Server{{Name: "big", State: model.StateConnected, Tools: big}, b.servers[1]}
	h.send(ServerChangedMsg{Server: "big"})
	if tool, ok := h.m.selectedTool(); !ok || tool.Server != "big" || h.m.tools.Cursor() != 1 {
		t.Fatalf("after big listed: on %s.%s (row %d)", tool.Server, tool.Name, h.m.tools.Cursor())
	}
	// Once the user moves, the cursor stays where they put it.
	h.keys("j")
	moved := h.m.tools.Cursor()
	h.send(ServerChangedMsg{Server: "small"})
	if h.m.tools.Cursor() != moved {
		t.Fatalf("a snapshot moved the cursor from row %d to %d", moved, h.m.tools.Cursor())
	}
}

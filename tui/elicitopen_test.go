package tui

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/mcpclient"
	"mcpeek/tui/dialog"
)

// hostileURLs are values a server may put in a url-mode elicitation that
// must never reach the browser, each with a word of why it is refused.
var hostileURLs = []struct{ url, why string }{
	{"javascript:alert(document.cookie)", "not javascript:"},
	{"JavaScript:alert(1)", "not javascript:"},
	{"jAvAsCrIpT:alert(1)", "not javascript:"},
	{"vbscript:msgbox(1)", "not vbscript:"},
	{"file:///etc/passwd", "not file:"},
	{"FILE:///etc/passwd", "not file:"},
	{"data:text/html,<script>alert(1)</script>", "not data:"},
	{"DATA:text/html;base64,PHNjcmlwdD4=", "not data:"},
	{"about:blank", "not about:"},
	{"chrome://settings", "not chrome:"},
	{"ftp://example.com/x", "not ftp:"},
	{"mailto:a@example.com", "not mailto:"},
	{"-incognito", `starts with "-"`},
	{"--remote-debugging-port=9222", `starts with "-"`},
	{"-https://example.com", `starts with "-"`},
	{"//example.com/x", "not an absolute"},
	{"example.com", "not an absolute"},
	{"https:///no-host", "no host"},
	{" https://example.com", "holds ' '"},
	{"https://example.com/a b", "holds ' '"},
	{"https://example.com/\tx", `holds '\t'`},
	{"https://example.com/\nx", `holds '\n'`},
	{"https://example.com/\x00", `holds '\x00'`},
	{"https://example.com/\x1b[31m", `holds '\x1b'`},
	{"https://example.com/\x7f", `holds '\x7f'`},
	{"https://example.com/\u0085", `holds '\u0085'`},
	{"https://example.com/\u00a0", `holds '\u00a0'`},
	{"https://exam\u202eple.com/", `holds '\u202e'`},
	{"https://example.com/\u200b", `holds '\u200b'`},
	{"https://example.com/\u2066x", `holds '\u2066'`},
	{"https://example.com/\xff", `holds '�'`},
}

// TestURLElicitationOpensOnlyHTTPURLs: ctrl+o in a url-mode elicitation
// opens an http(s) URL and nothing else, and says why it did not. The
// browser is a real $BROWSER script that records every argument it was
// given, through the explorer's own opener; the refused values never
// reach it, the http(s) ones do, whole and as one argument.
func TestURLElicitationOpensOnlyHTTPURLs(t *testing.T) {
	record := browserRecorder(t)
	h := newHarness(t, demoBackend(t), 120, 30)
	openURL := func(u string) *dialog.Elicit {
		t.Helper()
		req, _ := pendingElicitation(mcpclient.Elicitation{Server: "demo", Mode: "url", Message: "Sign the form", URL: u})
		h.send(elicitAskedMsg{req: req})
		d, ok := h.m.dialogs.Top().(*dialog.Elicit)
		if !ok {
			t.Fatalf("no elicitation dialog:\n%s", h.screen())
		}
		h.sendWaiting(tea.KeyPressMsg{Code: 'o', Mod: tea.ModCtrl}) // its command starts a browser, which a busy machine takes a while to do
		return d
	}
	decline := func() {
		t.Helper()
		h.send(tea.KeyPressMsg{Code: 'd', Mod: tea.ModCtrl})
		if h.m.dialogs.Top() != nil {
			t.Fatalf("ctrl+d left the dialog open:\n%s", h.screen())
		}
	}
	for _, c := range hostileURLs {
		d := openURL(c.url)
		if !strings.HasPrefix(d.Opened(), "not opened: ") || !strings.Contains(d.Opened(), c.why) {
			t.Errorf("%q: the dialog says %q, want why it was not opened (%s)", c.url, d.Opened(), c.why)
		}
		if !strings.Contains(h.screen(), "not opened: ") {
			t.Errorf("%q: the screen does not say it was not opened:\n%s", c.url, h.screen())
		}
		if strings.ContainsAny(h.screen(), "\x1b\u202e\u2066\u200b\x00\x7f") {
			t.Errorf("%q: the dialog drew a control character", c.url)
		}
		decline()
	}
	for _, good := range []string{"https://example.com/consent?x=1&y=2", "HTTP://Example.COM/Sign"} {
		d := openURL(good)
		if got := record(); got != "1 "+good {
			t.Errorf("the browser was given %q before (or instead of) %q", got, good)
		}
		if d.Opened() != "opened in the browser: accept once done there" {
			t.Errorf("%q: the dialog says %q", good, d.Opened())
		}
		decline()
	}
}

// browserRecorder sets $BROWSER to a script that writes, for each run, how
// many arguments it was given and the arguments on one line to a pipe;
// the function returned waits for the next such line.
func browserRecorder(t *testing.T) func() string {
	t.Helper()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "opened")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no named pipe: %v", err)
	}
	// Opened for reading and writing, the pipe never blocks the script
	// and never reads an end.
	pipe, err := os.OpenFile(fifo, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pipe.Close() })
	script := filepath.Join(dir, "browser")
	body := "#!/bin/sh\nprintf '%s %s\\n' \"$#\" \"$*\" > '" + fifo + "'\n"
	if err := os.WriteFile(script, []byte(body), 0o700); err != nil {
		t.Fatal(err)
	}
	t.Setenv("BROWSER", script)
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(pipe)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	return func() string {
		t.Helper()
		select {
		case l := <-lines:
			return l
		case <-time.After(time.Minute): // a guard against a hang, not a measure
			t.Fatal("the browser script never ran")
			return ""
		}
	}
}

// TestURLElicitationFromAServerOpensOnlyWhatItSent: a url-mode
// elicitation that comes from a real server through a Manager, holding
// characters the cleaning for the terminal removes (a BiDi override that
// makes https://exam\u202eple.com/ read as https://example.com/, an escape
// sequence, a character not yet assigned among the invisible ones), is
// refused with why on ctrl+o, never opened as its cleaned form; a plain
// URL sent the same way is opened as sent.
func TestURLElicitationFromAServerOpensOnlyWhatItSent(t *testing.T) {
	record := browserRecorder(t)
	srv := server.NewMCPServer("pages", "1", server.WithToolCapabilities(true), server.WithElicitation())
	srv.AddTool(mcp.NewTool("open", mcp.WithString("url")), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		_, err := srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Mode: mcp.ElicitationModeURL, Message: "Sign the form", ElicitationID: "e-1", URL: req.GetString("url", "")}})
		if err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("asked"), nil
	})
	mgr, err := mcpclient.NewManager(mcpclient.Config{}, mcpclient.WithInProcess("pages", srv), mcpclient.WithRequestEvents())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mgr.Close() })
	if err := mgr.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, &fakeBackend{}, 120, 30)
	msgs, stop := make(chan tea.Msg, 64), make(chan struct{})
	t.Cleanup(func() { close(stop) }) // before the Manager closes
	go h.m.ForwardEvents(mgr.Events(), func(m tea.Msg) {
		select {
		case msgs <- m:
		case <-stop:
		}
	})
	// ask has the server ask to open u, presses ctrl+o on the dialog and
	// returns it; the call ends once the dialog is declined.
	ask := func(u string) (*dialog.Elicit, <-chan error) {
		t.Helper()
		done := make(chan error, 1)
		go func() {
			args, _ := json.Marshal(map[string]string{"url": u})
			_, err := mgr.CallTool(context.Background(), "pages", "open", args)
			done <- err
		}()
		for m := range msgs {
			if _, asked := m.(elicitAskedMsg); asked {
				h.send(m)
				break
			}
		}
		d, ok := h.m.dialogs.Top().(*dialog.Elicit)
		if !ok {
			t.Fatalf("%q: no elicitation dialog:\n%s", u, h.screen())
		}
		h.sendWaiting(tea.KeyPressMsg{Code: 'o', Mod: tea.ModCtrl}) // its command starts a browser
		return d, done
	}
	decline := func(done <-chan error) {
		t.Helper()
		h.send(tea.KeyPressMsg{Code: 'd', Mod: tea.ModCtrl})
		if err := <-done; err != nil {
			t.Fatalf("the call: %v", err)
		}
	}
	for _, c := range []struct{ url, why string }{
		{"https://exam\u202eple.com/", `holds '\u202e'`},
		{"https://example.com/\u200bsign", `holds '\u200b'`},
		{"https://example.com/\x1b[31msign", `holds '\x1b'`},
		{"https://example.com/\u2065sign", `holds '\u2065'`},
		{"https://example.com/\U000e0041sign", `holds '\U000e0041'`},
	} {
		d, done := ask(c.url)
		if !strings.HasPrefix(d.Opened(), "not opened: ") || !strings.Contains(d.Opened(), c.why) {
			t.Errorf("%q: the dialog says %q, want why it was not opened (%s)", c.url, d.Opened(), c.why)
		}
		decline(done)
	}
	const good = "https://example.com/sign?x=1"
	d, done := ask(good)
	if got := record(); got != "1 "+good {
		t.Errorf("the browser was given %q before (or instead of) %q", got, good)
	}
	if d.Opened() != "opened in the browser: accept once done there" {
		t.Errorf("%q: the dialog says %q", good, d.Opened())
	}
	decline(done)
}

package tui

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"

	"mcpeek/gateway"
	"mcpeek/mcpclient"
)

// startedDemo is a started Manager on the embedded demo server.
func startedDemo(t testing.TB) *mcpclient.Manager {
	t.Helper()
	mgr := demoManager(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := mgr.Start(ctx); err != nil {
		t.Fatal(err)
	}
	return mgr
}

// pumpBridge runs the model's bridge as a program would, and returns a
// function that feeds what it sends into the harness until cond holds.
func (h *harness) pumpBridge() func(what string, cond func() bool) {
	msgs := make(chan tea.Msg, 64)
	managerEvents := make(chan mcpclient.Event) // closed at the end: the bridge returns
	done := make(chan struct{})
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		h.m.ForwardEvents(managerEvents, func(msg tea.Msg) {
			select {
			case msgs <- msg:
			case <-done:
			}
		})
	}()
	h.t.Cleanup(func() {
		h.m.Close()
		close(done)
		close(managerEvents)
		<-ended
	})
	return func(what string, cond func() bool) {
		h.t.Helper()
		deadline := time.After(15 * time.Second)
		for !cond() {
			select {
			case msg := <-msgs:
				h.send(msg)
			case <-deadline:
				h.t.Fatalf("timed out waiting for %s; screen:\n%s", what, h.screen())
			}
		}
	}
}

// mcpClient is mcp-go's own client over streamable HTTP, initialised.
func mcpClient(t testing.TB, url string) *client.Client {
	t.Helper()
	c, err := client.NewStreamableHttpClient(url)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Initialize(ctx, mcp.InitializeRequest{}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func gatewayCall(t testing.TB, c *client.Client, name string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	res, err := c.CallTool(ctx, mcp.CallToolRequest{Params: mcp.CallToolParams{Name: name, Arguments: args}})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

// refused reports whether nothing serves url any more.
func refused(url string) bool {
	res, err := http.Post(url, "application/json", strings.NewReader(`{}`))
	if err == nil {
		res.Body.Close()
	}
	return err != nil
}

// s starts the gateway: the status bar shows its URL, mode and calls; a
// client's calls reach the traffic view, where one opens to its request
// and envelope; s stops it.
func TestGatewayStartTrafficStop(t *testing.T) {
	t.Parallel()
	h := newHarness(t, startedDemo(t), 120, 30)
	pump := h.pumpBridge()
	h.keys("s")
	if h.m.gw.state != gatewayOn || h.m.gw.run == nil {
		t.Fatalf("s did not start the gateway: state %d; screen:\n%s", h.m.gw.state, h.screen())
	}
	url := h.m.gw.run.URL()
	if !strings.HasPrefix(url, "http://127.0.0.1:") || !strings.HasSuffix(url, "/mcp") {
		t.Fatalf("gateway URL %q", url)
	}
	h.send(statusExpiredMsg{ticket: h.m.status.ticket}) // the bar without the "gateway on" message
	bar := strings.Split(h.screen(), "\n")[28]
	for _, want := range []string{"⇄ " + urlPort(url) + " · 0 calls"} {
		if !strings.Contains(bar, want) {
			t.Errorf("status bar lacks %q: %q", want, bar)
		}
	}
	h.keys("t") // the traffic screen has the whole URL and the mode
	if head := strings.Split(h.screen(), "\n")[1]; !strings.Contains(head, url+" · progressive") {
		t.Errorf("the traffic screen's head lacks the URL and mode: %q", head)
	}
	h.keys("t")

	c := mcpClient(t, url)
	gatewayCall(t, c, "tool_help", map[string]any{"path": "demo"})
	gatewayCall(t, c, "tool_exec", map[string]any{"op": "demo.util_echo", "args": map[string]any{"message": "hi there"}})
	if res := gatewayCall(t, c, "tool_exec", map[string]any{"op": "demo.no_such_tool"}); !res.IsError {
		t.Fatal("an unknown op did not fail")
	}
	pump("three calls", func() bool { n, _ := h.m.traffic.Calls(); return n == 3 })
	if bar := strings.Split(h.screen(), "\n")[28]; !strings.Contains(bar, "3 calls") {
		t.Errorf("status bar does not count the calls: %q", bar)
	}

	h.keys("t")
	scr := h.screen()
	for _, want := range []string{"Gateway traffic", "3 calls · following", "tool_help", "demo.util_echo", "NOT_FOUND", "call 3 of 3"} {
		if !strings.Contains(scr, want) {
			t.Errorf("traffic view lacks %q:\n%s", want, scr)
		}
	}
	if i, j := strings.Index(scr, "tool_help"), strings.Index(scr, "demo.util_echo"); i > j {
		t.Errorf("the newest call is not at the bottom:\n%s", scr)
	}
	h.keys("k") // off the newest: no longer following
	if h.m.traffic.Following() || strings.Contains(h.screen(), "following") {
		t.Error("moving up still follows")
	}
	h.keys("enter")
	scr = h.screen()
	for _, want := range []string{"tool_exec demo.util_echo  ok", `"request": {`, `"op": "demo.util_echo"`,
		`"message": "hi there"`, `"envelope": {`, `"ok": true`, `"trace_id": "tr_`} {
		if !strings.Contains(scr, want) {
			t.Errorf("the opened call lacks %q:\n%s", want, scr)
		}
	}
	h.keys("esc")
	if _, open := h.m.traffic.Call(); open || !strings.Contains(h.screen(), "Gateway traffic") {
		t.Fatalf("esc did not go back to the list:\n%s", h.screen())
	}

	// A call made while the list is shown, not following: the cursor stays.
	cursor, _ := h.m.traffic.Cursor()
	gatewayCall(t, c, "tool_help", map[string]any{"path": ""})
	pump("a fourth call", func() bool { n, _ := h.m.traffic.Calls(); return n == 4 })
	if now, _ := h.m.traffic.Cursor(); now != cursor {
		t.Error("a new call moved a cursor that was not following")
	}
	h.keys("G")
	if now, _ := h.m.traffic.Cursor(); !h.m.traffic.Following() || now != 3 {
		t.Error("G does not follow the newest call")
	}
	if !strings.Contains(h.screen(), "tool_help   (root)") {
		t.Errorf("tool_help(\"\") is not shown as the root:\n%s", h.screen())
	}
	h.keys("esc")
	if h.m.traffic.open {
		t.Fatal("esc did not leave the traffic view")
	}

	h.keys("s")
	if h.m.gw.state != gatewayOff || h.m.gw.run != nil || !strings.Contains(h.screen(), "gateway stopped") {
		t.Fatalf("s did not stop the gateway:\n%s", h.screen())
	}
	if !refused(url) {
		t.Error("the stopped gateway still answers")
	}
	if n, _ := h.m.traffic.Calls(); n != 4 {
		t.Error("stopping dropped the traffic")
	}
}

// Options.GatewayAddr pins where the gateway listens: s, s, s serves the
// same URL again, so a client's config survives the restart.
func TestGatewayPinnedAddress(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	m := New(Options{StateDir: stateDir(t), Backend: startedDemo(t), Started: true, NoColor: true, GatewayAddr: addr})
	m.clock.after = func(time.Duration, tea.Msg) tea.Cmd { return nil }
	h := &harness{t: t, m: m}
	t.Cleanup(m.Close)
	h.run(m.Init())
	h.send(tea.WindowSizeMsg{Width: 100, Height: 30})
	h.keys("s")
	if h.m.gw.run == nil || h.m.gw.run.URL() != "http://"+addr+"/mcp" {
		t.Fatalf("not on %s:\n%s", addr, h.screen())
	}
	h.keys("s", "s")
	if h.m.gw.state != gatewayOn || h.m.gw.run.URL() != "http://"+addr+"/mcp" {
		t.Fatalf("restarted elsewhere, or not at all:\n%s", h.screen())
	}
	gatewayCall(t, mcpClient(t, h.m.gw.run.URL()), "tool_help", map[string]any{"path": ""})
}

// Quitting with the gateway on stops it before the program ends.
func TestQuitStopsGateway(t *testing.T) {
	t.Parallel()
	h := newHarness(t, startedDemo(t), 80, 24)
	h.keys("s")
	if h.m.gw.run == nil {
		t.Fatalf("no gateway:\n%s", h.screen())
	}
	url := h.m.gw.run.URL()
	_, cmd := h.m.Update(keyPress("q"))
	msg := cmd()
	if fmt.Sprintf("%T", msg) != "tea.sequenceMsg" {
		t.Fatalf("q with the gateway on gives %T", msg)
	}
	var last tea.Msg
	seq := reflect.ValueOf(msg)
	for i := range seq.Len() {
		last = seq.Index(i).Interface().(tea.Cmd)()
		if i == 0 && !refused(url) {
			t.Fatal("the gateway still answers after the first step of quitting")
		}
	}
	if _, ok := last.(tea.QuitMsg); !ok {
		t.Fatalf("quitting ends with %T", last)
	}
}

// Close (the program ended otherwise) stops a gateway that runs.
func TestCloseStopsGateway(t *testing.T) {
	t.Parallel()
	h := newHarness(t, startedDemo(t), 80, 24)
	h.keys("s")
	url := h.m.gw.run.URL()
	h.m.Close()
	if !refused(url) {
		t.Fatal("Close left the gateway serving")
	}
	if msg, ok := startGateway(h.m.gw.runner, 99, defaultGatewayAddr)().(gatewayFailedMsg); !ok || msg.err != gateway.ErrClosed {
		t.Fatalf("a start after Close: %#v", msg)
	}
}

// A failed start and an answer for a run no longer wanted.
func TestGatewayFailureAndStaleStart(t *testing.T) {
	t.Parallel()
	h := newHarness(t, startedDemo(t), 80, 24)
	h.m.gw.state, h.m.gw.asked = gatewayStarting, 7
	h.send(gatewayFailedMsg{run: 7, err: fmt.Errorf("listen: address in use")})
	if h.m.gw.state != gatewayOff || !h.m.status.isErr || !strings.Contains(h.m.status.text, "address in use") {
		t.Fatalf("failure: state %d, status %q", h.m.gw.state, h.m.status.text)
	}
	run, err := h.m.gw.runner.Start(context.Background(), 3, defaultGatewayAddr) // started for a press since superseded
	if err != nil {
		t.Fatal(err)
	}
	h.send(gatewayStartedMsg{run: run})
	select {
	case <-run.Done():
	default:
		t.Fatal("a stale run was left serving")
	}
	if h.m.gw.run != nil || h.m.gw.state != gatewayOff {
		t.Fatal("a stale run was taken")
	}
}

// Untrusted text in a call (an op, a body) reaches the screen sanitised.
func TestTrafficSanitised(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 100, 30)
	h.send(gatewayEventsMsg{run: 1, events: []gateway.Event{{
		Time: time.Now(), Tool: "tool_exec", Op: "evil\x1b[31m.op", Code: gateway.CodeNotFound,
		Request:  json.RawMessage("{\"op\":\"evil\x1b[2J\"}"),
		Envelope: json.RawMessage(`{"ok":false,"error":{"message":"\u001b[2J"}}`),
	}}})
	h.keys("t")
	if out := h.m.View().Content; strings.Contains(out, "\x1b[31m") || !strings.Contains(h.screen(), "evil") {
		t.Fatalf("the op is not sanitised:\n%q", out)
	}
	h.keys("enter")
	if out := h.m.View().Content; strings.Contains(out, "\x1b[2J") || !strings.Contains(h.screen(), `"request"`) {
		t.Fatalf("the bodies are not sanitised:\n%q", h.screen())
	}
}

// The traffic screen at any size, scrolled with the wheel, a call picked
// and opened with the mouse.
func TestTrafficMouseAndResize(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 100, 30)
	evs := make([]gateway.Event, 60)
	for i := range evs {
		evs[i] = gateway.Event{Time: time.Now(), Tool: "tool_exec", Op: fmt.Sprint("demo.op_", i), OK: true,
			Request: json.RawMessage(`{"op":"x"}`), Envelope: json.RawMessage(`{"ok":true}`)}
	}
	h.send(gatewayEventsMsg{run: 1, events: evs})
	h.keys("t")
	if cursor, top := h.m.traffic.Cursor(); cursor != 59 || top != 60-h.m.traffic.Rows() {
		t.Fatalf("not following: cursor %d top %d", cursor, top)
	}
	for _, size := range [][2]int{{160, 48}, {80, 24}, {50, 20}, {200, 60}, {100, 30}} {
		h.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		lines := strings.Split(h.m.View().Content, "\n")
		if len(lines) != size[1] {
			t.Errorf("%v: %d lines", size, len(lines))
		}
		for i, l := range lines {
			if w := ansi.StringWidth(l); w > size[0] {
				t.Errorf("%v: line %d is %d wide", size, i, w)
			}
		}
		if !strings.Contains(h.screen(), "demo.op_59") {
			t.Errorf("%v: the newest call is off screen:\n%s", size, h.screen())
		}
	}
	h.send(tea.MouseWheelMsg{X: 10, Y: 10, Button: tea.MouseWheelUp})
	if _, top := h.m.traffic.Cursor(); h.m.traffic.Following() || top != 60-h.m.traffic.Rows()-wheelLines {
		t.Fatalf("the wheel did not scroll: top %d", top)
	}
	y := titleRows + 2 + 2 // the screen's title and column heads, then two rows of calls
	h.send(tea.MouseClickMsg{X: 10, Y: y, Button: tea.MouseLeft})
	_, top := h.m.traffic.Cursor()
	want := top + 2
	if cursor, _ := h.m.traffic.Cursor(); cursor != want {
		t.Fatalf("click selected %d, want %d", cursor, want)
	}
	h.send(tea.MouseClickMsg{X: 10, Y: y, Button: tea.MouseLeft})
	if ev, open := h.m.traffic.Call(); !open || ev.Op != fmt.Sprint("demo.op_", want) {
		t.Fatalf("a second click did not open the call:\n%s", h.screen())
	}
}

// Rows come as calls end, so their times are end times and rise down the
// list: a 6 s call that started first, added after a quick one, reads
// later than it. The call's screen says when it started.
func TestTrafficTimesRiseDownTheList80x24(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 80, 24)
	t0 := time.Date(2026, 11, 26, 19, 41, 16, 74_000_000, time.Local)
	h.send(gatewayEventsMsg{run: 1, events: []gateway.Event{
		{Time: t0.Add(6 * time.Second), Tool: "tool_help", Op: "quick", OK: true, LatencyMS: 280},
		{Time: t0, Tool: "tool_exec", Op: "slow", OK: true, LatencyMS: 6300},
	}})
	h.keys("t")
	scr := h.screen()
	quick, slow := strings.Index(scr, "19:41:22.354  tool_help"), strings.Index(scr, "19:41:22.374  tool_exec")
	if quick < 0 || slow < quick {
		t.Fatalf("end times do not rise down the list:\n%s", scr)
	}
	h.keys("G", "enter")
	if !strings.Contains(h.screen(), "started 2026-11-26 19:41:16.074") {
		t.Errorf("the call's screen lacks its start:\n%s", h.screen())
	}
}

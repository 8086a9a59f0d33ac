package tui

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/mcpclient"
	"mcpeek/tui/dialog"
)

const askSchema = `{"type":"object","properties":{
 "name":{"type":"string","title":"Your name","description":"As on the card."},
 "size":{"type":"string","enum":["S","M","L"],"enumNames":["Small","Medium","Large"]},
 "count":{"type":"integer","minimum":1,"default":2},
 "gift":{"type":"boolean"}
},"required":["name"]}`

// pending makes a request whose answers arrive on the channel returned.
func pending[Q, A any](ask Q) (*mcpclient.Pending[Q, A], <-chan A) {
	reply := make(chan A, 4)
	return mcpclient.NewPending(ask, func(a A) { reply <- a }), reply
}

func pendingElicitation(e mcpclient.Elicitation) (*mcpclient.PendingElicitation, <-chan mcpclient.ElicitAnswer) {
	return pending[mcpclient.Elicitation, mcpclient.ElicitAnswer](e)
}

func pendingSampling(r mcpclient.SamplingRequest) (*mcpclient.PendingSampling, <-chan mcpclient.SamplingReply) {
	return pending[mcpclient.SamplingRequest, mcpclient.SamplingReply](r)
}

// ask opens an elicitation in a fresh explorer and returns where its
// answer arrives.
func ask(t *testing.T) (*harness, <-chan mcpclient.ElicitAnswer) {
	t.Helper()
	h := newHarness(t, demoBackend(t), 80, 24)
	req, reply := pendingElicitation(mcpclient.Elicitation{Server: "demo", Mode: "form",
		Message: "Which size?", Schema: json.RawMessage(askSchema)})
	h.send(elicitAskedMsg{req: req})
	if _, ok := h.m.dialogs.Top().(*dialog.Elicit); !ok {
		t.Fatalf("no elicitation dialog:\n%s", h.screen())
	}
	return h, reply
}

func answered[T any](t *testing.T, reply <-chan T) T {
	t.Helper()
	select {
	case a := <-reply:
		return a
	default:
		t.Fatal("no answer")
	}
	var zero T
	return zero
}

func TestElicitationAccept(t *testing.T) {
	t.Parallel()
	h, reply := ask(t)
	scr := h.screen()
	for _, s := range []string{"demo asks you", "Which size?", "Your name *", "As on the card.", "count"} {
		if !strings.Contains(scr, s) {
			t.Errorf("dialog lacks %q:\n%s", s, scr)
		}
	}
	for _, s := range []string{"Small", "Medium", "Large"} { // the choices, by title
		if !strings.Contains(scr, s) {
			t.Errorf("the choices are not listed: no %q:\n%s", s, scr)
		}
	}
	h.keys("tab", "tab", "tab", "tab", "enter") // to the button, name empty
	if len(reply) != 0 || !strings.Contains(h.screen(), "fix Your name: required") {
		t.Fatalf("accepted without the required name:\n%s", h.screen())
	}
	// The refusal moved the focus to the name.
	h.typeText("Ada")
	h.keys("tab", "down", "down", "tab", "tab", "right", "tab", "enter")
	a := answered(t, reply)
	if a.Action != mcpclient.ElicitAccept {
		t.Fatalf("answer %+v", a)
	}
	got, _ := json.Marshal(a.Content)
	if string(got) != `{"count":2,"gift":true,"name":"Ada","size":"M"}` {
		t.Errorf("content %s", got)
	}
	if h.m.dialogs.Top() != nil {
		t.Error("the dialog stayed open")
	}
}

func TestElicitationDeclineAndCancel(t *testing.T) {
	t.Parallel()
	h, reply := ask(t)
	h.send(tea.KeyPressMsg{Code: 'd', Mod: tea.ModCtrl})
	if a := answered(t, reply); a.Action != mcpclient.ElicitDecline || h.m.dialogs.Top() != nil {
		t.Fatalf("ctrl+d answered %+v", a)
	}
	h, reply = ask(t)
	h.keys("esc")
	if a := answered(t, reply); a.Action != mcpclient.ElicitCancel || h.m.dialogs.Top() != nil {
		t.Fatalf("esc answered %+v", a)
	}
}

// A request that ends before the user answers closes its dialog; the end
// of another request leaves it open.
func TestEndedRequestClosesItsDialog(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 80, 24)
	req, _ := pendingElicitation(mcpclient.Elicitation{Server: "demo", Mode: "form", Message: "still there?",
		Schema: json.RawMessage(`{"type":"object","properties":{}}`)})
	h.send(eventMsg(mcpclient.Event{Kind: mcpclient.EventElicitation, Server: "demo", Elicitation: req}))
	other, _ := pendingElicitation(mcpclient.Elicitation{Server: "demo"})
	h.send(eventMsg(mcpclient.Event{Kind: mcpclient.EventRequestEnded, Server: "demo", Elicitation: other, Err: "context canceled"}))
	if _, ok := h.m.dialogs.Top().(*dialog.Elicit); !ok {
		t.Fatalf("the end of another request closed the dialog:\n%s", h.screen())
	}
	h.send(eventMsg(mcpclient.Event{Kind: mcpclient.EventRequestEnded, Server: "demo", Elicitation: req, Err: "context canceled"}))
	if h.m.dialogs.Top() != nil || h.m.status.text != "the server withdrew its request (context canceled)" {
		t.Fatalf("the withdrawn request's dialog stayed: %q\n%s", h.m.status.text, h.screen())
	}
}

func TestSamplingDeclinedByDefault(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 80, 24)
	req, reply := pendingSampling(mcpclient.SamplingRequest{Server: "demo", SystemPrompt: "Be brief.", MaxTokens: 64,
		Messages: []mcpclient.SamplingMessage{{Role: "user", Text: "What is 2+2?"}},
		Params:   json.RawMessage(`{"modelPreferences":{"hints":[{"name":"claude"}],"speedPriority":0.5}}`)})
	h.send(samplingAskedMsg{req: req})
	scr := h.screen()
	for _, s := range []string{"demo asks for a model's reply", "system: Be brief.", "user: What is 2+2?", "max tokens 64", "models claude", "speed 0.5"} {
		if !strings.Contains(scr, s) {
			t.Errorf("dialog lacks %q:\n%s", s, scr)
		}
	}
	h.keys("enter") // an empty reply is not approved
	h.keys("enter")
	if len(reply) != 0 {
		t.Fatalf("an empty reply was sent: %+v", <-reply)
	}
	h.keys("esc")
	if a := answered(t, reply); !a.Decline {
		t.Fatalf("esc answered %+v", a)
	}

	h.send(samplingAskedMsg{req: req})
	h.typeText("4")
	h.keys("enter", "enter")
	if a := answered(t, reply); a.Decline || a.Text != "4" {
		t.Fatalf("approved %+v", a)
	}
}

var _ Backend = (*mcpclient.Manager)(nil)

// askingManager is a started Manager, made as the explorer's is, on an
// in-process server "caps" whose tool "ask" elicits.
func askingManager(t *testing.T) *mcpclient.Manager {
	t.Helper()
	srv := server.NewMCPServer("caps", "1", server.WithToolCapabilities(true), server.WithElicitation())
	srv.AddTool(mcp.NewTool("ask"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		a, err := srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message: "Your size?", RequestedSchema: json.RawMessage(askSchema)}})
		if err != nil {
			return nil, err
		}
		b, _ := json.Marshal(a)
		return mcp.NewToolResultText(string(b)), nil
	})
	mgr, err := mcpclient.NewManager(mcpclient.Config{}, mcpclient.WithInProcess("caps", srv), mcpclient.WithRequestEvents())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mgr.Close() })
	if err := mgr.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	return mgr
}

// A real Manager on an in-process server whose tool elicits: the
// explorer's dialog answers it through the bridge, and the tool gets the
// answer.
func TestElicitationThroughManager(t *testing.T) {
	t.Parallel()
	mgr := askingManager(t)
	h := newHarness(t, &fakeBackend{}, 80, 24)
	msgs, stop := make(chan tea.Msg, 64), make(chan struct{})
	t.Cleanup(func() { close(stop) }) // before the Manager closes
	go h.m.ForwardEvents(mgr.Events(), func(m tea.Msg) {
		select {
		case msgs <- m:
		case <-stop:
		}
	})
	next := func() tea.Msg {
		for m := range msgs {
			if _, changed := m.(ServerChangedMsg); !changed {
				return m
			}
		}
		return nil
	}

	type called struct {
		res *mcpclient.CallResult
		err error
	}
	done := make(chan called, 1)
	go func() {
		res, err := mgr.CallTool(context.Background(), "caps", "ask", nil)
		done <- called{res, err}
	}()
	h.send(next())
	if !strings.Contains(h.screen(), "Your size?") {
		t.Fatalf("the elicitation is not shown:\n%s", h.screen())
	}
	h.typeText("Ada")
	h.keys("tab", "tab", "tab", "tab", "enter")
	c := <-done
	if c.err != nil || !strings.Contains(c.res.Text, `"action":"accept"`) || !strings.Contains(c.res.Text, `"name":"Ada"`) {
		t.Fatalf("the tool got %+v, %v", c.res, c.err)
	}
}

// The elicitation enum shapes of 2025-11-25 (titled and untitled single
// choices, titled and untitled multiple choices) and the legacy enumNames:
// each is a picker that lists the titles and answers the values; string
// formats are checked with a clear error.
const shapesAsk = `{"type":"object","properties":{
 "color":{"type":"string","title":"Color","oneOf":[{"const":"#f00","title":"Red"},{"const":"#0f0","title":"Green"}]},
 "size":{"type":"string","enum":["s","m"]},
 "legacy":{"type":"string","enum":["a1","a2"],"enumNames":["Alpha","Beta"]},
 "tags":{"type":"array","title":"Tags","minItems":1,"items":{"type":"string","enum":["x","y","z"]}},
 "pets":{"type":"array","items":{"anyOf":[{"const":"c","title":"Cat"},{"const":"d","title":"Dog"}]}},
 "mail":{"type":"string","format":"email"}
},"required":["color","tags","mail"]}`

func TestElicitationChoicesAndFormats(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 100, 60)
	req, reply := pendingElicitation(mcpclient.Elicitation{Server: "demo", Mode: "form",
		Message: "Pick", Schema: json.RawMessage(shapesAsk)})
	h.send(elicitAskedMsg{req: req})
	d, ok := h.m.dialogs.Top().(*dialog.Elicit)
	if !ok {
		t.Fatalf("no elicitation dialog:\n%s", h.screen())
	}
	scr := h.screen()
	for _, s := range []string{"Red", "Green", "s", "m", "Alpha", "Beta", "[ ] x", "[ ] z", "[ ] Cat", "[ ] Dog", "name@example.com"} {
		if !strings.Contains(scr, s) {
			t.Errorf("the form lacks %q:\n%s", s, scr)
		}
	}
	if strings.Contains(scr, "#f00") || strings.Contains(scr, "a1") {
		t.Errorf("a value is shown instead of its title:\n%s", scr)
	}
	h.burst(keyBurst(
		"down", "down", "tab", // color: Green
		"down", "tab", // size: s
		"down", "down", "tab", // legacy: Beta
		"space", "down", "down", "x", "tab", // tags: x and z
		"down", "space", "tab", // pets: Dog
		"ada", "ctrl+s")...) // mail: not an address
	if len(reply) != 0 {
		t.Fatalf("accepted a bad email: %+v", <-reply)
	}
	if scr := h.screen(); !strings.Contains(scr, `"ada" is not an email address (name@example.com)`) {
		t.Fatalf("no word on the format:\n%s", scr)
	}
	if d.Focused() != 5 {
		t.Errorf("the focus is on item %d, not on mail", d.Focused())
	}
	h.burst(keyBurst("@example.com", "ctrl+s")...)
	a := answered(t, reply)
	got, _ := json.Marshal(a.Content)
	if want := `{"color":"#0f0","legacy":"a2","mail":"ada@example.com","pets":["d"],"size":"s","tags":["x","z"]}`; string(got) != want {
		t.Errorf("content %s\nwant    %s", got, want)
	}
}

// esc on an elicitation or a sampling request with answers typed asks
// first (it cancelled at once, the answers gone); untouched, it answers.
func TestPromptEscAsksBeforeDroppingAnswers(t *testing.T) {
	t.Parallel()
	h, reply := ask(t)
	h.typeText("Ada")
	h.keys("esc")
	if len(reply) != 0 || !strings.Contains(h.screen(), "esc again cancels") {
		t.Fatalf("esc dropped the answers without asking:\n%s", h.screen())
	}
	h.typeText("!")
	h.keys("esc", "esc")
	if a := answered(t, reply); a.Action != mcpclient.ElicitCancel {
		t.Fatalf("answered %+v", a)
	}

	h = newHarness(t, demoBackend(t), 80, 24)
	sreq, sreply := pendingSampling(mcpclient.SamplingRequest{Server: "demo", MaxTokens: 9})
	h.send(samplingAskedMsg{req: sreq})
	h.keys("esc")
	if a := answered(t, sreply); !a.Decline {
		t.Fatalf("esc on an empty reply answered %+v", a)
	}
	sreq, sreply = pendingSampling(mcpclient.SamplingRequest{Server: "demo", MaxTokens: 9})
	h.send(samplingAskedMsg{req: sreq})
	h.typeText("Four")
	h.keys("esc")
	if len(sreply) != 0 || !strings.Contains(h.screen(), "esc again declines") {
		t.Fatalf("esc dropped the reply without asking:\n%s", h.screen())
	}
	h.keys("esc")
	if a := answered(t, sreply); !a.Decline {
		t.Fatalf("answered %+v", a)
	}
}
